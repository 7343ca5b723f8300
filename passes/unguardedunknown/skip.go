// A parse of a value that may be unknown, whose failure is swallowed so
// that d.SetNew/d.SetNewComputed is skipped (PLAN-8), and the same failure
// inside an in-package helper handed the diff as an interface.

package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// planCall: instr calls one of the *schema.ResourceDiff methods named
// (d.SetNew, d.SetNewComputed).
func planCall(instr ssa.Instruction, names ...string) bool {
	c, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	return fn != nil && slices.Contains(names, fn.Name()) && fn.Signature.Recv() != nil && tfapi.IsResourceDiff(fn.Signature.Recv().Type())
}

// callsPlan: fn calls one of the ResourceDiff methods named somewhere.
func callsPlan(fn *ssa.Function, names ...string) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if planCall(instr, names...) {
				return true
			}
		}
	}
	return false
}

// planCalls: the SetNew/SetNewComputed calls reachable from a block.
func planCalls(from *ssa.BasicBlock, u unknown, prune bool) map[ssa.Instruction]bool {
	out := map[ssa.Instruction]bool{}
	walkBlocks(from, u, prune, func(b *ssa.BasicBlock) bool {
		for _, instr := range b.Instrs {
			if planCall(instr, "SetNew", "SetNewComputed") {
				out[instr] = true
			}
		}
		return true
	})
	return out
}

// skipped: ifi, reached with the value unknown, goes a way that ends in
// success without a SetNew/SetNewComputed the other way reaches; that call.
func skipped(ifi *ssa.If, u unknown) ssa.Instruction {
	v := evalZero(ifi.Cond, u, 0)
	if v == nil || v.Kind() != constant.Bool || !zeroReaches(ifi.Parent().Blocks[0], ifi.Block(), u) {
		return nil
	}
	taken, other := ifi.Block().Succs[0], ifi.Block().Succs[1]
	if !constant.BoolVal(v) {
		taken, other = other, taken
	}
	if !canSucceed(taken, u) || len(failures(taken, u, true)) > 0 {
		return nil
	}
	done := planCalls(taken, u, true)
	for c := range planCalls(other, u, false) {
		if !done[c] {
			return c
		}
	}
	return nil
}

// skipsOnParse: the read goes into a parser whose failure, with the value
// unknown, decides a branch that skips a SetNew/SetNewComputed.
func skipsOnParse(c *ssa.Call, u unknown) (read, bool) {
	var skip ssa.Instruction
	br, via, ok := decidesAt(c, nil, u, func(ifi *ssa.If) bool {
		skip = skipped(ifi, u)
		return skip != nil
	}, true)
	return read{pos: c.Pos(), branch: br, via: via, skip: skip}, ok
}

func reportSkip(rep *lint.Reporter, r read, where string) {
	set := r.skip.(*ssa.Call).Call.StaticCallee().Name()
	rep.Report(lint.Finding{Rule: "PLAN-8", Pos: r.pos,
		Related: []analysis.RelatedInformation{
			lint.Related(r.via.Pos(), "this fails on the empty string an unknown value reads as"),
			lint.Related(r.branch, "the failure decides this branch, which goes on without d.%s", set),
			lint.Related(r.skip.Pos(), "the call the known value reaches")},
		Message: fmt.Sprintf("%s passes %q to %s, which fails on an empty string, and then skips d.%s without asking d.NewValueKnown first: while a value from another resource is still unknown it reads as \"\", the initial plan keeps what d.%s would have replaced, the final plan made with the value known does not, and apply fails with \"Provider produced inconsistent final plan\"", where, r.name, calleeName(r.via), set, set)})
}

// checkHelpers follows the diff into in-package helpers that take it as an
// interface (tf.ResourceChangeFetcher and the like), whose reads are not
// the diff's own methods: a helper that parses an unguarded key and returns
// the failure makes fn's use of that error the decision.
func checkHelpers(st *state, fn *ssa.Function, d ssa.Value, blocks map[string]bool, g *guards) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || !isHelper(c) || !tfapi.IsError(lastResult(c)) {
				continue
			}
			for i, a := range c.Call.Args {
				if mi, ok := a.(*ssa.MakeInterface); ok && mi.X == d && i < len(c.Call.StaticCallee().Params) {
					checkHelper(st, fn, c, c.Call.StaticCallee().Params[i], blocks, g)
				}
			}
		}
	}
}

func lastResult(c *ssa.Call) types.Type {
	res := c.Call.Signature().Results()
	if res.Len() == 0 {
		return types.Typ[types.Invalid]
	}
	return res.At(res.Len() - 1).Type()
}

// checkHelper reports the reads through p in helper h whose parse failure
// h returns, where caller fn returns that error (VALIDATE-1) or skips a
// SetNew/SetNewComputed on it (PLAN-8).
func checkHelper(st *state, fn *ssa.Function, c *ssa.Call, p *ssa.Parameter, blocks map[string]bool, g *guards) {
	h := c.Call.StaticCallee()
	for _, r := range *p.Referrers() {
		rc, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		key, method := diffRead(rc, p)
		if method == "NewValueKnown" {
			g.add(key)
		}
	}
	for _, r := range *p.Referrers() {
		rc, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		key, method := diffRead(rc, p)
		name, isConst := tfssa.ConstString(key)
		if (method != "Get" && method != "GetOk" && method != "GetChange") || !isConst || g.names[name] || blocks[name] {
			continue
		}
		u := sdkUnknown{call: rc}
		_, via, ok := decidesAt(rc, nil, u, nil, true)
		if !ok {
			continue
		}
		if f, ok := callerOutcome(fn, c); ok && !st.seen[seenKey{rc.Pos(), f.Rule}] {
			st.seen[seenKey{rc.Pos(), f.Rule}] = true
			f.Pos = rc.Pos()
			f.Related = append([]analysis.RelatedInformation{lint.Related(via.Pos(), "this fails on the empty string an unknown value reads as")}, f.Related...)
			f.Message = fmt.Sprintf(f.Message, h.Name(), name, calleeName(via))
			st.rep.Report(f)
		}
	}
}

// callerOutcome: what fn does with the error of helper call c when the
// helper's parse fails: returns it (VALIDATE-1), or goes on without a
// SetNew/SetNewComputed (PLAN-8). The message has %s for the helper, the
// key and the parser.
func callerOutcome(fn *ssa.Function, c *ssa.Call) (lint.Finding, bool) {
	u := helperErr{c}
	if br, _, ok := decidesAt(c, c, u, nil, false); ok {
		return lint.Finding{Rule: "VALIDATE-1",
			Related: []analysis.RelatedInformation{lint.Related(br, "%s returns the failure here", fn.Name())},
			Message: "CustomizeDiff helper %s passes %q to %s, which fails on an empty string, without asking NewValueKnown first: at plan time a value from another resource is unknown and reads as \"\", the parse fails, the CustomizeDiff returns the error, and a valid configuration is rejected"}, true
	}
	var skip ssa.Instruction
	br, _, ok := decidesAt(c, c, u, func(ifi *ssa.If) bool {
		skip = skipped(ifi, u)
		return skip != nil
	}, false)
	if !ok {
		return lint.Finding{}, false
	}
	set := skip.(*ssa.Call).Call.StaticCallee().Name()
	return lint.Finding{Rule: "PLAN-8",
		Related: []analysis.RelatedInformation{
			lint.Related(br, "%s swallows the failure here and goes on without d.%s", fn.Name(), set),
			lint.Related(skip.Pos(), "the call the known value reaches")},
		Message: "CustomizeDiff helper %s passes %q to %s, which fails on an empty string, without asking NewValueKnown first; the CustomizeDiff swallows the failure and skips d." + set + ": while a value from another resource is still unknown it reads as \"\", the initial plan keeps what d." + set + " would have replaced, the final plan made with the value known does not, and apply fails with \"Provider produced inconsistent final plan\""}, true
}

// helperErr: the error result of one helper call is not nil.
type helperErr struct{ call *ssa.Call }

func (u helperErr) leaf(v ssa.Value) (constant.Value, bool) {
	if v == ssa.Value(u.call) && tfapi.IsError(v.Type()) {
		return nonNilMark, true
	}
	if e, ok := v.(*ssa.Extract); ok && e.Tuple == u.call && e.Index == u.call.Call.Signature().Results().Len()-1 {
		return nonNilMark, true
	}
	return nil, false
}

func (helperErr) fails(b *ssa.BasicBlock) ssa.Instruction { return sdkUnknown{}.fails(b) }
