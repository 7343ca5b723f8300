package orphanedcreate

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// The framework form of APPLY-3: the framework keeps no state for a Create
// that returns errors with resp.State still null (it starts null), so an
// error diagnostic added after the create succeeded, before the first
// resp.State.Set, leaves the object behind. The create is found as for
// the SDK, from the ID the save holds.

func checkFramework(rep *lint.Reporter, t tfssa.Target) {
	if cleansUpDeferred(t.Fn) {
		return
	}
	checkHelpers(rep, t)
	for _, cr := range creates(frameworkSaves(t)) {
		at, ret := unsavedFailure(cr, t.Subject)
		if ret == nil {
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: at,
			Related: []analysis.RelatedInformation{
				lint.Related(cr.call.Pos(), "the object is created here"),
				lint.Related(ret.Pos(), "Create returns here with the error and a null state"),
				lint.Related(cr.set.Pos(), "the state is saved only here"),
			},
			Message: fmt.Sprintf("Create of %s adds an error after %s made the object and before resp.State.Set saves it: the framework keeps no state for a Create that fails with a null state, so the object is left behind outside Terraform and the next apply tries to create it again (\"already exists\", or a second object); save the ID (resp.State.Set of the plan, or SetAttribute of the ID) right after the create succeeds (a later error then marks the resource tainted), or delete the object before returning the error", t.Name, cr.what)})
	}
}

// frameworkSaves: each resp.State.Set / SetAttribute of Create's own body,
// with the ID it saves: the value stored into the model's "id" field, or
// else the value saved (a model built from the create's answer, or the
// plan the create was handed).
func frameworkSaves(t tfssa.Target) []idSave {
	var out []idSave
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || !savesState(c.Common(), t.Subject) || len(c.Common().Args) < 3 {
				continue
			}
			s := idSave{at: c, id: c.Common().Args[2]}
			if callee := c.Common().StaticCallee(); callee.Name() == "Set" {
				if id := storedID(s.id); id != nil {
					s.id = id
				}
			}
			if fwParentID(t, s.id) {
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// savesState: c is resp.State.Set or SetAttribute.
func savesState(c *ssa.CallCommon, resp ssa.Value) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || (fn.Name() != "Set" && fn.Name() != "SetAttribute") {
		return false
	}
	if !tfapi.IsFramework(fn.Signature.Recv().Type(), "tfsdk", "State") || len(c.Args) == 0 {
		return false
	}
	fa, ok := c.Args[0].(*ssa.FieldAddr)
	return ok && tfssa.IsParam(tfssa.StripInterface(fa.X), resp)
}

// storedID: what stands for the ID in the model v (&plan, or plan by
// value): the value stored into its "id" field, or else a whole model
// stored into it (result, diags := fromAPI(out)); nil when neither is
// stored in the function.
func storedID(v ssa.Value) ssa.Value {
	v = tfssa.StripInterface(v)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	a, ok := v.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return nil
	}
	var id, whole ssa.Value
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if _, zero := r.Val.(*ssa.Const); r.Addr == a && !zero {
				whole = r.Val
			}
		case *ssa.FieldAddr:
			if modelflow.FieldTag(r) == "id" {
				id = storedInto(r, id)
			}
		}
	}
	if id != nil {
		return id
	}
	return whole
}

// storedInto: the value stored at addr, or prev when none is.
func storedInto(addr *ssa.FieldAddr, prev ssa.Value) ssa.Value {
	for _, u := range *addr.Referrers() {
		if st, ok := u.(*ssa.Store); ok && st.Addr == addr {
			prev = st.Val
		}
	}
	return prev
}

// fwParentID: the ID saved is a parent key as configured
// (plan.ID = plan.ProjectID): settings of that parent, set again next apply.
func fwParentID(t tfssa.Target, id ssa.Value) bool {
	v := tfssa.StripConversions(tfssa.StripInterface(id))
	if c, ok := v.(*ssa.Call); ok && !tfssa.Failable(c) && len(c.Call.Args) == 1 {
		v = c.Call.Args[0] // types.StringValue(plan.ProjectID.ValueString())
		if r := modelflow.ValueReceiver(v); r != nil {
			v = r
		}
	}
	return t.ParentKeys[modelflow.LoadedTag(v)]
}

// unsavedFailure walks the paths from the create's success to a return
// reached with an error diagnostic added and nothing saved: no
// resp.State.Set, no helper handed resp or its state, no delete. It answers
// where the error was added (the return when unknown) and the return.
func unsavedFailure(cr create, resp ssa.Value) (token.Pos, *ssa.Return) {
	var at token.Pos
	var ret *ssa.Return
	seen := map[pathItem]bool{}
	work := []pathItem{{b: cr.test.Block().Succs[cr.ok]}}
	for len(work) > 0 {
		it := work[0]
		work = work[1:]
		if seen[it] {
			continue
		}
		seen[it] = true
		it, stop := fwBlock(it, resp)
		if stop {
			continue
		}
		switch last := it.b.Instrs[len(it.b.Instrs)-1].(type) {
		case *ssa.Return:
			if !it.at.IsValid() || (!failureOfOther(last, cr) && onAnswer(last, cr)) || (ret != nil && !it.explicit) {
				continue
			}
			if at, ret = it.at, last; it.explicit {
				return at, ret // an error added by the provider, rather than a helper's diagnostics
			}
		case *ssa.If:
			work = append(work, branches(it, last)...)
		default:
			for _, s := range it.b.Succs {
				work = append(work, pathItem{s, it.at, it.explicit, it.touched})
			}
		}
	}
	return at, ret
}

// pathItem is a block on a path from the create's success, with where an
// error was added on the way (NoPos: none yet) and whether diagnostics
// were produced since the create (a diags.HasError() test can fail only then).
type pathItem struct {
	b        *ssa.BasicBlock
	at       token.Pos
	explicit bool // at is an AddError of the provider's
	touched  bool
}

// branches: the successors of it's last If; the failure branch of a
// diags.HasError() test fails the path when diagnostics were produced.
func branches(it pathItem, ifi *ssa.If) []pathItem {
	var out []pathItem
	failed := tfssa.FailedSucc(ifi)
	if tested, fail := tfssa.ErrCheck(ifi); tested != nil && neverFails(tested.Call.StaticCallee(), 3) {
		return []pathItem{{it.b.Succs[1-fail], it.at, it.explicit, it.touched}} // its error is always nil
	}
	for i, s := range it.b.Succs {
		next := pathItem{s, it.at, it.explicit, it.touched}
		if i == failed && !next.at.IsValid() {
			if !it.touched {
				continue // no diagnostics since the create: the test cannot fail
			}
			next.at = tfssa.CondPos(ifi)
		}
		out = append(out, next)
	}
	return out
}

// fwBlock: whether b saves the state, hands resp or its state to other
// code, or deletes what was made (the walk stops); else the item past b.
func fwBlock(it pathItem, resp ssa.Value) (pathItem, bool) {
	for _, instr := range it.b.Instrs {
		c, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if savesState(c.Common(), resp) || handsState(c.Common(), resp) || deletes(c.Common()) {
			return it, true
		}
		if silentAppend(c.Common()) {
			continue // diagnostics of a helper that never reports an error
		}
		if !it.at.IsValid() && tfssa.FailsOrDelegates(instr) {
			it.at, it.explicit = instr.Pos(), tfssa.AddsError(instr)
		}
		it.touched = it.touched || (producesDiags(c.Common()) && !silent(c.Common().StaticCallee(), 3))
	}
	return it, false
}

// producesDiags: the call adds to diagnostics, is handed them, or
// answers new ones.
func producesDiags(c *ssa.CallCommon) bool {
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && tfapi.IsDiagnostics(fn.Signature.Recv().Type()) {
		return fn.Name() == "Append" || fn.Name() == "AddError" || fn.Name() == "AddAttributeError"
	}
	for _, a := range c.Args {
		if tfapi.IsDiagnostics(tfssa.StripInterface(a).Type()) {
			return true
		}
	}
	res := c.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if tfapi.IsDiagnostics(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// handsState: the call gives resp, or resp.State, to code other than the
// framework's (a helper that may save the state); resp.Diagnostics alone
// saves nothing.
func handsState(c *ssa.CallCommon, resp ssa.Value) bool {
	if fn := c.StaticCallee(); fn != nil && tfapi.IsPluginLib(tfssa.PkgPath(fn)) {
		return false
	}
	for _, a := range append(append([]ssa.Value{}, c.Args...), closureBindings(c.Args)...) {
		a = tfssa.StripInterface(a)
		if tfssa.IsParam(a, resp) {
			return true
		}
		if fa, ok := a.(*ssa.FieldAddr); ok && tfssa.IsParam(fa.X, resp) && tfapi.IsFramework(fa.Type(), "tfsdk", "State") {
			return true
		}
	}
	return false
}

func closureBindings(args []ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, a := range args {
		if ct, ok := a.(*ssa.ChangeType); ok {
			a = ct.X
		}
		if mc, ok := a.(*ssa.MakeClosure); ok {
			out = append(out, mc.Bindings...)
		}
	}
	return out
}

// cleansUpDeferred: fn defers code that deletes (`defer func() { if
// resp.Diagnostics.HasError() { client.Delete(...) } }()`): a failure
// after the create undoes it.
func cleansUpDeferred(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			if deletes(d.Common()) {
				return true
			}
			g, _ := d.Call.Value.(*ssa.MakeClosure)
			if g != nil && callsDelete(g.Fn.(*ssa.Function)) {
				return true
			}
			if f := d.Call.StaticCallee(); f != nil && callsDelete(f) {
				return true
			}
		}
	}
	return false
}

func callsDelete(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && deletes(c.Common()) {
				return true
			}
		}
	}
	return false
}

// silentAppend: diags.Append(helper(...)...) of a helper whose
// diagnostics never hold an error.
func silentAppend(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != "Append" || fn.Signature.Recv() == nil || !tfapi.IsDiagnostics(fn.Signature.Recv().Type()) || len(c.Args) != 2 {
		return false
	}
	return silentValue(c.Args[1], 2)
}

// silentValue: diagnostics v come from silent calls only (directly, or
// every value stored into the variable v is loaded from), or are nil.
func silentValue(v ssa.Value, depth int) bool {
	v = tfssa.StripConversions(v) // diag.Diagnostics as ...diag.Diagnostic
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Call:
		return silent(x.Call.StaticCallee(), 3)
	case *ssa.UnOp:
		a, ok := x.X.(*ssa.Alloc)
		if !ok || depth == 0 || a.Referrers() == nil {
			return false
		}
		for _, r := range *a.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a && !silentValue(st.Val, depth-1) {
				return false
			}
		}
		return true
	}
	return false
}

// silent: fn never adds an error of the API's to diagnostics: a function
// of the plugin libraries (its diagnostics are conversion slips, left alone
// as the SDK form leaves d.Set's errors), or one of the provider in which
// nothing adds errors or is handed diagnostics but silent helpers
// (`var diags diag.Diagnostics; m.ID = ...; return diags`).
func silent(fn *ssa.Function, depth int) bool {
	if fn != nil && tfapi.IsPluginLib(tfssa.PkgPath(fn)) {
		return true // a conversion's diagnostics (types.ListValueFrom): a slip like d.Set's error, not the API failing
	}
	if fn == nil || depth == 0 || len(fn.Blocks) == 0 {
		return false
	}
	quiet := true
	tfssa.EachInstr(fn, 0, true, func(instr ssa.Instruction) {
		c, ok := instr.(ssa.CallInstruction)
		if !ok || !quiet {
			return
		}
		cc := c.Common()
		if callee := cc.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && tfapi.IsDiagnostics(callee.Signature.Recv().Type()) {
			quiet = callee.Name() == "AddWarning" || callee.Name() == "HasError" || callee.Name() == "AddAttributeWarning" || silentAppend(cc)
			return
		}
		if (producesDiags(cc) || buildsError(cc)) && !silent(cc.StaticCallee(), depth-1) {
			quiet = false
		}
	})
	return quiet
}

// buildsError: the call answers a diagnostic that is not a warning
// (diag.NewErrorDiagnostic, appended with the builtin append).
func buildsError(c *ssa.CallCommon) bool {
	res := c.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if tfapi.IsDiagnostic(res.At(i).Type()) && !tfapi.IsFramework(res.At(i).Type(), "diag", "WarningDiagnostic") {
			return true
		}
	}
	return false
}

// checkHelpers reports a call of a package helper that makes the object and
// then fails (createAndWait: the create succeeds, the wait's error is
// returned) when Create, on that error, returns with nothing saved.
func checkHelpers(rep *lint.Reporter, t tfssa.Target) {
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !tfssa.Failable(call) || tfssa.InCycle(b) || handsState(call.Common(), t.Subject) {
				continue
			}
			g := call.Call.StaticCallee()
			if g == nil || g.Pkg != t.Fn.Pkg || len(g.Blocks) == 0 {
				continue
			}
			inner, innerRet := failsAfterCreate(g)
			test, succ := errTest(call)
			if inner == nil || test == nil {
				continue
			}
			failed := create{call: call, test: test, ok: 1 - succ} // walk the helper's failure
			at, ret := unsavedFailure(failed, t.Subject)
			if ret == nil {
				continue
			}
			rep.Report(lint.Finding{Rule: "APPLY-3", Pos: at,
				Related: []analysis.RelatedInformation{
					lint.Related(inner.call.Pos(), "the object is created here"),
					lint.Related(innerRet.Pos(), "the helper returns an error after the create succeeded"),
					lint.Related(call.Pos(), "Create calls the helper here"),
					lint.Related(ret.Pos(), "Create returns here with the error and a null state"),
				},
				Message: fmt.Sprintf("Create of %s adds an error when %s fails, and %s can fail after %s made the object: the framework keeps no state for a Create that fails with a null state, so the object is left behind outside Terraform and the next apply tries to create it again (\"already exists\", or a second object); save the ID right after the create succeeds (return it with the error, or save it in the helper), or delete the object before returning the error", t.Name, g.Name(), g.Name(), inner.what)})
		}
	}
}

// failsAfterCreate: in helper g, a call named as a create into the API
// whose success is followed by an error return with no delete on the way.
func failsAfterCreate(g *ssa.Function) (*create, *ssa.Return) {
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || !tfssa.Failable(c) || !tfssa.AsksRemote(c.Common(), g.Pkg) || !makesNew(opName(c)) || tfssa.InCycle(b) {
				continue
			}
			test, succ := errTest(c)
			if test == nil {
				continue
			}
			cr := create{call: c, what: opName(c), ok: succ, test: test}
			if ret := orphaningReturn(cr, nil); ret != nil {
				return &cr, ret
			}
		}
	}
	return nil, nil
}

// neverFails: fn, a function of the provider, returns a nil error on every
// path (directly, or the error of a call that never fails): a test of its
// error cannot fail.
func neverFails(fn *ssa.Function, depth int) bool {
	if fn == nil || depth == 0 || len(fn.Blocks) == 0 || tfapi.IsPluginLib(tfssa.PkgPath(fn)) {
		return false
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		v := ret.Results[len(ret.Results)-1]
		if !tfapi.IsError(v.Type()) {
			return false
		}
		if ex, ok := v.(*ssa.Extract); ok {
			v = ex.Tuple
		}
		switch x := v.(type) {
		case *ssa.Const:
			if !x.IsNil() {
				return false
			}
		case *ssa.Call:
			if !neverFails(x.Call.StaticCallee(), depth-1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// failureOfOther: the nearest test above ret is the error test of another
// call (a wait handed the answer's ID): ret reports that call's failure,
// not a test of the create's answer.
func failureOfOther(ret *ssa.Return, cr create) bool {
	for b := ret.Block(); b.Idom() != nil; b = b.Idom() {
		p := b.Idom()
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		tested, _ := tfssa.ErrCheck(ifi)
		return tested != nil && tested != cr.call
	}
	return false
}
