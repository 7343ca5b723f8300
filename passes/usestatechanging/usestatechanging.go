package usestatechanging

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports UseStateForUnknown on Computed values Update rewrites.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// volatile matches attribute names of values that change by nature.
var volatile = regexp.MustCompile(`^(status|state|phase|etag|version|revision|generation|health)$|^(updated|modified|last)_|_(updated_at|modified_at|modified|updated|count|status|state|version|revision|generation)$`)

// settles matches the names of states an Update that waits for the object
// to settle (retry.StateChangeConf.WaitForStateContext, a wait handler)
// stores once settled: the settled value the plan kept, not a new one.
var settles = regexp.MustCompile(`^(status|state|phase|health)$|_(status|state)$`)

// calleeName: the name of the function or interface method called.
func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if fn := c.StaticCallee(); fn != nil {
		return fn.Name()
	}
	return ""
}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		update := funcs[facts.Method(pass.Pkg, r.TypeName, "Update")]
		if update == nil {
			continue
		}
		// A ModifyPlan that names the attribute may mark it unknown when
		// it will change: the resource plans it itself.
		planned := attruse.PlanWrites(pass, funcs, r)
		if len(keptAll(r.Schema.Attributes)) == 0 {
			continue
		}
		src, lk, waits := sources{}, lookups{}, false
		all := apiWrites(update, src, lk, &waits)
		ms := models(pass.Pkg, r)
		done := map[*facts.Attribute]bool{} // one finding per attribute with the modifier
		reportByName(rep, r, planned, all.of(ms), done, waits)
		for _, k := range keptVolatile(r.Schema.Attributes) {
			if done[k.carrier] || planned(k.top.Name) || waits && settles.MatchString(k.x.Name) {
				continue
			}
			if pos, ok := all.nested(pass.Pkg, k); ok {
				done[k.carrier] = true
				reportNested(rep, r.TypeName, k, pos)
			}
		}
		reportLookups(rep, pass.Pkg, r, planned, lk, done)
		reportAliases(rep, r, planned, src.of(ms), done)
	}
	return nil, nil
}

// reportByName reports the top-level Computed-only attributes with
// UseStateForUnknown that Update writes from the API and whose name says
// they change (volatile) or derive from a setting that changes in place.
func reportByName(rep *lint.Reporter, r *facts.FrameworkResource, planned func(string) bool, writes map[string]token.Pos, done map[*facts.Attribute]bool, waits bool) {
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if !a.Computed || a.Optional || a.Uncertain || !a.HasPlanModifier("UseStateForUnknown") || planned(a.Name) {
			continue
		}
		pos, ok := writes[a.Name]
		if !ok {
			continue
		}
		if volatile.MatchString(a.Name) && !(waits && settles.MatchString(a.Name)) {
			done[a] = true
			rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(a.Pos, pos),
				Message: fmt.Sprintf("%q of %s is Computed with UseStateForUnknown, so every plan promises its prior value, but Update writes it from the API response: when the remote system changes it, Terraform fails with \"Provider produced inconsistent result after apply\" (APPLY-2); drop UseStateForUnknown for a value that changes on update", a.Name, r.TypeName),
				Related: []analysis.RelatedInformation{lint.Related(pos, "Update (or a helper it calls) writes %q from the API here", a.Name)}})
		} else if x := derivedSource(r.Schema.Attributes, a, r.TypeName); x != nil {
			done[a] = true
			rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(a.Pos, pos),
				Message: fmt.Sprintf("%q of %s is Computed with UseStateForUnknown, so every plan promises its prior value, but it is derived from %q by name, which changes in place, and Update writes it anew: when %q changes, Terraform fails with \"Provider produced inconsistent result after apply\" (APPLY-2); drop UseStateForUnknown, or keep the prior value only while %q is unchanged", a.Name, r.TypeName, x.Name, x.Name, x.Name),
				Related: []analysis.RelatedInformation{
					lint.Related(x.Pos, "%q is configurable and does not require replacement", x.Name),
					lint.Related(pos, "Update (or a helper it calls) writes %q from the API here", a.Name)}})
		}
	}
}

// derivedSource: the top-level attribute a is named as derived from
// (attruse.Derived: "plan_id" of "plan_name", "full_name" of "name") that
// the user configures and that changes in place: no RequiresReplace, and
// no plan modifier the model cannot see into (a custom one may replace).
func derivedSource(attrs []facts.Attribute, a *facts.Attribute, owner string) *facts.Attribute {
	for i := range attrs {
		x := &attrs[i]
		if !(x.Required || x.Optional) || x.Uncertain || x.Computed && !x.Optional || !attruse.Derived(x.Name, a.Name, owner) {
			continue
		}
		if inPlace(x) {
			return x
		}
	}
	return nil
}

// models: the resource's model structs and the structs they embed.
func models(pkg *types.Package, r *facts.FrameworkResource) map[string]bool {
	out := map[string]bool{}
	for _, m := range r.Models {
		out[m] = true
	}
	withEmbedded(pkg, out)
	return out
}

// field is a tagged field of a struct type (qualified name).
type field struct{ st, tag string }

// stores maps each tagged field to the first store of a value from the API.
type stores map[field]token.Pos

// of gives, by tag, the stores into fields of the given structs.
func (s stores) of(structs map[string]bool) map[string]token.Pos {
	out := map[string]token.Pos{}
	for f, pos := range s {
		if structs[f.st] {
			if old, dup := out[f.tag]; !dup || pos < old {
				out[f.tag] = pos
			}
		}
	}
	return out
}

// nested finds the store of k.x into a struct of the package shaped like
// k.parent's nested object.
func (s stores) nested(pkg *types.Package, k kept) (token.Pos, bool) {
	pos, ok := s.of(shapedLike(pkg, k.parent))[k.x.Name]
	return pos, ok
}

// apiWrites: for each tagged field of a struct, a store of a value built by
// a framework constructor from something that is not another model field —
// in fn and the package functions it calls, two calls deep.
func apiWrites(fn *ssa.Function, src sources, lk lookups, waits *bool) stores {
	out := stores{}
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, depth int)
	visit = func(f *ssa.Function, depth int) {
		if f == nil || seen[f] || depth > 2 {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					fa, ok := in.Addr.(*ssa.FieldAddr)
					if !ok || !fromAPI(in.Val) {
						continue
					}
					if tag := modelflow.FieldTag(fa); tag != "" {
						f := field{tfssa.StructName(fa.X.Type()), tag}
						if _, dup := out[f]; !dup {
							out[f] = in.Pos()
						}
						src.add(f, in.Val, in.Pos())
						lk.add(f, b, in.Pos())
					}
				case ssa.CallInstruction:
					if strings.HasPrefix(calleeName(in.Common()), "Wait") {
						*waits = true
					}
					if callee := in.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil {
						visit(callee, depth+1)
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon, depth)
		}
	}
	visit(fn, 0)
	return out
}

// fromAPI: types.StringValue(x), types.Int64PointerValue(p), ... where no
// argument is loaded from a model field (a copy of the plan or state).
//
// A variable set from the API on one path and left zero (or null) on the
// others (var t types.String; if p.T != nil { t = types.StringValue(*p.T) })
// is a φ of such calls and constants: it is from the API when one of its
// edges is and every other is a constant or a null (StringNull()); an edge
// of another kind (a model field, a parameter) may carry the prior value.
func fromAPI(v ssa.Value) bool {
	return fromAPIDepth(v, 0)
}

func fromAPIDepth(v ssa.Value, depth int) bool {
	if phi, ok := v.(*ssa.Phi); ok {
		if depth > 2 {
			return false
		}
		api := false
		for _, e := range phi.Edges {
			switch {
			case fromAPIDepth(e, depth+1):
				api = true
			case isConst(e) || frameworkNullary(e):
			default:
				// Read from a model, a parameter, another helper: it may
				// be the prior state's own value.
				return false
			}
		}
		return api
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Signature.Recv() != nil || !strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") {
		return false
	}
	if !strings.HasSuffix(fn.Name(), "Value") && !strings.HasSuffix(fn.Name(), "PointerValue") {
		return false
	}
	for _, a := range c.Call.Args {
		if fromModel(a, 0) {
			return false
		}
	}
	return len(c.Call.Args) > 0
}

func isConst(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// frameworkNullary: types.StringNull(), types.Int64Unknown(), ... (a
// framework constructor without arguments).
func frameworkNullary(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) > 0 {
		return false
	}
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Signature.Recv() == nil && strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework")
}

// fromModel: the value is read from a tfsdk-tagged field (m.X.ValueString()).
func fromModel(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && modelflow.FieldTag(fa) != "" {
			return true
		}
		return fromModel(x.X, depth+1)
	case *ssa.Call:
		if x.Call.Signature().Recv() != nil && len(x.Call.Args) > 0 {
			return fromModel(x.Call.Args[0], depth+1)
		}
	case *ssa.Convert:
		return fromModel(x.X, depth+1)
	case *ssa.ChangeType:
		return fromModel(x.X, depth+1)
	}
	return false
}
