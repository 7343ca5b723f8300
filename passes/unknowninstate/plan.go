// What the plan already settles, for the APPLY-1 rule: an Update the
// framework never calls, attributes ModifyPlan fills.

package unknowninstate

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// replacesOnEveryChange: every configurable attribute requires replacement,
// so the framework never calls Update.
func replacesOnEveryChange(attrs []facts.Attribute) bool {
	for i := range attrs {
		a := &attrs[i]
		if a.Uncertain {
			return false
		}
		if !a.Required && !a.Optional && !a.Block {
			continue
		}
		if a.HasPlanModifier("RequiresReplace") || (len(a.Nested) > 0 && replacesOnEveryChange(a.Nested)) {
			continue
		}
		return false
	}
	return true
}

// planWrites tells which attributes the resource's ModifyPlan may set: it
// names them (a string constant in ModifyPlan or a helper of the package it
// calls), or it sets the whole plan (all).
func planWrites(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function, r *facts.FrameworkResource) func(string) bool {
	if !r.Has("ModifyPlan") {
		return func(string) bool { return false }
	}
	fn := funcs[facts.Method(pass.Pkg, r.TypeName, "ModifyPlan")]
	if fn == nil {
		return func(string) bool { return true }
	}
	names, all := tfssa.NamesIn(fn, func(callee *ssa.Function) bool {
		return callee.Name() == "Set" && callee.Signature.Recv() != nil // resp.Plan.Set(ctx, model)
	})
	return func(name string) bool { return all || names[name] }
}
