package readnotfound

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkNilObject reports a Read that dereferences the object returned by a
// call summarised as answering a missing object with (nil, nil) (consul's
// RoleRead) while nothing in the Read tests that object for nil: after an
// out-of-band delete the provider panics instead of removing the resource.
// An object handed to other code (a helper, a nil-safe getter), stored, or
// merged with other values is left alone.
func (c *checker) checkNilObject(t tfssa.Target) {
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil {
				continue
			}
			obj, ok := fn.Object().(*types.Func)
			if !ok || !c.model.NilWhenMissing(obj) || tfssa.Fallback(t, b) {
				continue
			}
			if deref := unguardedDeref(firstResult(call)); deref != nil {
				c.reportNilDeref(t, call, obj.Name(), deref)
			}
		}
	}
}

func firstResult(call *ssa.Call) ssa.Value {
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			return ex
		}
	}
	return nil
}

// unguardedDeref returns the first dereference of v when every use of v is a
// dereference (no nil test, no hand-off), or nil.
func unguardedDeref(v ssa.Value) ssa.Instruction {
	if v == nil {
		return nil
	}
	var deref ssa.Instruction
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if deref == nil || r.Pos() < deref.Pos() {
				deref = r
			}
		case *ssa.UnOp:
			if deref == nil || r.Pos() < deref.Pos() {
				deref = r
			}
		case *ssa.DebugRef:
		default:
			return nil // a nil test, a call, a store, a phi: not decided here
		}
	}
	return deref
}

func (c *checker) reportNilDeref(t tfssa.Target, call *ssa.Call, name string, deref ssa.Instruction) {
	remove := "resp.State.RemoveResource(ctx)"
	if t.SDK {
		remove = `d.SetId("") and return no error`
	}
	c.rep.Report(lint.Finding{Rule: "READ-2", Pos: deref.Pos(),
		Message: fmt.Sprintf("Read of %s uses the object %s returns without a nil test, but %s answers a missing object with nil and no error: after an out-of-band delete the provider panics instead of removing the resource; test for nil and call %s",
			t.Name, name, name, remove),
		Related: []analysis.RelatedInformation{lint.Related(call.Pos(), "%s returns nil and no error here when the object does not exist", name)}})
}
