// Predicates of the APPLY-3 and UPGRADE-2 check: which instructions write the
// response's state (the writes a success path of Create, Update or an
// upgrader must reach).

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
			n := fieldName(fa)
			return n == "State" || n == "DynamicValue" // DynamicValue: upgraders
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
