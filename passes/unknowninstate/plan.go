package unknowninstate

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
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
// calls), or it sets the whole plan or hands it to code out of sight (all).
func planWrites(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function, r *facts.FrameworkResource) func(string) bool {
	if !r.Has("ModifyPlan") {
		return func(string) bool { return false }
	}
	fn := funcs[facts.Method(pass.Pkg, r.TypeName, "ModifyPlan")]
	if fn == nil {
		return func(string) bool { return true }
	}
	names, all := map[string]bool{}, false
	seen := map[*ssa.Function]bool{}
	var visit func(*ssa.Function, int)
	visit = func(fn *ssa.Function, depth int) {
		if seen[fn] || depth > 3 {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if k, ok := (*op).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
						names[constant.StringVal(k.Value)] = true
					}
				}
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				switch {
				case callee != nil && callee.Pkg == fn.Pkg && len(callee.Blocks) > 0:
					visit(callee, depth+1)
				case callee != nil && callee.Name() == "Set" && callee.Signature.Recv() != nil:
					all = true // resp.Plan.Set(ctx, model)
				}
			}
		}
	}
	visit(fn, 0)
	return func(name string) bool { return all || names[name] }
}
