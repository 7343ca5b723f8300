// Which attributes a framework plan may leave unknown, for the APPLY-1
// checks: an Update the framework never calls, attributes ModifyPlan fills.

package attruse

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// ReplacesOnEveryChange: every configurable attribute requires replacement,
// so the framework never calls Update.
func ReplacesOnEveryChange(attrs []facts.Attribute) bool {
	for i := range attrs {
		a := &attrs[i]
		if a.Uncertain {
			return false
		}
		if !a.Required && !a.Optional && !a.Block {
			continue
		}
		if a.HasPlanModifier("RequiresReplace") || (len(a.Nested) > 0 && ReplacesOnEveryChange(a.Nested)) {
			continue
		}
		return false
	}
	return true
}

// PlanWrites tells which attributes the resource's ModifyPlan may set: it
// names them (a string constant in ModifyPlan or a helper of the package it
// calls), or it sets the whole plan (all).
func PlanWrites(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function, r *facts.FrameworkResource) func(string) bool {
	if !r.Has("ModifyPlan") {
		return func(string) bool { return false }
	}
	fn := funcs[facts.Method(pass.Pkg, r.TypeName, "ModifyPlan")]
	if fn == nil {
		return func(string) bool { return true }
	}
	names, all := tfssa.NamesIn(fn, isSet)
	if all {
		if w, ok := planRoundTrip(fn); ok {
			all = false
			for n := range w {
				names[n] = true
			}
		}
	}
	return func(name string) bool { return all || names[name] }
}

func isSet(callee *ssa.Function) bool {
	return callee.Name() == "Set" && callee.Signature.Recv() != nil // resp.Plan.Set(ctx, model)
}

// planRoundTrip: ModifyPlan sets the plan only itself, each time to the
// model req.Plan.Get filled (read the plan, adjust a field, set it back):
// it may change only the fields stored into or whose address a call is
// handed. ok is false for any other shape (another model set, the model
// handed whole to a call or assigned), which may change anything.
func planRoundTrip(fn *ssa.Function) (written map[string]bool, ok bool) {
	written = map[string]bool{}
	gets := map[ssa.Value]bool{}
	var sets []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, isCall := instr.(*ssa.Call)
			if !isCall {
				continue
			}
			callee := c.Call.StaticCallee()
			switch {
			case callee == nil:
			case isSet(callee) && len(c.Call.Args) == 3:
				sets = append(sets, c)
			case callee.Name() == "Get" && callee.Signature.Recv() != nil && tfapi.IsFramework(callee.Signature.Recv().Type(), "tfsdk", "Plan") && len(c.Call.Args) == 3:
				gets[tfssa.ModelRoot(c.Call.Args[2])] = true
			case callee.Pkg == fn.Pkg && len(callee.Blocks) > 0:
				if _, setsPlan := tfssa.NamesIn(callee, isSet); setsPlan {
					return nil, false
				}
			}
		}
	}
	for _, set := range sets {
		m := tfssa.ModelRoot(set.Call.Args[2])
		if m == nil || !gets[m] || !fieldWrites(m, written) {
			return nil, false
		}
	}
	return written, len(sets) > 0
}

// fieldWrites adds the tags of the fields of model m that may be changed;
// false when m itself may be (assigned, or its address handed on).
func fieldWrites(m ssa.Value, written map[string]bool) bool {
	for _, r := range *m.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			// A copy read; or, from a pointer variable (var plan *Model;
			// req.Plan.Get(ctx, &plan)), the model it points to.
			if _, cell := types.Unalias(r.Type()).(*types.Pointer); cell && !fieldWrites(r, written) {
				return false
			}
		case *ssa.MakeInterface: // &m handed to Plan.Get or Plan.Set
			for _, u := range *r.Referrers() {
				c, isCall := u.(*ssa.Call)
				if _, dbg := u.(*ssa.DebugRef); dbg {
					continue
				}
				if !isCall || c.Call.StaticCallee() == nil || (c.Call.StaticCallee().Name() != "Get" && c.Call.StaticCallee().Name() != "Set") {
					return false
				}
			}
		case *ssa.FieldAddr:
			tag := tfapi.ModelTag(m.Type(), r.Field)
			if tag == "" {
				return false // an embedded struct, or an untagged field
			}
			if !onlyLoads(r) {
				written[tag] = true
			}
		default:
			return false
		}
	}
	return true
}

func onlyLoads(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
			if _, dbg := r.(*ssa.DebugRef); !dbg {
				return false
			}
		}
	}
	return true
}

// UnknownCandidates: Computed attributes whose plan value can be unknown in this
// method, by dotted path; nested ones under configured parents too.
// inert (may be nil) names the custom plan modifiers that leave a Create
// plan as they found it (CreateInert).
func UnknownCandidates(r *facts.FrameworkResource, method string, modified, inert func(string) bool) map[string]bool {
	out := map[string]bool{}
	var walk func(prefix string, attrs []facts.Attribute)
	walk = func(prefix string, attrs []facts.Attribute) {
		for i := range attrs {
			a := &attrs[i]
			if a.Uncertain || modified(a.Name) {
				continue
			}
			if a.Computed && !a.HasDefault && !a.Block && PlanMayBeUnknown(a, method, inert) {
				out[prefix+a.Name] = true
				continue
			}
			// A plan modifier on the parent (coderd's versions list computing
			// each element's hash) may set its nested values.
			if !a.Incomplete && !a.Computed && PlanMayBeUnknown(a, method, inert) {
				walk(prefix+a.Name+".", a.Nested)
			}
		}
	}
	walk("", r.Schema.Attributes)
	return out
}

// PlanMayBeUnknown: no plan modifier that can make the value known. In
// Create there is no prior state, so UseStateForUnknown does not help, nor
// UseNonNullStateForUnknown (framework v1.17), which copies only a non-null
// prior value.
func PlanMayBeUnknown(a *facts.Attribute, method string, inert func(string) bool) bool {
	custom := 0
	for _, m := range a.PlanModifiers {
		switch {
		case strings.HasPrefix(m, "RequiresReplace"):
		case (m == "UseStateForUnknown" || m == "UseNonNullStateForUnknown") && method == "Create":
		case m == "custom" && method == "Create" && inert != nil:
			custom++
		default:
			return false
		}
	}
	if custom == 0 {
		return true
	}
	// Every custom modifier is known by type, and each acts only on a
	// prior state: in Create none of them runs its write.
	if len(a.CustomModifiers) != custom {
		return false
	}
	for _, t := range a.CustomModifiers {
		if !inert(t) {
			return false
		}
	}
	return true
}
