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
// with the ID it saves: the value stored into the model's "id" field
// (SetAttribute: the value), nil when none is stored in the body.
func frameworkSaves(t tfssa.Target) []idSave {
	var out []idSave
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || !savesState(c.Common(), t.Subject) || len(c.Common().Args) < 3 {
				continue
			}
			s := idSave{at: c}
			if callee := c.Common().StaticCallee(); callee.Name() == "SetAttribute" {
				s.id = c.Common().Args[2]
			} else {
				s.id = storedID(c.Common().Args[2])
			}
			if s.id != nil && fwParentID(t, s.id) {
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

// storedID: the value last stored into the "id" field of the model v
// (&plan, or plan by value), nil when none is stored in the function.
func storedID(v ssa.Value) ssa.Value {
	v = tfssa.StripInterface(v)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	a, ok := v.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return nil
	}
	var id ssa.Value
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || modelflow.FieldTag(fa) != "id" || fa.Referrers() == nil {
			continue
		}
		for _, u := range *fa.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == fa {
				id = st.Val
			}
		}
	}
	return id
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
	type item struct {
		b  *ssa.BasicBlock
		at token.Pos // where an error was added on the path, NoPos if none
	}
	seen := map[item]bool{}
	work := []item{{cr.test.Block().Succs[cr.ok], token.NoPos}}
	for len(work) > 0 {
		it := work[0]
		work = work[1:]
		if seen[it] {
			continue
		}
		seen[it] = true
		at, stop := fwBlock(it.b, resp, it.at)
		if stop {
			continue
		}
		switch last := it.b.Instrs[len(it.b.Instrs)-1].(type) {
		case *ssa.Return:
			if at.IsValid() && !onAnswer(last, cr) {
				return at, last
			}
		case *ssa.If:
			for i, s := range it.b.Succs {
				next := at
				if tfssa.FailedSucc(last) == i && !next.IsValid() {
					next = last.Pos() // if diags.HasError() { return }
					if !next.IsValid() {
						next = tfssa.CondPos(last)
					}
				}
				work = append(work, item{s, next})
			}
		default:
			for _, s := range it.b.Succs {
				work = append(work, item{s, at})
			}
		}
	}
	return token.NoPos, nil
}

// fwBlock: whether b saves the state, hands resp or its state to other
// code, or deletes what was made (the walk stops), and where an error is
// added on the path once past b.
func fwBlock(b *ssa.BasicBlock, resp ssa.Value, at token.Pos) (token.Pos, bool) {
	for _, instr := range b.Instrs {
		c, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if savesState(c.Common(), resp) || handsState(c.Common(), resp) || deletes(c.Common()) {
			return at, true
		}
		if !at.IsValid() && tfssa.FailsOrDelegates(instr) {
			at = instr.Pos()
		}
	}
	return at, false
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
