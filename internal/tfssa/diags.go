// Package tfssa holds the Terraform-aware predicates on SSA that the path
// checks share: what is an error diagnostic, a failure branch, a removal, a
// not-found test.
package tfssa

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Fails: adding an error makes the path a failure path; so does appending
// diagnostics in a block that then returns (`resp.Diagnostics.Append(d...); return`
// is how errors from helpers are reported).
func Fails(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || !tfapi.IsDiagnostics(callee.Signature.Recv().Type()) {
		return false
	}
	switch callee.Name() {
	case "AddError", "AddAttributeError":
		return true
	case "Append":
		return blockReturns(instr) && !appendsWarnings(call.Common())
	}
	return false
}

// appendsWarnings: an Append of diagnostics each of which is known to be a
// warning (diag.NewWarningDiagnostic(...), a helper returning
// diag.WarningDiagnostic).
func appendsWarnings(c *ssa.CallCommon) bool {
	if len(c.Args) != 2 {
		return false
	}
	sl, ok := c.Args[1].(*ssa.Slice)
	if !ok {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return false
	}
	n := 0
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			if !tfapi.IsFramework(StripInterface(st.Val).Type(), "diag", "WarningDiagnostic") {
				return false
			}
			n++
		}
	}
	return n > 0
}

// AddsError: instr is diags.AddError or AddAttributeError — not an Append,
// which also carries the diagnostics of a success (resp.State.Set's).
func AddsError(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	fn := call.Common().StaticCallee()
	return fn != nil && (fn.Name() == "AddError" || fn.Name() == "AddAttributeError") && fn.Signature.Recv() != nil && tfapi.IsDiagnostics(fn.Signature.Recv().Type())
}

// FailsOrDelegates: Fails, or a helper of the provider's handed the
// diagnostics in a block that then returns (`if err != nil {
// addWriteError(&resp.Diagnostics, err); return }`): taken as reporting the
// failure, for the checks that only need to know a path is not a success.
func FailsOrDelegates(instr ssa.Instruction) bool {
	if Fails(instr) {
		return true
	}
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || (callee.Signature.Recv() != nil && tfapi.IsDiagnostics(callee.Signature.Recv().Type())) {
		return false
	}
	return TakesDiagnostics(call) && !tfapi.IsPluginLib(PkgPath(callee)) && blockReturns(instr)
}

func blockReturns(instr ssa.Instruction) bool {
	instrs := instr.Block().Instrs
	_, returns := instrs[len(instrs)-1].(*ssa.Return)
	return returns
}

// PkgPath: the package fn is declared in, also for functions of
// dependencies built without an SSA package of their own, and for
// instances of generic functions.
func PkgPath(fn *ssa.Function) string {
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	if fn.Origin() != nil && fn.Origin().Pkg != nil {
		return fn.Origin().Pkg.Pkg.Path()
	}
	return ""
}

// FailedSucc names the failure successor of a branch: the true branch of
// `if diags.HasError()`, and the branch a helper that was handed the
// diagnostics reports failure on (`if !check(&resp.Diagnostics) { return }`,
// `if err := f(..., &resp.Diagnostics); err != nil { return }`).
func FailedSucc(ifi *ssa.If) int {
	cond, negated := ifi.Cond, false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	if b, ok := cond.(*ssa.BinOp); ok && (b.Op == token.NEQ || b.Op == token.EQL) {
		other, isNil := b.X, IsNilConst(b.Y)
		if !isNil {
			other, isNil = b.Y, IsNilConst(b.X)
		}
		if isNil && fromDiagsHelpers(other) {
			failsWhenNonNil := tfapi.IsError(other.Type()) // err != nil; a nil object otherwise
			if (b.Op == token.NEQ) == failsWhenNonNil {
				return 0
			}
			return 1
		}
		return -1
	}
	if call, ok := cond.(*ssa.Call); ok {
		callee := call.Common().StaticCallee()
		if callee != nil && callee.Name() == "HasError" && callee.Signature.Recv() != nil && tfapi.IsDiagnostics(callee.Signature.Recv().Type()) {
			return 0
		}
	}
	if TakesDiagnostics(cond) {
		// Whether the helper answers "ok" or "failed" is in its name, if
		// anywhere; the branch that just returns is the failure either way
		// (`if !ok(&diags) { return }`, `if addOnError(&diags, err) { return }`).
		if i := bareReturn(ifi); i >= 0 {
			return i
		}
		if negated {
			return 0 // if !ok { return }
		}
		return 1 // if ok { ... } else { return }
	}
	return -1
}

// bareReturn returns the successor of ifi that returns at once, if exactly one does.
func bareReturn(ifi *ssa.If) int {
	found := -1
	for i, b := range ifi.Block().Succs {
		if !isBareReturn(b) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

func isBareReturn(b *ssa.BasicBlock) bool {
	if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ok {
		return false
	}
	for _, instr := range b.Instrs {
		if _, isCall := instr.(ssa.CallInstruction); isCall {
			return false
		}
	}
	return true
}

func IsNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// fromDiagsHelpers: v is the result of helpers handed the diagnostics, one
// call or a choice between several (linode's `if src { v = fromSource(...,
// &resp.Diagnostics) } else { v = create(..., &resp.Diagnostics) }`).
func fromDiagsHelpers(v ssa.Value) bool {
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return TakesDiagnostics(v)
	}
	for _, e := range phi.Edges {
		if !TakesDiagnostics(e) {
			return false
		}
	}
	return len(phi.Edges) > 0
}

// TakesDiagnostics reports whether v is the result of a call that was handed
// diagnostics to add to.
func TakesDiagnostics(v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	for _, a := range call.Call.Args {
		if handsDiagnostics(a) {
			return true
		}
		// A carrier made from the diagnostics (netapp's errorHandler :=
		// utils.NewErrorHandler(ctx, &resp.Diagnostics)) reports into them.
		if c, ok := a.(*ssa.Call); ok {
			for _, inner := range c.Call.Args {
				if handsDiagnostics(inner) {
					return true
				}
			}
		}
	}
	return false
}

func handsDiagnostics(a ssa.Value) bool {
	if mi, ok := a.(*ssa.MakeInterface); ok {
		a = mi.X // handed as an interface of the helper's own (proxmox's DiagnosticAccumulator)
	}
	return tfapi.IsDiagnostics(a.Type())
}
