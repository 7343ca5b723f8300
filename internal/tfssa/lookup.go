package tfssa

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Lookup is a call in a resource's Read that asks the remote API for
// something named by the resource's state (d.Id(), d.Get, a field of the
// model read from req.State) and whose error ends the Read with an error.
// After an out-of-band delete of the object, or of a parent named in its
// state, it is such a call that fails.
type Lookup struct {
	Call  *ssa.Call
	Check *ssa.If   // the `err != nil` test of its error
	Fails token.Pos // where its error branch fails (an error diagnostic or return)
	// Removed: the error branch removes the resource before it fails (the
	// removal is then discarded).
	Removed token.Pos
	// NotFound: where the Read tests the call's results for a missing
	// object (or branches on them to a removal); NoPos when it never does.
	NotFound token.Pos
	// External: a client call (another package, an interface method), not
	// a helper of the provider's own package.
	External bool
	// Asks is the call that asks the API: Call itself, or the lookup a
	// retry runs in a closure.
	Asks *ssa.Call
}

// Lookups lists the lookups of t's function in source order.
func Lookups(t Target, model *facts.Model) []Lookup {
	handled := NotFoundTests(t.Fn, model)
	var out []Lookup
	for _, b := range t.Fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		call, succ := ErrCheck(ifi)
		if call == nil || filtersError(call) {
			continue
		}
		asks, tests := call, handled
		if !asksAPI(call) && !factoryOnParent(t, call) {
			if asks = retriedLookup(t, call); asks == nil {
				continue
			}
			tests = append(NotFoundTests(asks.Parent(), model), handled...)
		}
		if !KeyedOnState(t, asks) || ListsOnly(asks) || Fallback(t, call.Block()) || fallbackHelper(t, call) {
			continue
		}
		fails, removed := failsAt(t, b.Succs[succ], model.Removes)
		if !fails.IsValid() {
			continue
		}
		l := Lookup{Call: call, Check: ifi, Fails: fails, Removed: removed, External: external(asks), Asks: asks}
		for _, h := range tests {
			if DependsOnCall(h.Cond, asks) || h.Block.Parent() == asks.Parent() && asks.Parent() != t.Fn {
				l.NotFound = h.Pos // a retried lookup's closure tests for absence itself
				break
			}
		}
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Fails < out[j].Fails })
	return out
}

// LookupChecks lists the error tests of t's direct lookups (calls that ask
// the API keyed on state, not listings), whatever their error branch does;
// only Call and Check are set.
func LookupChecks(t Target) []Lookup {
	var out []Lookup
	for _, b := range t.Fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		call, _ := ErrCheck(ifi)
		if call == nil || filtersError(call) || !asksAPI(call) || !KeyedOnState(t, call) || ListsOnly(call) {
			continue
		}
		out = append(out, Lookup{Call: call, Check: ifi, Asks: call})
	}
	return out
}

// RemovedThenFails is a branch of a Read that removes the resource and
// then fails anyway.
type RemovedThenFails struct {
	Branch, Removed, Fails token.Pos
}

// RemovalsThenFails lists the branches of t's function (an error test, a
// test of a status) whose side removes the resource and then fails, once
// per removal. Recognised not-found tests are left out: readnotfound judges
// those branches.
func RemovalsThenFails(t Target, model *facts.Model) []RemovedThenFails {
	var out []RemovedThenFails
	seen := map[token.Pos]bool{}
	for _, b := range t.Fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if _, nf := NotFoundBranch(ifi, model); nf || DefensiveNil(ifi.Cond, model) {
			continue
		}
		for _, s := range b.Succs {
			fails, removed := failsAt(t, s, model.Removes)
			if fails.IsValid() && removed.IsValid() && !seen[removed] {
				seen[removed] = true
				out = append(out, RemovedThenFails{CondPos(ifi), removed, fails})
			}
		}
	}
	return out
}

// NotFoundRemovesThenFails reports whether a recognised not-found test of
// t's function removes the resource on its missing side and then fails
// (readnotfound's removed-then-error).
func NotFoundRemovesThenFails(t Target, model *facts.Model) bool {
	for _, b := range t.Fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if nf, ok := NotFoundBranch(ifi, model); ok {
			if fails, removed := failsAt(t, b.Succs[nf.Succ], model.Removes); fails.IsValid() && removed.IsValid() {
				return true
			}
		}
	}
	return false
}

// NotFoundTest is a branch of a Read that tests for a missing object, or
// leads on one side to a removal of the resource.
type NotFoundTest struct {
	Cond  ssa.Value
	Pos   token.Pos
	Block *ssa.BasicBlock
	// Test: a recognised not-found test (404, not-found predicate, nil
	// object...), not only a branch that removes.
	Test bool
	// Removes: one side of it removes the resource.
	Removes bool
}

// NotFoundTests lists the not-found tests of fn.
func NotFoundTests(fn *ssa.Function, model *facts.Model) []NotFoundTest {
	var out []NotFoundTest
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		_, nf := NotFoundBranch(ifi, model)
		succs := b.Succs
		if call, errSucc := ErrCheck(ifi); call != nil {
			succs = succs[errSucc : errSucc+1] // what the success path does is not about absence
		}
		removes := slices.ContainsFunc(succs, func(s *ssa.BasicBlock) bool { return removesAhead(s, model.Removes) })
		if nf || removes {
			out = append(out, NotFoundTest{ifi.Cond, CondPos(ifi), b, nf, removes})
		}
	}
	return out
}

// removesAhead: the branch starting at b removes the resource before it
// meets another branch or returns.
func removesAhead(b *ssa.BasicBlock, removes func(*types.Func) bool) bool {
	for steps := 0; b != nil && steps < 4; steps++ {
		for _, instr := range b.Instrs {
			if Removal(instr, removes) {
				return true
			}
		}
		if len(b.Succs) != 1 {
			return false
		}
		b = b.Succs[0]
	}
	return false
}

// ErrCheck matches `err != nil` (or `err == nil`) on an error result of a
// call; it returns the call and the successor where err is not nil.
func ErrCheck(ifi *ssa.If) (*ssa.Call, int) {
	b, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (b.Op != token.NEQ && b.Op != token.EQL) {
		return nil, 0
	}
	other := b.X
	if !IsNilConst(b.Y) {
		if !IsNilConst(b.X) {
			return nil, 0
		}
		other = b.Y
	}
	var call *ssa.Call
	switch v := other.(type) {
	case *ssa.Extract:
		call, _ = v.Tuple.(*ssa.Call)
	case *ssa.Call:
		call = v // err := client.Delete(id)
	}
	if call == nil || !tfapi.IsError(other.Type()) {
		return nil, 0
	}
	if b.Op == token.NEQ {
		return call, 0
	}
	return call, 1
}

// ResourceDataError reports whether ret sits on the error branch of the
// nearest error test above it and that test is of a *schema.ResourceData
// method (a d.Set): a programming slip, not a failure of the remote system.
func ResourceDataError(ret *ssa.Return) bool {
	for dom := ret.Block(); dom.Idom() != nil; dom = dom.Idom() {
		ifi, ok := dom.Idom().Instrs[len(dom.Idom().Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if tested, succ := ErrCheck(ifi); tested != nil && dom.Idom().Succs[succ] == dom {
			fn := tested.Common().StaticCallee()
			return fn != nil && fn.Signature.Recv() != nil && tfapi.IsResourceData(fn.Signature.Recv().Type())
		}
	}
	return false
}

// SetsID: instr is d.SetId(x) with x not the empty string.
func SetsID(instr ssa.Instruction, d ssa.Value) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	c := call.Common()
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != "SetId" || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return false
	}
	return len(c.Args) == 2 && IsParam(c.Args[0], d) && !EmptyString(c.Args[1])
}

// remoteCall: the callee is provider or client code (not the plugin
// libraries nor the standard library), or an interface method.
func remoteCall(call *ssa.Call) bool {
	c := call.Common()
	if c.IsInvoke() {
		return true
	}
	fn := c.StaticCallee()
	if fn == nil {
		return false
	}
	// PkgPath: a method of a package the Read reaches only through another
	// (api.Cluster().GetVMNodeName) has no SSA package of its own.
	p := PkgPath(fn)
	return p != "" && !tfapi.IsStd(p) && !tfapi.IsPluginLib(p)
}

// asksAPI: a call that can ask the remote API for something: client or
// provider code (not a client constructor, not a parser), and for a helper
// of the package, one that makes such a call itself.
func asksAPI(call *ssa.Call) bool {
	if !remoteCall(call) || clientFactory(call) || transforms(calleeName(call.Common())) {
		return false
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg != call.Parent().Pkg || len(fn.Blocks) == 0 {
		return true
	}
	return len(RemoteOps(fn)) > 0
}

// transforms: a name that reads as a pure transformation (parseID,
// SplitID, expandTags, flattenRules, decodeJSON, validateName).
func transforms(name string) bool {
	if len(name) > 3 && strings.HasPrefix(name, "New") && unicode.IsUpper(rune(name[3])) {
		return true // a constructor: NewRequest, NewGetOpts
	}
	n := strings.ToLower(name)
	for _, p := range []string{"parse", "split", "decode", "unmarshal", "expand", "flatten", "validate", "convert"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// clientFactory: a call that makes a client or a session for a region or an
// account named in state (config.ObjectStorageV1Client(region)) rather than
// asking the API for an object: its failure is not the object's absence.
func clientFactory(call *ssa.Call) bool {
	res := call.Common().Signature().Results()
	for i := 0; i < res.Len(); i++ {
		_, n := tfapi.Named(res.At(i).Type())
		if n == "Client" || n == "Session" || n == "Conn" {
			return true
		}
		for _, suffix := range []string{"APIClient", "ServiceClient", "Service", "API"} {
			if strings.HasSuffix(n, suffix) {
				return true
			}
		}
	}
	return false
}

// retriedLookup: the lookup a call runs in a closure of t's function and
// whose failure it answers (retry.RetryContext(ctx, timeout, func()
// *retry.RetryError { obj, err = client.Get(ctx, state.ID.ValueString())
// ... })): the first call of the closure that asks the API keyed on state.
func retriedLookup(t Target, call *ssa.Call) *ssa.Call {
	for _, inner := range Retried(call) {
		if asksAPI(inner) && KeyedOnState(t, inner) && !ListsOnly(inner) {
			return inner
		}
	}
	return nil
}

// Retried lists the calls that can fail made by the closures a call
// answering an error is handed (a retry or a backoff running a lookup),
// in the closures' block order.
func Retried(call *ssa.Call) []*ssa.Call {
	res := call.Common().Signature().Results()
	if res.Len() == 0 || !tfapi.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []*ssa.Call
	for _, a := range call.Common().Args {
		if ct, ok := a.(*ssa.ChangeType); ok {
			a = ct.X // a closure handed as a named func type (retry.RetryFunc)
		}
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		fn, ok := mc.Fn.(*ssa.Function)
		if !ok || fn.Parent() != call.Parent() {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ssa.Call); ok && failable(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// factoryOnParent: a client made for the object this one lives in
// (ProjectClient(d.Get("project_id"))): it looks that parent up, and fails
// once it is deleted.
func factoryOnParent(t Target, call *ssa.Call) bool {
	return remoteCall(call) && clientFactory(call) && KeyedOnParent(t, call, false)
}

// filtersError: the call is handed another call's error (err :=
// suppressErrorOn404(resp, err)): it decides what that error means, and may
// well drop a 404; the lookup is the call it filters.
func filtersError(call *ssa.Call) bool {
	for _, a := range call.Common().Args {
		if tfapi.IsError(a.Type()) {
			if _, ok := a.(*ssa.Const); !ok {
				return true
			}
		}
	}
	return false
}

// failsAt follows an error branch through blocks that only log, build
// errors or remove the resource, and returns where it fails (an error
// diagnostic, or an error return for the SDK) and any removal before that.
func failsAt(t Target, b *ssa.BasicBlock, removes func(*types.Func) bool) (fails, removed token.Pos) {
	start := b
	for steps := 0; b != nil && steps < 8; steps++ {
		for _, instr := range b.Instrs {
			switch {
			case IsNewResourceCall(instr):
				return token.NoPos, token.NoPos // the SDK's documented idiom right after Create
			case Removal(instr, removes):
				if !directRemoval(instr) {
					return token.NoPos, token.NoPos // a helper handed the state decides (handleNotFound(d, err))
				}
				removed = instr.Pos()
				continue
			case !t.SDK && Fails(instr):
				if !fails.IsValid() {
					fails = instr.Pos() // go on: a removal after the error is discarded too
				}
				continue
			}
			switch in := instr.(type) {
			case *ssa.Return:
				if fails.IsValid() {
					return fails, removed
				}
				if t.SDK && ReturnKind(in) == "error" && !nilOnPath(in, start) {
					return flow.Pos(t.Fn, in), removed
				}
				return token.NoPos, token.NoPos
			case ssa.CallInstruction:
				if !Benign(in.Common()) && !logs(in.Common()) && !buildsError(in, removes) {
					return fails, removed // after an error diagnostic the path has failed whatever follows
				}
			}
		}
		if len(b.Succs) != 1 {
			return fails, removed
		}
		b = b.Succs[0]
	}
	return fails, removed
}

// nilOnPath: ret returns a call's error on a path through from, where a
// test has found that error nil (if err == nil { ...; SetId("") }; return err).
func nilOnPath(ret *ssa.Return, from *ssa.BasicBlock) bool {
	ex, ok := StripInterface(ret.Results[len(ret.Results)-1]).(*ssa.Extract)
	if !ok {
		return false
	}
	for _, b := range ret.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if call, errSucc := ErrCheck(ifi); call != nil && ssa.Value(call) == ex.Tuple && b.Succs[1-errSucc].Dominates(from) {
			return true
		}
	}
	return false
}

var logMethods = map[string]bool{
	"Print": true, "Printf": true, "Println": true, "Log": true, "Logf": true,
	"Error": true, "Errorf": true, "Warn": true, "Warnf": true, "Warning": true, "Warningf": true,
	"Info": true, "Infof": true, "Debug": true, "Debugf": true, "Trace": true, "Tracef": true,
}

// logs: a logger's method that returns nothing (logger.Errorf(...)).
func logs(c *ssa.CallCommon) bool {
	name := calleeName(c)
	if c.StaticCallee() != nil && c.StaticCallee().Signature.Recv() == nil {
		return false
	}
	return logMethods[name] && c.Signature().Results().Len() == 0
}

// buildsError: a helper that turns the error into an error or diagnostics
// (diagnosticsError(err, "reading"), utils.WrapErr(err)), handed neither the
// resource's state nor the diagnostics, that removes nothing and whose name
// does not say it decides not-found.
func buildsError(in ssa.CallInstruction, removes func(*types.Func) bool) bool {
	call, ok := in.(*ssa.Call)
	if !ok {
		return false
	}
	c := call.Common()
	fn := c.StaticCallee()
	if fn == nil || c.IsInvoke() || Removal(in, removes) || HandsResourceData(c) || TakesDiagnostics(call) {
		return false
	}
	if tfapi.NotFoundName(fn.Name()) || strings.Contains(strings.ToLower(fn.Name()), "404") {
		return false
	}
	res := c.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	rt := res.At(0).Type()
	if !tfapi.IsError(rt) && !isDiagnosticsLike(rt) {
		return false
	}
	for _, a := range c.Args {
		if StateLike(a.Type()) {
			return false
		}
	}
	return true
}

// isDiagnosticsLike: the framework's or the SDK's diagnostics (or one of them).
func isDiagnosticsLike(t types.Type) bool {
	p, n := tfapi.Named(t)
	return strings.HasPrefix(p, "github.com/hashicorp/terraform-plugin-") && (n == "Diagnostics" || n == "Diagnostic")
}

// StateLike: values through which a resource can be removed (d,
// resp.State, resp).
func StateLike(t types.Type) bool {
	return tfapi.IsResourceData(t) || tfapi.IsFramework(t, "tfsdk", "State") || tfapi.IsFramework(t, "resource", "ReadResponse")
}

func external(call *ssa.Call) bool {
	c := call.Common()
	fn := c.StaticCallee()
	return c.IsInvoke() || (fn != nil && fn.Pkg != call.Parent().Pkg)
}

// DependsOnCall: v is computed from a result of call through a few steps
// (calls such as is404(resp), conversions, field reads, comparisons), not
// through another lookup's result.
func DependsOnCall(v ssa.Value, call *ssa.Call) bool { return dependsOnCall(v, call, 8) }

func dependsOnCall(v ssa.Value, call *ssa.Call, depth int) bool {
	if depth == 0 || v == nil {
		return false
	}
	if v == ssa.Value(call) {
		return true
	}
	if ex, ok := v.(*ssa.Extract); ok {
		if ex.Tuple == ssa.Value(call) {
			return true
		}
		if other, ok := ex.Tuple.(*ssa.Call); ok && failable(other) {
			return false // another lookup's result, even if keyed on this one's
		}
	}
	if other, ok := v.(*ssa.Call); ok && failable(other) {
		return false
	}
	switch v.(type) {
	case *ssa.Call, *ssa.UnOp, *ssa.BinOp, *ssa.ChangeInterface, *ssa.MakeInterface,
		*ssa.TypeAssert, *ssa.Field, *ssa.FieldAddr, *ssa.Extract, *ssa.Convert, *ssa.ChangeType,
		*ssa.Index, *ssa.IndexAddr, *ssa.Lookup:
	default:
		return false
	}
	for _, op := range v.(ssa.Instruction).Operands(nil) {
		if op != nil && dependsOnCall(*op, call, depth-1) {
			return true
		}
	}
	return false
}

// KeyedOnState reports whether the call looks something up by a value taken
// from the resource's state (d.Id(), d.Get, a helper handed d, a field of
// the model read from req.State), directly or through a request struct or
// options built around it: a singleton or settings object, looked up by the
// provider's configuration alone, cannot disappear.
func KeyedOnState(t Target, call *ssa.Call) bool {
	input := t.Subject // d
	if !t.SDK && len(t.Fn.Params) >= 2 {
		input = t.Fn.Params[len(t.Fn.Params)-2] // req
	}
	k := &keyed{t: t, input: input, seen: map[ssa.Value]bool{}}
	for _, a := range call.Common().Args {
		if k.from(a, 0) {
			return true
		}
	}
	if call.Common().IsInvoke() {
		return k.from(call.Common().Value, 0) // a request built with the key: c.Get(id).Execute()
	}
	return false
}

// KeyedOnParent reports whether an argument of the call comes from one of
// t's ParentKeys (d.Get("project_id"), state.ProjectID of the model read
// from req.State): the call can fail because the object this one lives in
// is gone. idIsParent: the resource's ID holds a parent key too (Create
// saves it as the ID), so the ID counts as one.
func KeyedOnParent(t Target, call *ssa.Call, idIsParent bool) bool {
	if len(t.ParentKeys) == 0 {
		return false
	}
	k := &keyed{t: t, input: stateInput(t), seen: map[ssa.Value]bool{}, parent: true, idParent: idIsParent}
	for _, a := range call.Common().Args {
		if k.from(a, 0) {
			return true
		}
	}
	return call.Common().IsInvoke() && k.from(call.Common().Value, 0)
}

// stateInput: what t's state comes from: d (SDK), the request (framework).
func stateInput(t Target) ssa.Value {
	if !t.SDK && len(t.Fn.Params) >= 2 {
		return t.Fn.Params[len(t.Fn.Params)-2]
	}
	return t.Subject
}

// IDFromParent reports whether create (the resource's Create, as a target)
// saves as the ID a value read from one of the ParentKeys
// (d.SetId(d.Get("device_id").(string)), plan.ID =
// types.StringValue(plan.DeviceID.ValueString())): the resource manages
// something of that parent's, and its ID names the parent.
func IDFromParent(create Target) bool {
	if create.Fn == nil || len(create.ParentKeys) == 0 {
		return false
	}
	k := &keyed{t: create, input: stateInput(create), seen: map[ssa.Value]bool{}, parent: true}
	for _, b := range create.Fn.Blocks {
		for _, instr := range b.Instrs {
			if v := savedAsID(instr); v != nil && k.from(v, 0) {
				return true
			}
		}
	}
	return false
}

// savedAsID: the value instr saves as the ID (d.SetId(v), model.ID = v).
func savedAsID(instr ssa.Instruction) ssa.Value {
	switch in := instr.(type) {
	case *ssa.Call:
		fn := in.Common().StaticCallee()
		if fn != nil && fn.Name() == "SetId" && fn.Signature.Recv() != nil && tfapi.IsResourceData(fn.Signature.Recv().Type()) && len(in.Call.Args) == 2 {
			return in.Call.Args[1]
		}
	case *ssa.Store:
		if fa, ok := in.Addr.(*ssa.FieldAddr); ok && tfapi.ModelTag(fa.X.Type(), fa.Field) == "id" {
			return in.Val
		}
	}
	return nil
}

// SharesKey reports whether two calls are handed a value read from the same
// attribute by d.Get (SDK): both name the object that attribute holds. The
// ID is not such a key: calls handed it may name different objects (the
// object, then its settings).
func SharesKey(a, b *ssa.Call) bool {
	ka, kb := stateKeys(a), stateKeys(b)
	for key := range ka {
		if kb[key] {
			return true
		}
	}
	return false
}

func stateKeys(call *ssa.Call) map[string]bool {
	k := &keyed{t: Target{SDK: true}, seen: map[ssa.Value]bool{}, keys: map[string]bool{}}
	for _, a := range call.Common().Args {
		k.from(a, 0)
	}
	return k.keys
}

// TestedCall returns the failable call whose results the condition v tests
// (err != nil, errors.Is(err, ...), resp.StatusCode == 404), or nil.
func TestedCall(v ssa.Value) *ssa.Call { return testedCall(v, 8) }

func testedCall(v ssa.Value, depth int) *ssa.Call {
	if depth == 0 || v == nil {
		return nil
	}
	if ex, ok := v.(*ssa.Extract); ok {
		if c, ok := ex.Tuple.(*ssa.Call); ok && failable(c) {
			return c
		}
	}
	if c, ok := v.(*ssa.Call); ok && failable(c) {
		return c // a call answering only an error
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return nil
	}
	if _, isPhi := v.(*ssa.Phi); isPhi {
		return nil
	}
	for _, op := range instr.Operands(nil) {
		if op != nil {
			if c := testedCall(*op, depth-1); c != nil {
				return c
			}
		}
	}
	return nil
}

type keyed struct {
	t     Target
	input ssa.Value
	seen  map[ssa.Value]bool
	// parent: only d.Get of a parent key counts.
	parent bool
	// keys, when set, collects the d.Get keys the value comes from and
	// never matches: the walk then covers every operand.
	keys map[string]bool
	// idParent: in parent mode, the ID counts as a parent key.
	idParent bool
	// idOnly: only the resource's ID counts (d.Id(), the model's id).
	idOnly bool
	// direct: a value the API answered, though asked with a key from
	// state, does not count.
	direct bool
}

func (k *keyed) from(v ssa.Value, depth int) bool {
	if v == nil || depth > 16 || k.seen[v] {
		return false
	}
	k.seen[v] = true
	switch v := v.(type) {
	case *ssa.Parameter:
		return !k.t.SDK && !k.parent && !k.idOnly && v == k.input
	case *ssa.FieldAddr:
		if (k.parent || k.idOnly) && !k.t.SDK {
			if a, ok := v.X.(*ssa.Alloc); ok && FilledFrom(a, k.input) {
				tag := tfapi.ModelTag(v.X.Type(), v.Field)
				return !k.idOnly && k.t.ParentKeys[tag] || (k.idParent || k.idOnly) && tag == "id"
			}
		}
	case *ssa.FreeVar:
		for _, b := range Bindings(v) {
			if k.from(b, depth+1) {
				return true
			}
		}
		return false
	case *ssa.Call:
		if k.keys != nil {
			if key, ok := getKey(v); ok {
				k.keys[key] = true
				return false
			}
		}
		if k.idOnly {
			if readsID(v) {
				key, ok := getKey(v)
				return ok && key == "id" || calleeName(v.Common()) == "Id"
			}
		} else if k.parent {
			if key, ok := getKey(v); ok {
				return k.t.ParentKeys[key]
			}
			if k.idParent && calleeName(v.Common()) == "Id" && readsID(v) {
				return true
			}
		} else if k.keys == nil && (readsID(v) || readsStateHelper(v)) {
			return true
		}
		if fn := v.Call.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "context" {
			return false // a context carrying the ID for logging is not a key
		}
		if k.direct && asksAPI(v) {
			return false
		}
	case *ssa.Alloc:
		if (k.parent || k.idOnly) && !k.t.SDK {
			return k.storedInto(v, depth) // a model read from state counts field by field
		}
		return isParam(v, k.input) || FilledFrom(v, k.input) || k.storedInto(v, depth)
	case *ssa.Const, *ssa.Global, *ssa.Function:
		return false
	case *ssa.Extract:
		if ResponseMeta(v.Type()) || tfapi.IsError(v.Type()) {
			return false // the answer to another call (a page link), not a key from state
		}
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && k.from(*op, depth+1) {
			return true
		}
	}
	return false
}

// storedInto: a value from state stored into a request struct or an
// argument slice (&GetRequest{ID: d.Id()}, opts...).
func (k *keyed) storedInto(a *ssa.Alloc, depth int) bool {
	if a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		var addr ssa.Value
		switch r := r.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr:
			addr = r.(ssa.Value)
		case *ssa.Store:
			if r.Addr == a && k.from(r.Val, depth+1) {
				return true
			}
			continue
		default:
			continue
		}
		if addr.Referrers() == nil {
			continue
		}
		for _, u := range *addr.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == addr && k.from(st.Val, depth+1) {
				return true
			}
		}
	}
	return false
}

// readsStateHelper: a helper handed d that returns a plain value
// (helper.GetID(d, "org_id")), not a client or an error only.
func readsStateHelper(call *ssa.Call) bool {
	if !HandsResourceData(call.Common()) {
		return false
	}
	res := call.Common().Signature().Results()
	if res.Len() == 0 {
		return false
	}
	switch u := res.At(0).Type().Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	}
	return false
}

// FilledFrom reports whether a local model was passed to a call on the
// request (req.State.Get(ctx, &state)).
func FilledFrom(a *ssa.Alloc, req ssa.Value) bool {
	for _, call := range CallsGiven(a) {
		for _, arg := range call.Common().Args {
			if isParam(RootLoad(arg), req) {
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

// getKey: the constant key of d.Get/d.GetOk.
func getKey(call *ssa.Call) (string, bool) {
	if !readsID(call) || len(call.Call.Args) < 2 {
		return "", false
	}
	return ConstString(call.Call.Args[1])
}

// ListsOnly: the call returns a collection, and otherwise only an error or
// response metadata, or is named as a listing (List, ListRoutes): a listing
// answers a missing prefix or parent with an empty result, which Read then
// saves, rather than with an error (a Consul KV prefix).
//
// A call named as a read of one thing (GetClientScopes(realm, client)) is
// not a listing even when it returns a collection: it is the object's, or its
// parent's, own endpoint, which answers a missing one with an error.
func ListsOnly(call *ssa.Call) bool {
	name := calleeName(call.Common())
	if verb(name, "List") {
		return true
	}
	if verb(name, "Get") && !strings.Contains(name, "List") && !strings.Contains(name, "All") {
		return false
	}
	res := call.Common().Signature().Results()
	lists := false
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		switch t.Underlying().(type) {
		case *types.Slice, *types.Map:
			lists = true
		default:
			if !tfapi.IsError(t) && !ResponseMeta(t) {
				return false
			}
		}
	}
	return lists
}

// verb: name starts with the word v (Get, GetScopes; not Getter).
func verb(name, v string) bool {
	return strings.HasPrefix(name, v) && (len(name) == len(v) || unicode.IsUpper(rune(name[len(v)])))
}

// ResponseMeta: *http.Response, or a client's *XxxResponse / *XxxMeta,
// returned beside an answer.
func ResponseMeta(t types.Type) bool {
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

// Failable: a call of provider or client code (or an interface method)
// that returns an error: it can ask the API and fail.
func Failable(call *ssa.Call) bool { return failable(call) }

func failable(call *ssa.Call) bool {
	res := call.Common().Signature().Results()
	return remoteCall(call) && res.Len() > 0 && tfapi.IsError(res.At(res.Len()-1).Type())
}

// CalleeName names the function or method a call invokes.
func CalleeName(call *ssa.Call) string { return calleeName(call.Common()) }

// directRemoval: resp.State.RemoveResource or d.SetId(""), not a helper.
func directRemoval(instr ssa.Instruction) bool { return Removal(instr, nil) }

// InCycle: b can be reached again from itself (it is inside a loop).
func InCycle(b *ssa.BasicBlock) bool {
	for _, s := range b.Succs {
		if Reachable(s)[b] {
			return true
		}
	}
	return false
}

// OnlyThrough reports whether b runs only on the succ side of the branch
// ending d: that side dominates b and the other cannot reach it (the block
// after an `if` without else is dominated by the else side, but runs after
// the then side too).
func OnlyThrough(d *ssa.BasicBlock, succ int, b *ssa.BasicBlock) bool {
	return d.Succs[succ].Dominates(b) && !Reachable(d.Succs[1-succ])[b]
}

// Reachable lists the blocks reachable from b, b included.
func Reachable(from *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	return walkBlocks([]*ssa.BasicBlock{from}, func(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs })
}

// Reaching lists the blocks from which b can be reached by at least one
// edge (b itself only inside a loop): Reachable walked backwards.
func Reaching(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	return walkBlocks(b.Preds, func(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Preds })
}

func walkBlocks(start []*ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := slices.Clone(start)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if !seen[b] {
			seen[b] = true
			work = append(work, next(b)...)
		}
	}
	return seen
}

// Varargs lists the values stored into the slice a variadic call is
// handed (fmt.Errorf(format, a, b) builds [a, b]).
func Varargs(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// Bindings lists the values a closure's free variable is bound to where the
// closure is made.
func Bindings(v *ssa.FreeVar) []ssa.Value {
	fn := v.Parent()
	i := slices.Index(fn.FreeVars, v)
	if i < 0 || fn.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *fn.Referrers() {
		if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) && i < len(mc.Bindings) {
			out = append(out, mc.Bindings[i])
		}
	}
	return out
}

// IsParam: v is param, or a load of the variable SSA makes of it when a
// closure captures it (d in a Create that hands a closure to a retry).
func IsParam(v, param ssa.Value) bool {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if _, isAlloc := u.X.(*ssa.Alloc); isAlloc {
			v = u.X
		}
	}
	return isParam(v, param)
}
