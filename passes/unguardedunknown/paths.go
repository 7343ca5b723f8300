// VALIDATE-1, PLAN-8: values read at a path, for unknowns taken as unset.
//
// Values read at a path: req.Config.GetAttribute(ctx, p, &v) reads the
// configured value at p, so a helper or closure handed a constant path
// (objectSet(path.Root("grouping"))) reads a value that may be unknown,
// and the path names that value in the caller and in the helper alike.

package unguardedunknown

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// pathKey: "path:a.b" for path.Root("a").AtName("b") with constant names;
// "" for any other value.
func pathKey(v ssa.Value) string {
	c, ok := v.(*ssa.Call)
	if !ok {
		return ""
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != tfapi.Framework+"path" {
		return ""
	}
	args := c.Call.Args
	switch {
	case fn.Name() == "Root" && fn.Signature.Recv() == nil && len(args) == 1:
		if n, ok := constString(args[0]); ok {
			return "path:" + n
		}
	case fn.Name() == "AtName" && fn.Signature.Recv() != nil && len(args) == 2:
		if base, n, ok := pathKey(args[0]), "", false; base != "" {
			if n, ok = constString(args[1]); ok {
				return base + "." + n
			}
		}
	}
	return ""
}

func constString(v ssa.Value) (string, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// getAttribute: the GetAttribute call of the configuration or the plan
// that fills target (the local &v is handed as an interface), or nil.
func getAttribute(target ssa.Value) *ssa.Call {
	if target.Referrers() == nil {
		return nil
	}
	for _, r := range *target.Referrers() {
		var arg ssa.Value = target
		if mi, ok := r.(*ssa.MakeInterface); ok {
			for _, rr := range *mi.Referrers() {
				if c := configRead(rr, mi); c != nil {
					return c
				}
			}
			continue
		}
		if c := configRead(r, arg); c != nil {
			return c
		}
	}
	return nil
}

// configRead: instr as Config.GetAttribute(ctx, p, arg) or
// Plan.GetAttribute(ctx, p, arg), or nil.
func configRead(instr ssa.Instruction, arg ssa.Value) *ssa.Call {
	c, ok := instr.(*ssa.Call)
	if !ok || len(c.Call.Args) != 4 || c.Call.Args[3] != arg {
		return nil
	}
	if fn := c.Call.StaticCallee(); fn == nil || fn.Name() != "GetAttribute" || !configOrPlan(fn) {
		return nil
	}
	return c
}

func configOrPlan(fn *ssa.Function) bool {
	if fn.Signature.Recv() == nil {
		return false
	}
	t := fn.Signature.Recv().Type()
	return tfapi.IsFramework(t, "tfsdk", "Config") || tfapi.IsFramework(t, "tfsdk", "Plan")
}

// readAt: for v, a load of a local GetAttribute filled from the
// configuration or plan, the path it was read at; nil otherwise.
func readAt(v ssa.Value) ssa.Value {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	if c := getAttribute(u.X); c != nil {
		return c.Call.Args[2]
	}
	return nil
}

// readsAtParam: fn reads the configuration or plan at its parameter p.
func readsAtParam(fn *ssa.Function, p ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && len(c.Call.Args) == 4 && c.Call.Args[2] == p && configRead(c, c.Call.Args[3]) != nil {
				return true
			}
		}
	}
	return false
}

// readSucceeds: c is d.HasError() of the diagnostics of a GetAttribute of
// the configuration or plan, false for a path the schema declares: the
// error way of such a read is not one the value can take.
func readSucceeds(c *ssa.Call) bool {
	recv, name, ok := recvCall(c)
	if !ok || name != "HasError" {
		return false
	}
	r, ok := recv.(*ssa.Call)
	if !ok || len(r.Call.Args) != 4 {
		return false
	}
	return configRead(r, r.Call.Args[3]) != nil
}

// callsErrorAdder: instr calls a function or closure of the package whose
// first block adds an error diagnostic (addErr := func(p path.Path, s, d
// string) { resp.Diagnostics.Append(diag.NewAttributeErrorDiagnostic(p, s, d)) }).
func callsErrorAdder(instr ssa.Instruction) bool {
	c, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || c.Parent() == nil || fn.Pkg != c.Parent().Pkg {
		return false
	}
	for _, in := range fn.Blocks[0].Instrs {
		if tfssa.AddsError(in) || appendsError(in) {
			return true
		}
	}
	return false
}
