package readneverremoves

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports resource Reads that fail on a remote error and have no
// path that removes the resource.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	sibs := tfssa.NewSiblings(pass, model, funcs)
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		if t.Exists {
			continue // with an Exists function the SDK removes the resource itself
		}
		if mayRemove(t.Fn, model.Removes) || handlesNotFound(t.Fn, model) {
			continue
		}
		errPos, callPos, ok := remoteError(t)
		if !ok || settingsResource(sibs.Of(t, "Create"), sibs.Of(t, "Update"), t.Fn, sibs.Of(t, "Delete")) {
			continue
		}
		remove := "resp.State.RemoveResource(ctx)"
		if t.SDK {
			remove = `d.SetId("") and return nil`
		}
		rep.Report(lint.Finding{Rule: "READ-2", Pos: errPos,
			Related: []analysis.RelatedInformation{lint.Related(callPos, "the remote call whose failure is reported")},
			Message: fmt.Sprintf("Read of %s has no path that removes the resource from state: once the object is deleted outside Terraform, Read fails here on every refresh (or, if the client returns no error for a missing object, keeps the old state); on not-found, %s", t.Name, remove)})
	}
	return nil, nil
}

// mayRemove reports whether fn or a closure in it removes the resource, or
// hands the state (resp, resp.State, d) to code that cannot be followed.
func mayRemove(fn *ssa.Function, removes func(*types.Func) bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if tfssa.Removal(instr, removes) || opaqueHandOff(instr) {
				return true
			}
			if st, ok := instr.(*ssa.Store); ok && isStateLike(tfssa.Root(st.Addr).Type()) && !isLocal(tfssa.Root(st.Addr)) {
				return true // resp.State.Raw = ...
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if mayRemove(anon, removes) {
			return true
		}
	}
	return false
}

func isLocal(v ssa.Value) bool {
	_, ok := v.(*ssa.Alloc)
	return ok
}

// isStateLike: values through which a resource can be removed.
func isStateLike(t types.Type) bool {
	if tfapi.IsResourceData(t) || tfapi.IsFramework(t, "tfsdk", "State") || tfapi.IsFramework(t, "resource", "ReadResponse") {
		return true
	}
	return false
}

// opaqueHandOff: the state handed to a call whose callee is unknown (a
// function value, an interface method).
func opaqueHandOff(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	c := call.Common()
	if c.StaticCallee() != nil {
		return false
	}
	if c.IsInvoke() && isStateLike(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if isStateLike(a.Type()) {
			return true
		}
	}
	return false
}

// remoteError finds the first `if err != nil` on an error from a call to
// provider or client code (not the plugin libraries nor the standard
// library) whose branch fails at once; it returns where it fails and the call.
func remoteError(t tfssa.Target) (token.Pos, token.Pos, bool) {
	best, bestCall, bestExt := token.NoPos, token.NoPos, false
	for _, b := range t.Fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		call, succ := errCheck(ifi)
		if call == nil || !remoteCall(call) || !keyedOnState(t, call) || listsOnly(call) {
			continue
		}
		pos := failsAt(t, b.Succs[succ])
		if !pos.IsValid() {
			continue
		}
		// Prefer a client call (another package, an interface) over a
		// local helper such as an ID parser as the evidence.
		ext := external(call)
		if !best.IsValid() || (ext && !bestExt) || (ext == bestExt && pos < best) {
			best, bestCall, bestExt = pos, call.Pos(), ext
		}
	}
	return best, bestCall, best.IsValid()
}

// errCheck matches `err != nil` (or `err == nil`) on an error result of a
// call; it returns the call and the successor where err is not nil.
func errCheck(ifi *ssa.If) (*ssa.Call, int) {
	b, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (b.Op != token.NEQ && b.Op != token.EQL) {
		return nil, 0
	}
	other := b.X
	if !tfssa.IsNilConst(b.Y) {
		if !tfssa.IsNilConst(b.X) {
			return nil, 0
		}
		other = b.Y
	}
	ex, ok := other.(*ssa.Extract)
	if !ok || !tfapi.IsError(ex.Type()) {
		return nil, 0
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil, 0
	}
	if b.Op == token.NEQ {
		return call, 0
	}
	return call, 1
}

func remoteCall(call *ssa.Call) bool {
	c := call.Common()
	if c.IsInvoke() {
		return true
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	p := fn.Pkg.Pkg.Path()
	return !tfapi.IsStd(p) && !tfapi.IsPluginLib(p)
}

// failsAt follows a branch through blocks that only log or build errors and
// returns where it fails: an error diagnostic (framework) or an error return (SDK).
func failsAt(t tfssa.Target, b *ssa.BasicBlock) token.Pos {
	for steps := 0; b != nil && steps < 8; steps++ {
		for _, instr := range b.Instrs {
			if !t.SDK && tfssa.Fails(instr) {
				return instr.Pos()
			}
			switch in := instr.(type) {
			case *ssa.Return:
				if t.SDK && tfssa.ReturnKind(in) == "error" {
					return flow.Pos(t.Fn, in)
				}
				return token.NoPos
			case ssa.CallInstruction:
				if !tfssa.Benign(in.Common()) {
					return token.NoPos
				}
			}
		}
		if len(b.Succs) != 1 {
			return token.NoPos
		}
		b = b.Succs[0]
	}
	return token.NoPos
}

// keyedOnState reports whether the call looks the object up by something
// taken from the resource's state (d.Id(), d.Get, a field of the model read
// from req.State): a singleton or settings resource, looked up by the
// provider's configuration alone, cannot disappear.
func keyedOnState(t tfssa.Target, call *ssa.Call) bool {
	input := t.Subject // d
	if !t.SDK && len(t.Fn.Params) >= 2 {
		input = t.Fn.Params[len(t.Fn.Params)-2] // req
	}
	seen := map[ssa.Value]bool{}
	var from func(v ssa.Value, depth int) bool
	from = func(v ssa.Value, depth int) bool {
		if v == nil || depth > 16 || seen[v] {
			return false
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Parameter:
			return !t.SDK && v == input
		case *ssa.Call:
			if readsID(v) {
				return true
			}
		case *ssa.Alloc:
			return isParam(v, input) || filledFrom(v, input)
		case *ssa.Const, *ssa.Global, *ssa.Function:
			return false
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		for _, op := range instr.Operands(nil) {
			if op != nil && from(*op, depth+1) {
				return true
			}
		}
		return false
	}
	for _, a := range call.Common().Args {
		if from(a, 0) {
			return true
		}
	}
	return false
}

// filledFrom reports whether a local model was passed to a call on the
// request (req.State.Get(ctx, &state)).
func filledFrom(a *ssa.Alloc, req ssa.Value) bool {
	var refs []ssa.Instruction
	if a.Referrers() != nil {
		refs = *a.Referrers()
	}
	for _, r := range refs {
		if mi, ok := r.(*ssa.MakeInterface); ok && mi.Referrers() != nil {
			refs = append(refs, *mi.Referrers()...) // Get(ctx, &state) boxes it
		}
	}
	for _, r := range refs {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		for _, arg := range call.Common().Args {
			if isParam(tfssa.RootLoad(arg), req) {
				return true
			}
		}
	}
	return false
}

// isParam: v is the parameter, or the local copy SSA makes of a parameter
// passed by value whose address is taken (&req.State).
func isParam(v, param ssa.Value) bool {
	if v == param {
		return true
	}
	a, ok := v.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a && st.Val == param {
			return true
		}
	}
	return false
}

// listsOnly: the call returns a collection, and otherwise only an error or
// response metadata: a listing answers a missing prefix or parent with an
// empty result, which Read then saves, rather than with an error (a Consul
// KV prefix).
func listsOnly(call *ssa.Call) bool {
	res := call.Common().Signature().Results()
	lists := false
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		switch t.Underlying().(type) {
		case *types.Slice, *types.Map:
			lists = true
		default:
			if !tfapi.IsError(t) && !responseMeta(t) {
				return false
			}
		}
	}
	return lists
}

// responseMeta: *http.Response, or a client's *XxxResponse / *XxxMeta.
func responseMeta(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok {
		return false
	}
	name := n.Obj().Name()
	return strings.HasSuffix(name, "Response") || strings.HasSuffix(name, "Meta")
}

func external(call *ssa.Call) bool {
	c := call.Common()
	fn := c.StaticCallee()
	return c.IsInvoke() || (fn != nil && fn.Pkg != call.Parent().Pkg)
}

// handlesNotFound: a Read that tests for not-found at all has decided what
// to do then (readnotfound judges that branch); this check is for Reads
// that never ask.
func handlesNotFound(fn *ssa.Function, model *facts.Model) bool {
	for _, b := range fn.Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if _, ok := tfssa.NotFoundBranch(ifi, model.NotFoundPredicate); ok {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if handlesNotFound(anon, model) {
			return true
		}
	}
	return false
}

// readsID: d.Id(), d.Get(k), d.GetOk(k): a key taken from the resource's own
// state. Handing d itself to a helper (a client factory) is not a lookup key.
func readsID(call *ssa.Call) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return false
	}
	switch fn.Name() {
	case "Id", "Get", "GetOk", "GetOkExists":
		return true
	}
	return false
}
