package missingstateset

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// respWrites recognises instructions that write, or may write, resp.State:
// anything that hands resp itself, or resp.State, to other code or stores
// into it. Reading resp.Diagnostics is not a write.
type respWrites struct{ resp *ssa.Parameter }

// fromState reports whether v is resp.State or derived from it (&resp.State, resp.State.Raw).
func (w respWrites) fromState(v ssa.Value) bool {
	for {
		fa, ok := v.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		if fa.X == w.resp {
			return fieldName(fa) == "State"
		}
		v = fa.X
	}
}

func fieldName(fa *ssa.FieldAddr) string {
	st, ok := tfapi.DerefStruct(fa.X.Type())
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return st.Field(fa.Field).Name()
}

func (w respWrites) hit(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		// Writing into resp.State, or storing resp somewhere (a closure
		// capturing it does that), may write the state.
		return w.fromState(in.Addr) || in.Val == w.resp || w.fromState(in.Val)
	case *ssa.FieldAddr:
		return false // taking a field's address is not a use by itself
	}
	for _, op := range instr.Operands(nil) {
		if op == nil || *op == nil {
			continue
		}
		if *op == w.resp || w.fromState(*op) {
			return true
		}
	}
	return false
}

// firstWrite returns the position of some write, for evidence.
func (w respWrites) firstWrite(fn *ssa.Function) token.Pos {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if w.hit(instr) && instr.Pos().IsValid() {
				return instr.Pos()
			}
		}
	}
	return token.NoPos
}

// fails: adding an error makes the path a failure path; so does appending
// diagnostics in a block that then returns (`resp.Diagnostics.Append(d...); return`
// is how errors from helpers are reported).
func fails(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil {
		return false
	}
	if !tfapi.IsDiagnostics(callee.Signature.Recv().Type()) {
		return false
	}
	switch callee.Name() {
	case "AddError", "AddAttributeError":
		return true
	case "Append":
		instrs := instr.Block().Instrs
		_, returns := instrs[len(instrs)-1].(*ssa.Return)
		return returns
	}
	return false
}

// failedSucc names the failure successor of a branch: the true branch of
// `if diags.HasError()`, and the branch a helper that was handed the
// diagnostics reports failure on (`if !check(&resp.Diagnostics) { return }`,
// `if err := f(..., &resp.Diagnostics); err != nil { return }`).
func failedSucc(ifi *ssa.If) int {
	cond, negated := ifi.Cond, false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	if b, ok := cond.(*ssa.BinOp); ok && (b.Op == token.NEQ || b.Op == token.EQL) {
		other, isNil := b.X, isNilConst(b.Y)
		if !isNil {
			other, isNil = b.Y, isNilConst(b.X)
		}
		if isNil && takesDiagnostics(other) {
			if b.Op == token.NEQ {
				return 0 // err != nil
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
	if takesDiagnostics(cond) {
		if negated {
			return 0 // if !ok { return }
		}
		return 1 // if ok { ... } else { return }
	}
	return -1
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// takesDiagnostics reports whether v is the result of a call that was handed
// diagnostics to add to.
func takesDiagnostics(v ssa.Value) bool {
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	for _, a := range call.Call.Args {
		if tfapi.IsDiagnostics(a.Type()) {
			return true
		}
	}
	return false
}
