package tfssa

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Removal reports whether instr drops the resource from state:
// RemoveResource on a framework state, SetId("") on an SDK ResourceData, or
// a call of a helper whose summary says it removes.
func Removal(instr ssa.Instruction, removes func(*types.Func) bool) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	c := call.Common()
	fn := c.StaticCallee()
	if fn == nil {
		return false
	}
	if recv := fn.Signature.Recv(); recv != nil {
		switch fn.Name() {
		case "RemoveResource":
			return tfapi.IsFramework(recv.Type(), "tfsdk", "State")
		case "SetId":
			if tfapi.IsResourceData(recv.Type()) && len(c.Args) == 2 {
				k, ok := c.Args[1].(*ssa.Const)
				return ok && k.Value != nil && k.Value.ExactString() == `""`
			}
			return false
		}
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && removes != nil && removes(obj)
}

// StripNot removes the negations around a branch condition: the condition
// tested, and whether it holds on the branch where cond holds.
func StripNot(cond ssa.Value) (ssa.Value, bool) {
	holds := true
	for {
		u, isNot := cond.(*ssa.UnOp)
		if !isNot || u.Op != token.NOT {
			return cond, holds
		}
		cond, holds = u.X, !holds
	}
}

// UnderNewResource: a d.IsNewResource() call in a block dominating b (its
// test decides whether b runs): the SDK's idiom for a Read that may not
// see an object just made.
func UnderNewResource(b *ssa.BasicBlock) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		for _, instr := range d.Instrs {
			if IsNewResourceCall(instr) {
				return true
			}
		}
	}
	return false
}

// IsNewResourceCall reports a call of d.IsNewResource(): a Read that errors
// on not-found only right after Create is the SDK's documented idiom.
func IsNewResourceCall(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Common().StaticCallee()
	return fn != nil && fn.Name() == "IsNewResource" && fn.Signature.Recv() != nil && tfapi.IsResourceData(fn.Signature.Recv().Type())
}

var benignPkgs = map[string]bool{
	"log": true, "fmt": true, "errors": true, "strings": true, "strconv": true,
	"github.com/pkg/errors":                                true,
	"github.com/hashicorp/terraform-plugin-log/tflog":      true,
	"github.com/hashicorp/go-hclog":                        true,
	"github.com/hashicorp/terraform-plugin-framework/diag": true,
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag":    true,
}

// Benign reports whether a call only logs, formats or builds an error or a
// diagnostic: it cannot be the next remote operation on a path.
func Benign(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return c.Method.Name() == "Error" || c.Method.Name() == "String"
	}
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return true
	}
	fn := c.StaticCallee()
	if fn == nil {
		return false
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if tfapi.IsDiagnostics(recv.Type()) {
			return true
		}
		if tfapi.IsResourceData(recv.Type()) {
			switch fn.Name() {
			case "Id", "Get", "GetOk", "HasChange":
				return true
			}
		}
		if p, _ := tfapi.Named(recv.Type()); strings.HasPrefix(p, "github.com/hashicorp/terraform-plugin-framework/types") {
			return true // reading a value: ValueString, IsNull
		}
	}
	if fn.Pkg == nil {
		return false
	}
	return benignPkgs[fn.Pkg.Pkg.Path()] || DiagnosticBuilder(c)
}

// DiagnosticBuilder: a provider helper that makes one diagnostic out of
// texts and errors (diagutils.NotFound("widget") returning
// diag.ErrorDiagnostic): it builds a message, it asks nothing remote.
func DiagnosticBuilder(c *ssa.CallCommon) bool {
	sig := c.Signature()
	if sig.Results().Len() != 1 || !tfapi.IsDiagnostic(sig.Results().At(0).Type()) {
		return false
	}
	for _, a := range c.Args {
		if !messagePart(a.Type()) {
			return false
		}
	}
	return true
}

// messagePart: a type a message is made of (text, numbers, an error, a
// path, a list of format arguments).
func messagePart(t types.Type) bool {
	if tfapi.IsError(t) {
		return true
	}
	if p, _ := tfapi.Named(t); p == "github.com/hashicorp/terraform-plugin-framework/path" {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Slice:
		it, ok := u.Elem().Underlying().(*types.Interface)
		return ok && it.Empty()
	}
	return false
}

// ReturnKind classifies what an SDK Read's return yields: "error" when the
// last result is an error (a call or an err variable), "success" for nil or
// an empty diag.Diagnostics{}, "" when it cannot tell (a phi, an append).
func ReturnKind(ret *ssa.Return) string {
	if len(ret.Results) == 0 {
		return ""
	}
	return valueKind(ret.Results[len(ret.Results)-1])
}

func valueKind(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return "success"
		}
	case *ssa.MakeInterface:
		return valueKind(v.X)
	case *ssa.Slice:
		if a, ok := v.X.(*ssa.Alloc); ok {
			if arr, ok := types.Unalias(a.Type()).(*types.Pointer).Elem().Underlying().(*types.Array); ok && arr.Len() == 0 {
				return "success"
			}
		}
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); !ok {
			return "error"
		} else if b.Name() == "append" && len(v.Call.Args) == 2 && appendsSDKError(v.Call.Args[1]) {
			return "error" // append(diags, diag.Diagnostic{Severity: diag.Error, ...})
		}
	case *ssa.Extract:
		if tfapi.IsError(v.Type()) {
			return "error"
		}
	}
	return ""
}

// ReturnKindThroughDefers is ReturnKind for functions with defers too,
// whose returns load their results from local slots (see StoredBefore).
func ReturnKindThroughDefers(ret *ssa.Return) string {
	if len(ret.Results) > 0 {
		if u, ok := ret.Results[len(ret.Results)-1].(*ssa.UnOp); ok {
			if x := StoredBefore(u); x != nil {
				return valueKind(x)
			}
		}
	}
	return ReturnKind(ret)
}

// StoredBefore: in a function with defers the SSA builder stores each
// return's results in a local slot and returns a load of it (*t0 = err;
// rundefers; t1 = *t0; return t1); the value the last store in the load's
// block put there, or nil.
func StoredBefore(load *ssa.UnOp) ssa.Value {
	if load.Op != token.MUL || load.Block() == nil {
		return nil
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok || slot.Heap {
		return nil
	}
	var val ssa.Value
	for _, instr := range load.Block().Instrs {
		if instr == load {
			return val
		}
		if st, ok := instr.(*ssa.Store); ok && st.Addr == slot {
			val = st.Val
		}
	}
	return nil
}

// RootLoad is Root through loads too: *(&req.State) leads to req.
func RootLoad(v ssa.Value) ssa.Value {
	for {
		v = Root(v)
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return v
		}
		v = u.X
	}
}

// Root follows field and element addresses down to the value they start from.
func Root(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		default:
			return v
		}
	}
}

// appendsSDKError: the elements appended (a varargs slice) include an SDK
// diag.Diagnostic whose Severity is diag.Error, the zero value.
func appendsSDKError(v ssa.Value) bool {
	return slices.ContainsFunc(Varargs(v), sdkErrorDiagnostic)
}

// sdkErrorDiagnostic: a diag.Diagnostic composite (of the SDK v2) whose
// Severity is not set to anything but diag.Error.
func sdkErrorDiagnostic(v ssa.Value) bool {
	if p, n := tfapi.Named(v.Type()); p != "github.com/hashicorp/terraform-plugin-sdk/v2/diag" || n != "Diagnostic" {
		return false
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok || lit.Referrers() == nil {
		return false
	}
	for _, r := range *lit.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil {
			continue
		}
		if st := types.Unalias(lit.Type()).(*types.Pointer).Elem().Underlying().(*types.Struct); st.Field(fa.Field).Name() != "Severity" {
			continue
		}
		for _, u := range *fa.Referrers() {
			if store, ok := u.(*ssa.Store); ok {
				k, ok := store.Val.(*ssa.Const)
				if !ok || k.Value == nil || k.Value.String() != "0" {
					return false
				}
			}
		}
	}
	return true
}
