package stateaftererror

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkEarlyID reports an SDK Create that sets the ID before asking the API
// for anything and then returns an error before any call into the API has
// succeeded: the SDK keeps a resource whose ID is set, so the failed Create
// leaves a tainted object in state that was never made (APPLY-3: the ID is
// set once the remote create succeeded).
func checkEarlyID(rep *lint.Reporter, t tfssa.Target, reads map[*ssa.Function]bool) {
	// A Create that asks the API nothing, here or in what it calls, makes
	// nothing remote: its state is all there is (a local or test resource).
	if len(tfssa.RemoteOps(t.Fn)) == 0 {
		return
	}
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			if !tfssa.SetsID(instr, t.Subject) || remoteDominates(instr) {
				continue
			}
			fail, via := failureAfter(t.Fn, instr, t.Subject, reads, 2)
			if fail == nil {
				continue
			}
			rel := []analysis.RelatedInformation{lint.Related(fail.Pos(), "the error is returned here with the ID still set")}
			if via != nil {
				rel = append([]analysis.RelatedInformation{lint.Related(via.Pos(), "Create hands on to this function, which fails before the API made anything")}, rel...)
			}
			rep.Report(lint.Finding{Rule: "APPLY-3", Pos: instr.Pos(), Related: rel,
				Message: fmt.Sprintf("Create of %s sets the ID before any call to the API has succeeded, and a path from here returns an error with the ID still set: Terraform keeps the resource in state (tainted) for an object that was never made, and the next apply tries to destroy it; set the ID once the remote create has succeeded, or clear it (d.SetId(\"\")) before returning the error", t.Name)})
		}
	}
}

// remoteDominates: a call into the API runs before instr on every path
// (in both arms of an if that creates or edits).
func remoteDominates(instr ssa.Instruction) bool {
	fn := instr.Parent()
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		blocked := false
		for _, x := range b.Instrs {
			if x == instr {
				return false // reached without a call on the way
			}
			if c, ok := x.(ssa.CallInstruction); ok && asksRemote(c) {
				blocked = true
				break
			}
		}
		if !blocked {
			work = append(work, b.Succs...)
		}
	}
	return true
}

// asksRemote: c calls into the API, or hands a closure that does to a
// helper (retry.RetryContext(ctx, timeout, func() { client.Create(...) })).
func asksRemote(c ssa.CallInstruction) bool {
	cc := c.Common()
	fn := c.Parent()
	if tfssa.AsksRemote(cc, fn.Pkg) {
		return true
	}
	for _, a := range cc.Args {
		if ct, ok := a.(*ssa.ChangeType); ok {
			a = ct.X // a func literal converted to retry.RetryFunc
		}
		if mc, ok := a.(*ssa.MakeClosure); ok {
			if g, ok := mc.Fn.(*ssa.Function); ok && len(tfssa.RemoteOps(g)) > 0 {
				return true
			}
		}
	}
	return false
}

// remoteBetween lists the calls into the API that run on every path from
// from (nil: the function's entry) to to, to itself included when it is a call.
func remoteBetween(from, to ssa.Instruction) []ssa.CallInstruction {
	fn := to.Parent()
	var out []ssa.CallInstruction
	for _, b := range fn.Blocks {
		if !b.Dominates(to.Block()) || (from != nil && !from.Block().Dominates(b)) {
			continue
		}
		started := from == nil || b != from.Block()
		for _, instr := range b.Instrs {
			if instr == from {
				started = true
				continue
			}
			if !started {
				continue
			}
			if c, ok := instr.(ssa.CallInstruction); ok && asksRemote(c) {
				out = append(out, c)
			}
			if instr == to {
				break
			}
		}
	}
	return out
}

// failureAfter finds an error return of fn reached after from (nil: the
// entry) before any call into the API has succeeded: with no such call on
// the way, or in the error branch of the only one. When that call hands d to
// a function of the package (Create delegating to Update), the failure must
// be one of that function's own, before its first successful call.
func failureAfter(fn *ssa.Function, from ssa.Instruction, d ssa.Value, reads map[*ssa.Function]bool, depth int) (fail, via ssa.Instruction) {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || tfssa.ReturnKind(ret) != "error" || (from != nil && !from.Block().Dominates(b)) || clearsID(from, ret, d) {
			continue
		}
		calls := remoteBetween(from, ret)
		switch {
		case len(calls) == 0:
			if !bookkeeping(ret) {
				return ret, nil
			}
		case len(calls) == 1 && failureOf(ret, calls[0]):
			g := delegate(calls[0], d)
			if g == nil {
				return ret, nil
			}
			// A Read handed on to fails on an object that is there: Create
			// had nothing to make on this path (settings left as they were).
			if depth > 0 && !reads[g] {
				if inner, _ := failureAfter(g, nil, g.Params[paramOf(calls[0], d)], reads, depth-1); inner != nil {
					return inner, calls[0]
				}
			}
		}
	}
	return nil, nil
}

// failureOf: ret returns call's error: its own result, or from the branch
// where call's error is not nil.
func failureOf(ret *ssa.Return, call ssa.CallInstruction) bool {
	v := ret.Results[len(ret.Results)-1]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if cv, ok := call.(ssa.Value); ok && v == cv {
		return true
	}
	c, ok := call.(*ssa.Call)
	if !ok {
		return false
	}
	if tfssa.DependsOnCall(v, c) {
		return true
	}
	for dom := ret.Block(); dom.Idom() != nil; dom = dom.Idom() {
		ifi, ok := dom.Idom().Instrs[len(dom.Idom().Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if tested, succ := tfssa.ErrCheck(ifi); tested == c && dom.Idom().Succs[succ] == dom {
			return true
		}
	}
	return false
}

// delegate: the function of the package call hands d to (resourceUpdate),
// nil for a call into the API proper.
func delegate(call ssa.CallInstruction, d ssa.Value) *ssa.Function {
	c := call.Common()
	g := c.StaticCallee()
	if g == nil || g.Pkg != call.Parent().Pkg || len(g.Blocks) == 0 || paramOf(call, d) < 0 {
		return nil
	}
	return g
}

// paramOf: the index of the parameter call hands d to, -1 if none.
func paramOf(call ssa.CallInstruction, d ssa.Value) int {
	c := call.Common()
	for i, a := range c.Args {
		if tfssa.IsParam(a, d) {
			return i
		}
	}
	return -1
}

// clearsID: a d.SetId("") runs on a path from from to ret (perhaps under
// a test: `if d.IsNewResource() { d.SetId("") }` clears it in a Create).
func clearsID(from ssa.Instruction, ret *ssa.Return, d ssa.Value) bool {
	start := ret.Parent().Blocks[0]
	if from != nil {
		start = from.Block()
	}
	after := tfssa.Reachable(start)
	for _, b := range ret.Parent().Blocks {
		if !after[b] {
			continue
		}
		for _, instr := range b.Instrs {
			if tfssa.Removal(instr, nil) && tfssa.IsParam(instr.(ssa.CallInstruction).Common().Args[0], d) && tfssa.Reachable(b)[ret.Block()] {
				return true
			}
		}
	}
	return false
}

// bookkeeping: an error return with no call into the API behind it that is
// no failure of the create: a d.Set error (a programming slip, not something
// the API did), or the result of a package function handed d that asks the
// API nothing (a Read that copies the configuration).
func bookkeeping(ret *ssa.Return) bool {
	v := ret.Results[len(ret.Results)-1]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if c, ok := v.(*ssa.Call); ok && tfssa.HandsResourceData(c.Common()) {
		return true
	}
	return tfssa.ResourceDataError(ret)
}
