package orphanedcreate

import (
	"fmt"
	"go/token"
	"regexp"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK Creates that return an error after the remote create
// succeeded and before the ID is saved.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// frameworkForm turns on the framework form (error diagnostics before the
// first resp.State.Set). Off by default: on 29 corpus findings 26 were
// real; the other three fail on the provider's own checks of the create's
// answer (an unexpected type, an unparsable slug) that cannot fire in
// practice, under the 90% bar.
var frameworkForm = false

func init() {
	Analyzer.Flags.BoolVar(&frameworkForm, "framework", frameworkForm, "also report framework Creates that add an error after the create and before the first resp.State.Set")
}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	byName, _ := tfssa.ByName(funcs)
	for _, t := range tfssa.Targets(pass, model, funcs, "Create", facts.KindResource) {
		switch {
		case t.SDK && ownsObject(t, byName[t.SDKRes.Funcs["Delete"].Key()]):
			check(rep, t)
		case !t.SDK && frameworkForm && ownsObject(t, funcs[facts.Method(pass.Pkg, t.Name, "Delete")]):
			checkFramework(rep, t)
		}
	}
	return nil, nil
}

// ownsObject: the resource stands for an object of its own that a failed
// Create can leave behind. Not so when its Delete asks the API nothing (a
// task or an action: there is nothing to delete, and re-running it is what
// a tainted resource would do too).
func ownsObject(t tfssa.Target, del *ssa.Function) bool {
	if del == nil || len(tfssa.RemoteOps(del)) == 0 {
		return false
	}
	return true
}

// parentID: the ID saved is the value of a parent key as configured
// (d.SetId(d.Get("domain").(string))): the resource manages settings of
// that parent, which the next apply sets again.
func parentID(t tfssa.Target, id ssa.Value) bool {
	v := tfssa.StripConversions(tfssa.StripInterface(id))
	var edges []ssa.Value
	switch x := v.(type) {
	case *ssa.Phi:
		// groupID := d.Get("group_id"); if importing { groupID = d.Id() }
		edges = x.Edges
	case *ssa.UnOp:
		edges = storedIn(x) // the variable is captured by a closure
	}
	if edges != nil {
		parent := false
		for _, e := range edges {
			if k := dataCall(e); k == "Get" {
				parent = parent || parentID(t, e)
			} else if k != "Id" {
				return false
			}
		}
		return parent
	}
	if ta, ok := v.(*ssa.TypeAssert); ok {
		v = ta.X
	}
	c, ok := v.(*ssa.Call)
	if !ok || dataCall(c) != "Get" || len(c.Call.Args) != 2 {
		return false
	}
	key, ok := tfssa.ConstString(c.Call.Args[1])
	return ok && t.ParentKeys[key]
}

// storedIn: the values stored in the local variable load reads, nil when
// it reads something else.
func storedIn(load *ssa.UnOp) []ssa.Value {
	a, ok := load.X.(*ssa.Alloc)
	if !ok || load.Op != token.MUL || a.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			out = append(out, st.Val)
		}
	}
	return out
}

// dataCall names the method of d that v is the result of (Get, Id), ""
// for any other value.
func dataCall(v ssa.Value) string {
	v = tfssa.StripConversions(tfssa.StripInterface(v))
	if ta, ok := v.(*ssa.TypeAssert); ok {
		v = ta.X
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return ""
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return ""
	}
	return fn.Name()
}

func check(rep *lint.Reporter, t tfssa.Target) {
	for _, cr := range creates(sdkSaves(t)) {
		ret := orphaningReturn(cr, t.Subject)
		if ret == nil {
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: ret.Pos(),
			Related: []analysis.RelatedInformation{
				lint.Related(cr.call.Pos(), "the object is created here"),
				lint.Related(ret.Pos(), "the error is returned here without the ID saved"),
				lint.Related(cr.set.Pos(), "the ID is saved only here"),
			},
			Message: fmt.Sprintf("Create of %s returns an error after %s made the object and before d.SetId saves its ID: the SDK keeps no state for a Create that fails with no ID, so the object is left behind outside Terraform and the next apply tries to create it again (\"already exists\", or a second object); call d.SetId right after the create succeeds (a later error then marks the resource tainted), or delete the object before returning the error", t.Name, cr.what)})
	}
}

// create pairs the call that makes the object with the d.SetId that saves
// the ID its answer supplies.
type create struct {
	call *ssa.Call
	what string     // the create's name
	slot *ssa.Alloc // the variable a retried create's answer is written to
	set  ssa.CallInstruction
	ok   int // the successor of the call's error test where the call succeeded
	test *ssa.If
}

// idSave is one place Create saves the object's identity: the call that
// saves it (d.SetId, resp.State.Set) and the ID it holds (for a framework
// model whose ID is filled by code the lookup does not follow, the saved
// model stands for it).
type idSave struct {
	at ssa.CallInstruction
	id ssa.Value
}

// sdkSaves: each d.SetId(x) of Create's own body with a non-empty x that
// is not a parent key as configured.
func sdkSaves(t tfssa.Target) []idSave {
	var out []idSave
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			if tfssa.SetsID(instr, t.Subject) && !parentID(t, instr.(ssa.CallInstruction).Common().Args[1]) {
				out = append(out, idSave{instr.(ssa.CallInstruction), instr.(ssa.CallInstruction).Common().Args[1]})
			}
		}
	}
	return out
}

// creates finds, for each save, the first call into the API its ID is
// computed from (the create whose answer names the object), with the test
// of its error; for an ID the provider builds itself, the call named as a
// create that is handed what the ID is built from.
func creates(saves []idSave) []create {
	var out []create
	seen := map[*ssa.Call]bool{}
	for _, s := range saves {
		fn := s.at.Parent()
		call := sourceCall(s.id, fn)
		if call != nil && !makesNew(opName(call)) {
			call = nil // a conversion, a lookup or a settings update supplies the ID
		}
		what := ""
		var slot *ssa.Alloc
		if call == nil {
			if call, what = retriedCreate(s.id, fn); call != nil {
				slot = heapSlot(s.id, 6) // only a retried create's answer is read from a variable
			}
		}
		if call == nil {
			call = namedCreate(s)
		}
		if call == nil || seen[call] || tfssa.InCycle(call.Block()) {
			continue
		}
		seen[call] = true
		if test, ok := errTest(call); test != nil {
			if what == "" {
				what = opName(call)
			}
			out = append(out, create{call: call, what: what, slot: slot, set: s.at, ok: ok, test: test})
		}
	}
	return out
}

// errTest: the `err != nil` test of call's error, and the successor where
// the call succeeded.
func errTest(call *ssa.Call) (*ssa.If, int) {
	for _, b := range call.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if tested, fail := tfssa.ErrCheck(ifi); tested == call {
			return ifi, 1 - fail
		}
	}
	return nil, 0
}

// orphaningReturn walks the paths from the create's success and returns the
// first error return reached before the ID is saved, d is handed to other
// code (a helper that may save it) or the object is deleted again.
func orphaningReturn(cr create, d ssa.Value) *ssa.Return {
	start := cr.test.Block().Succs[cr.ok]
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		if stops(b, d) {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if failure(ret) && !onAnswer(ret, cr) && !tfssa.ResourceDataError(ret) {
				return ret
			}
			continue
		}
		work = append(work, b.Succs...)
	}
	return nil
}

// stops: b saves the ID, hands d (or a closure holding it) to other code,
// or deletes what was made.
func stops(b *ssa.BasicBlock, d ssa.Value) bool {
	for _, instr := range b.Instrs {
		c, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if tfssa.SetsID(instr, d) || handsD(c.Common(), d) || deletes(c.Common()) {
			return true
		}
	}
	return false
}

var deleteName = regexp.MustCompile(`(?i)(delete|remove|destroy|terminate|cleanup|clean_up|rollback|purge|release|deregister|unregister)`)

// deletes: a call that undoes the create (a cleanup before the error).
func deletes(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return deleteName.MatchString(c.Method.Name())
	}
	fn := c.StaticCallee()
	return fn != nil && deleteName.MatchString(fn.Name())
}

// handsD: the call gives d to code other than d's own methods, directly or
// in a closure.
func handsD(c *ssa.CallCommon, d ssa.Value) bool {
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return false
	}
	for _, a := range c.Args {
		if tfssa.IsParam(tfssa.StripInterface(a), d) {
			return true
		}
		if ct, ok := a.(*ssa.ChangeType); ok {
			a = ct.X
		}
		if mc, ok := a.(*ssa.MakeClosure); ok {
			for _, bv := range mc.Bindings {
				if tfssa.IsParam(bv, d) || bv == d {
					return true
				}
			}
		}
	}
	return false
}

// failure: ret returns an error (not a call handing on, which stops already).
func failure(ret *ssa.Return) bool {
	return tfssa.ReturnKindThroughDefers(ret) == "error"
}

// onAnswer: ret is reached through a test of the create's answer (no ID
// in it, a failed status): the provider cannot save what it was not given.
// The tests dominating ret are looked at up to the entry: the test may sit
// after a join of the create's success with a tolerated error (202 Accepted).
func onAnswer(ret *ssa.Return, cr create) bool {
	for b := ret.Block(); b.Idom() != nil; b = b.Idom() {
		p := b.Idom()
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || ifi == cr.test {
			continue
		}
		if tested, _ := tfssa.ErrCheck(ifi); tested == cr.call {
			continue // the create's error tested again
		}
		if tfssa.DependsOnCall(ifi.Cond, cr.call) || testsSlot(ifi.Cond, cr.slot) {
			return true
		}
	}
	return false
}

// testsSlot: cond compares what was loaded from a retried create's answer
// (`if out == nil`, `if out.ID == nil`).
func testsSlot(cond ssa.Value, slot *ssa.Alloc) bool {
	b, ok := cond.(*ssa.BinOp)
	if !ok || slot == nil {
		return false
	}
	return heapSlot(b.X, 6) == slot || heapSlot(b.Y, 6) == slot
}
