package missingstateset

import (
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Dropped diagnostics make a failure a success path, which the check then
// holds to APPLY-3 (Create, Update) or UPGRADE-2 (state upgraders).

// failedSucc is tfssa.FailedSucc, except that `if diags.HasError() { return }`
// on diagnostics of the function's own (from a conversion, a helper) that
// neither that branch nor anything before it hands to resp.Diagnostics is
// no failure to the framework: the error is dropped and the return is a
// success.
func failedSucc(ifi *ssa.If) int {
	i := tfssa.FailedSucc(ifi)
	if i < 0 {
		return i
	}
	diags := hasErrorOf(ifi.Cond)
	if diags == nil || fromParam(diags) || handedOn(diags) {
		return i
	}
	return -1
}

// hasErrorOf: the diagnostics value cond asks HasError() of.
func hasErrorOf(cond ssa.Value) ssa.Value {
	call, ok := cond.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return nil
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Name() != "HasError" || fn.Signature.Recv() == nil || !tfapi.IsDiagnostics(fn.Signature.Recv().Type()) {
		return nil
	}
	return call.Call.Args[0]
}

// fromParam: v is read from a parameter (resp.Diagnostics), or is not a
// value the function made (a phi of several, a global).
func fromParam(v ssa.Value) bool {
	switch x := tfssa.RootLoad(v).(type) {
	case *ssa.Extract, *ssa.Call:
		return false
	case *ssa.Alloc:
		return x.Heap // captured: a closure may hand it on
	}
	return true
}

// handedOn: diags is used by anything but HasError (appended to
// resp.Diagnostics, returned, passed on); for a load of a variable, so is
// any other load of it, or the variable's address.
func handedOn(diags ssa.Value) bool {
	if usedBeyondHasError(diags) {
		return true
	}
	ld, ok := diags.(*ssa.UnOp)
	if !ok || ld.X.Referrers() == nil {
		return false
	}
	for _, r := range *ld.X.Referrers() {
		switch r := r.(type) {
		case *ssa.Store, *ssa.DebugRef:
		case *ssa.UnOp:
			if usedBeyondHasError(r) {
				return true
			}
		default:
			return true // the address goes somewhere
		}
	}
	return false
}

// usedBeyondHasError: v has a use other than a HasError() call.
func usedBeyondHasError(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		if c, ok := r.(*ssa.Call); ok && hasErrorOf(c) != nil {
			continue
		}
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		return true
	}
	return false
}
