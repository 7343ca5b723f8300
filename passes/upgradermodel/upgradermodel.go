package upgradermodel

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports state upgraders whose resp.State.Set model does not
// match the current schema.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer, flow.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, r := range model.Framework {
		if r.Kind != "resource" || !r.HasUpgradeState || !r.SchemaResolved || !r.Schema.Complete {
			continue
		}
		up := funcs[facts.Method(pass.Pkg, r.TypeName, "UpgradeState")]
		if up == nil {
			continue
		}
		for _, fn := range tfssa.Upgraders(up) {
			for _, set := range stateSets(fn) {
				check(rep, model, r, set, pass.Pkg)
			}
		}
	}
	return nil, nil
}

// stateSet is one resp.State.Set(ctx, v) in an upgrader: where, and the
// named struct type of v.
type stateSet struct {
	pos token.Pos
	tn  *types.TypeName
}

// stateSets finds resp.State.Set calls on the upgrader's own response whose
// value is a named struct (or a pointer to one).
func stateSets(fn *ssa.Function) []stateSet {
	if len(fn.Params) == 0 {
		return nil
	}
	resp := fn.Params[len(fn.Params)-1]
	var out []stateSet
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			c := call.Common()
			callee := c.StaticCallee()
			if callee == nil || callee.Name() != "Set" || len(c.Args) != 3 || !isRespState(c.Args[0], resp) {
				continue
			}
			recv := callee.Signature.Recv()
			if recv == nil || !tfapi.IsFramework(recv.Type(), "tfsdk", "State") {
				continue
			}
			if tn := structName(c.Args[2]); tn != nil {
				out = append(out, stateSet{pos: call.Pos(), tn: tn})
			}
		}
	}
	return out
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

// structName returns the named struct type boxed into the any argument.
func structName(v ssa.Value) *types.TypeName {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return nil
	}
	t := mi.X.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Obj()
}

func check(rep *lint.Reporter, model *facts.Model, r *facts.FrameworkResource, set stateSet, pkg *types.Package) {
	m := model.ModelFor(set.tn)
	if m == nil {
		return
	}
	missing, extra := compare(model, m, r.Schema.Attributes, "", 0)
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
	related := []analysis.RelatedInformation{}
	if set.tn.Pkg() == pkg { // positions from export data are approximate
		related = append(related, lint.Related(set.tn.Pos(), "the model %s is declared here", set.tn.Name()))
	}
	rep.Report(lint.Finding{Rule: "UPGRADE-2", Pos: set.pos, Related: related,
		Message: fmt.Sprintf("a state upgrader of %s saves %s, which does not match the current schema (version %d): %s; resp.State.Set then fails on every upgrade and state at the old version cannot be used; build the current model from the prior one", r.TypeName, set.tn.Name(), r.Schema.Version, strings.Join(parts, ", and "))})
}

// compare lists the schema attributes the model has no field for and the
// model's tags the schema has no attribute for, following nested models
// where both sides are known. Unresolved nested attributes end the walk.
func compare(model *facts.Model, m *facts.ModelFact, attrs []facts.Attribute, prefix string, depth int) (missing, extra []string) {
	byName := map[string]*facts.Attribute{}
	for i := range attrs {
		byName[attrs[i].Name] = &attrs[i]
	}
	for _, f := range m.Fields {
		a := byName[f.Tag]
		if a == nil {
			extra = append(extra, prefix+f.Tag)
			continue
		}
		if f.Nested == "" || len(a.Nested) == 0 || a.Incomplete || depth >= 3 {
			continue
		}
		if nm := model.Models[f.Nested]; nm != nil { // nested models of this package
			mi, ex := compare(model, nm, a.Nested, prefix+f.Tag+".", depth+1)
			missing, extra = append(missing, mi...), append(extra, ex...)
		}
	}
	for _, a := range attrs {
		if _, ok := m.Field(a.Name); !ok {
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
