package modelflow

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"sort"
	"strings"

	goanalysis "golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// FillFact summarises what a function does to the tfsdk fields of the models
// it is handed by pointer (the receiver counts as parameter 0): for each
// such parameter it follows, the fields it leaves holding the caller's
// value on every success return. A lifecycle method in another package
// handing its plan model to the function (fill.FromAPI(&plan, out),
// plan.FromAPI(out) with the model declared in a models package) keeps
// those fields' taints and loses the others, as it would with a helper of
// its own package followed inline. A parameter the summary does not list
// was not followed (stored elsewhere, no success return): a model handed
// there counts as filled.
type FillFact struct {
	Params []FillParam
}

// FillParam is one model pointer parameter of a FillFact.
type FillParam struct {
	Index int      // in the SSA parameters: the receiver, if any, is 0
	Left  []string // tfsdk names left untouched on every success return
}

func (*FillFact) AFact() {}

func (f *FillFact) String() string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("%d:left[%s]", p.Index, strings.Join(p.Left, " ")))
	}
	return "fills(" + strings.Join(parts, "; ") + ")"
}

// Fills is the lookup the FillsAnalyzer yields: the tfsdk names that
// parameter i of fn leaves untouched, and whether fn is summarised for i.
type Fills func(fn *ssa.Function, i int) (left []string, ok bool)

// FillsAnalyzer computes a FillFact for each function of a provider's
// package that takes a model by pointer, by running the engine on it with
// every field of the model tainted at entry: the fields still tainted at
// every success return are the ones it leaves. Its result is a Fills that
// reads the facts of imported packages (a Spec's Fills).
var FillsAnalyzer = &goanalysis.Analyzer{
	Name:             "modelfills",
	Doc:              "summarise which tfsdk fields of a model handed by pointer a function sets, for the model flow of other packages",
	Run:              runFills,
	Requires:         []*goanalysis.Analyzer{lazyssa.Analyzer},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeOf(Fills(nil)),
	FactTypes:        []goanalysis.Fact{new(FillFact)},
}

func runFills(pass *goanalysis.Pass) (any, error) {
	lookup := func(fn *ssa.Function, i int) ([]string, bool) {
		obj := funcObject(fn)
		if obj == nil || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
			return nil, false
		}
		var f FillFact
		if !pass.ImportObjectFact(obj, &f) {
			return nil, false
		}
		for _, p := range f.Params {
			if p.Index == i {
				return p.Left, true
			}
		}
		return nil, false
	}
	lazy := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy)
	defer lazy.Done()
	if tfapi.IsStd(pass.Pkg.Path()) || tfapi.IsPluginLib(pass.Pkg.Path()) || !declaresFillers(pass) {
		return Fills(lookup), nil
	}
	funcs := lazy.Funcs()
	objs := make([]*types.Func, 0, len(funcs))
	for obj := range funcs {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, obj := range objs {
		fn := funcs[obj]
		if obj.Pkg() != pass.Pkg || fn.Origin() != nil || fn.Pkg == nil || fn.TypeParams().Len() > 0 {
			continue
		}
		if f := summariseFill(fn, lookup); f != nil {
			pass.ExportObjectFact(obj, f)
		}
	}
	return Fills(lookup), nil
}

// declaresFillers: some function of the package takes a model by pointer,
// checked on the types before any SSA is built (client packages hold none).
func declaresFillers(pass *goanalysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := obj.Type().(*types.Signature)
			if sig.Recv() != nil && isModelPtr(sig.Recv().Type()) {
				return true
			}
			for i := 0; i < sig.Params().Len(); i++ {
				if isModelPtr(sig.Params().At(i).Type()) {
					return true
				}
			}
		}
	}
	return false
}

// summariseFill runs the engine on fn with every tfsdk field of each model
// pointer parameter tainted; nil when no such parameter is followed.
func summariseFill(fn *ssa.Function, lookup Fills) *FillFact {
	entry := map[ssa.Value]fieldset{}
	cands := map[string]bool{}
	for _, p := range fn.Params {
		if !isModelPtr(p.Type()) {
			continue
		}
		fs := fieldset{}
		st, _ := tfapi.DerefStruct(p.Type())
		facts.EachTagged(st, func(f facts.TaggedField) {
			fs[f.Tag] = Taint{Attr: f.Tag}
			cands[f.Tag] = true
		})
		entry[p] = fs
	}
	if len(entry) == 0 {
		return nil
	}
	// Two runs: one keeping both edges of every x.IsNull() test (a field
	// of the caller's may be Optional, and null), and one taking the
	// caller's Computed fields as never null, whose only use is a fill
	// guarded by the field's own IsNull() test, which then never runs.
	plain := exits(fn, Spec{Candidates: cands, Fills: lookup, summary: true}, entry)
	guarded := exits(fn, Spec{Candidates: cands, Fills: lookup}, entry)
	var out FillFact
	for i, p := range fn.Params {
		fs, ok := plain[p]
		if _, tainted := entry[p]; !ok || !tainted {
			continue
		}
		left := []string{}
		for k, t := range fs {
			if untouched(t) {
				left = append(left, k)
			}
		}
		for k, t := range guarded[p] {
			if _, dup := fs[k]; !dup && untouched(t) && t.Guard.IsValid() {
				left = append(left, k)
			}
		}
		sort.Strings(left)
		out.Params = append(out.Params, FillParam{Index: i, Left: left})
	}
	if len(out.Params) == 0 {
		return nil
	}
	return &out
}

// funcObject: the declared function behind fn (the generic one for an
// instance).
func funcObject(fn *ssa.Function) *types.Func {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}

func exits(fn *ssa.Function, spec Spec, entry map[ssa.Value]fieldset) map[ssa.Value]fieldset {
	a := newAnalysis(fn, spec, 0, entry)
	a.solve()
	return a.exit
}

// untouched: the taint is the caller's own value, left as it was: a value
// the function made unknown or rebuilt is not carried over.
func untouched(t Taint) bool {
	return !t.Unknown && !t.May && t.Via == 0 && t.Elem == nil
}
