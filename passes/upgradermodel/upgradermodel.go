package upgradermodel

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/zerovalue"
)

// Analyzer reports state upgraders whose resp.State.Set model does not
// match the current schema.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// saved is one model a state upgrader hands resp.State.Set.
type saved struct {
	pos   token.Pos // the Set call, or the call that builds the upgrader
	shape *facts.Shape
	decl  token.Pos // the model's declaration, when in this package
	via   string    // the function that builds the upgrader, if elsewhere
	// builtAt is the call in UpgradeState building the upgrader, when pos
	// is the Set inside it.
	builtAt token.Pos
	// built and unset: the local literal the model was built in, and its
	// collection fields never written (zerovalue.go).
	built *ssa.Alloc
	unset []zerovalue.Field
}

func run(pass *analysis.Pass) (any, error) {
	var rep *lint.Reporter
	reporter := func() *lint.Reporter {
		if rep == nil {
			rep = lint.NewReporter(pass)
		}
		return rep
	}
	// Upgraders that drop an attribute the prior state held (dropped.go):
	// read on the syntax, in migration packages without a resource too.
	m, _ := pass.ResultOf[facts.Analyzer].(*facts.Model)
	checkDropped(pass, m, reporter)
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	reporter()
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.HasUpgradeState {
			continue
		}
		up := funcs[facts.Method(pass.Pkg, r.TypeName, "UpgradeState")]
		if up == nil {
			continue
		}
		var all []saved
		ups := tfssa.Upgraders(up)
		for _, fn := range ups {
			sets := stateSets(fn, pass.Pkg, model)
			// An upgrader a package function builds (0: upgradeV0()) is
			// read on SSA too: say which, and where UpgradeState calls it.
			if parent := fn.Parent(); parent != nil && parent != up && parent.Parent() == nil {
				for i := range sets {
					if sets[i].via == "" {
						sets[i].via, sets[i].builtAt = parent.String(), callPos(up, parent)
					}
				}
			}
			all = append(all, sets...)
		}
		all = append(all, builtElsewhere(up, ups, model)...)
		for _, s := range all {
			check(rep, r, s)
		}
	}
	return nil, nil
}

// stateSets finds resp.State.Set calls on the upgrader's own response, and
// what package helpers it hands the response to save (from their facts).
func stateSets(fn *ssa.Function, pkg *types.Package, model *facts.Model) []saved {
	if len(fn.Params) == 0 {
		return nil
	}
	resp := fn.Params[len(fn.Params)-1]
	var out []saved
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			c := call.Common()
			callee := c.StaticCallee()
			if callee != nil && callee.Pkg == fn.Pkg && slices.Contains(c.Args, ssa.Value(resp)) {
				obj, _ := callee.Object().(*types.Func)
				sets := model.UpgraderSets(obj)
				for i := range sets {
					out = append(out, saved{pos: call.Pos(), shape: &sets[i], via: callee.String()})
				}
				continue
			}
			if !zerovalue.IsStateSet(callee) || len(c.Args) != 3 || !isRespState(c.Args[0], resp) {
				continue
			}
			mi, ok := c.Args[2].(*ssa.MakeInterface)
			if !ok {
				continue
			}
			if shape := facts.ShapeOf(mi.X.Type()); shape != nil {
				built, unset := zerovalue.Unset(mi.X)
				out = append(out, saved{pos: call.Pos(), shape: shape, decl: declPos(mi.X.Type(), pkg), built: built, unset: unset})
			}
		}
	}
	return out
}

// builtElsewhere: upgraders that functions UpgradeState calls build
// (migration.V0ToV1(ctx)), and upgrader functions of other packages it
// names (StateUpgrader: v1.Upgrade), from their facts. Upgraders of this
// package that it names are read on SSA instead (stateSets).
func builtElsewhere(up *ssa.Function, ups []*ssa.Function, model *facts.Model) []saved {
	var out []saved
	add := func(fn *ssa.Function, pos token.Pos) {
		for _, u := range ups {
			if u.Parent() == fn {
				return // its upgraders are read on SSA
			}
		}
		obj, _ := fn.Object().(*types.Func)
		sets := model.UpgraderSets(obj)
		for i := range sets {
			sv := saved{pos: pos, shape: &sets[i], via: fn.String()}
			if obj != nil && obj.Pkg() == up.Object().Pkg() && sets[i].SetPos.IsValid() {
				sv.pos, sv.builtAt = sets[i].SetPos, pos // the Set itself, in this package
			}
			out = append(out, sv)
		}
	}
	visit := func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if callee := call.Common().StaticCallee(); callee != nil {
						add(callee, call.Pos())
					}
					continue
				}
				for _, op := range instr.Operands(nil) {
					if fn, ok := (*op).(*ssa.Function); ok && fn.Pkg != up.Pkg {
						add(fn, instrPos(instr, f))
					}
				}
			}
		}
	}
	visit(up)
	for _, anon := range up.AnonFuncs {
		if !slices.Contains(ups, anon) { // upgraders are read on SSA
			visit(anon)
		}
	}
	return out
}

// callPos: where fn calls callee, or fn's position.
func callPos(fn, callee *ssa.Function) token.Pos {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == callee {
				return instrPos(instr, fn)
			}
		}
	}
	return fn.Pos()
}

// instrPos: the instruction's position, or the function's when it has none
// (a function value stored into a composite literal).
func instrPos(instr ssa.Instruction, f *ssa.Function) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	return f.Pos()
}

// isRespState: v is &resp.State for the upgrader's response parameter.
func isRespState(v, resp ssa.Value) bool {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok || fa.X != resp {
		return false
	}
	st, ok := tfapi.DerefStruct(fa.X.Type())
	return ok && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == "State"
}

// declPos: where a model type of this package is declared; positions from
// export data are approximate, so other packages' are left out.
func declPos(t types.Type, pkg *types.Package) token.Pos {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == pkg {
		return n.Obj().Pos()
	}
	return token.NoPos
}

func check(rep *lint.Reporter, r *facts.FrameworkResource, s saved) {
	if len(s.unset) > 0 {
		reportUnset(rep, r, s.pos, s.built, s.unset, s.shape.Type)
	}
	// Tags are compared only with a schema whose top level is all known.
	if !r.SchemaResolved || !r.Schema.Complete {
		return
	}
	missing, extra := compare(s.shape, r.Schema.Attributes, "")
	if len(missing) == 0 && len(extra) == 0 {
		return
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "it has no field for "+quoteList(missing))
	}
	if len(extra) > 0 {
		parts = append(parts, "its fields "+quoteList(extra)+" are not in the schema")
	}
	var related []analysis.RelatedInformation
	if s.decl.IsValid() {
		related = append(related, lint.Related(s.decl, "the model %s is declared here", s.shape.Type))
	}
	if s.builtAt.IsValid() {
		related = append(related, lint.Related(s.builtAt, "the upgrader is built here"))
	}
	who := "a state upgrader of " + r.TypeName
	if s.via != "" {
		who = "a state upgrader of " + r.TypeName + " (from " + s.via + ")"
	}
	rep.Report(lint.Finding{Rule: "UPGRADE-2", Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s saves %s, which does not match the current schema (version %d): %s; resp.State.Set then fails on every upgrade (\"Value Conversion Error\") and the user cannot plan with state at the old version; build the current model from the prior one", who, s.shape.Type, r.Schema.Version, strings.Join(parts, ", and "))})
}

// compare lists the schema attributes the model has no field for and the
// model's tags the schema has no attribute for, following nested models
// where both sides are known.
func compare(s *facts.Shape, attrs []facts.Attribute, prefix string) (missing, extra []string) {
	byName := map[string]*facts.Attribute{}
	for i := range attrs {
		byName[attrs[i].Name] = &attrs[i]
	}
	for _, f := range s.Fields {
		a := byName[f.Tag]
		if a == nil {
			extra = append(extra, prefix+f.Tag)
			continue
		}
		if f.Nested != nil && len(a.Nested) > 0 && !a.Incomplete {
			mi, ex := compare(f.Nested, a.Nested, prefix+f.Tag+".")
			missing, extra = append(missing, mi...), append(extra, ex...)
		}
	}
	for _, a := range attrs {
		if _, ok := s.Field(a.Name); !ok {
			missing = append(missing, prefix+a.Name)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
