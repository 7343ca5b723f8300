package readnotfound

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkWrongVariable reports a not-found test, in the error branch of a
// lookup, that reads the result of another call made before it (`_, err
// := getParent(); obj, err2 := get(id); if err2 != nil { if
// isNotFound(err) {...} }`): the lookup's own missing object is never
// recognised, and the Read fails on it.
func (c *checker) checkWrongVariable(t tfssa.Target, lookups []tfssa.Lookup) {
	for _, l := range lookups {
		if l.Asks != l.Call {
			continue // a retried lookup: its closure tests for absence itself
		}
		_, errSucc := tfssa.ErrCheck(l.Check)
		for _, b := range t.Fn.Blocks {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !tfssa.OnlyThrough(l.Check.Block(), errSucc, b) {
				continue
			}
			if _, nf := tfssa.NotFoundBranch(ifi, c.model); !nf {
				continue
			}
			tested := tfssa.TestedCall(stripNot(ifi.Cond))
			if tested == nil || tested == l.Call || tested.Block() == b || !tested.Block().Dominates(l.Call.Block()) || c.reported[tfssa.CondPos(ifi)] {
				continue
			}
			c.reported[tfssa.CondPos(ifi)] = true
			c.reportWrongVariable(t, l, tested, ifi)
		}
	}
}

func (c *checker) reportWrongVariable(t tfssa.Target, l tfssa.Lookup, tested *ssa.Call, ifi *ssa.If) {
	name, other := tfssa.CalleeName(l.Call), tfssa.CalleeName(tested)
	c.rep.Report(lint.Finding{Rule: "READ-2", Pos: tfssa.CondPos(ifi),
		Message: fmt.Sprintf("Read of %s tests for a missing object on the result of %s, in the branch handling the failure of %s: when the object %s looks up is deleted, this test does not see it and the Read fails; test the error (or response) %s returned", t.Name, other, name, name, name),
		Related: []analysis.RelatedInformation{
			lint.Related(l.Call.Pos(), "%s fails here, which this branch handles", name),
			lint.Related(tested.Pos(), "the result tested comes from this earlier call"),
		}})
}

// checkNilResponse reports a Read that reads a field of the response a
// lookup returned beside its error (resp.StatusCode) on the error path
// without testing the response for nil: a request that got no response (a
// timeout, a refused connection) returns a nil one, and the provider
// panics instead of reporting the error.
func (c *checker) checkNilResponse(t tfssa.Target, lookups []tfssa.Lookup) {
	for _, l := range lookups {
		_, errSucc := tfssa.ErrCheck(l.Check)
		for _, r := range *l.Call.Referrers() {
			ex, ok := r.(*ssa.Extract)
			if !ok || !tfssa.ResponseMeta(ex.Type()) || ex.Referrers() == nil {
				continue
			}
			for _, u := range *ex.Referrers() {
				fa, ok := u.(*ssa.FieldAddr)
				if !ok || !tfssa.OnlyThrough(l.Check.Block(), errSucc, fa.Block()) || nilTested(ex, fa.Block()) || c.reported[fa.Pos()] {
					continue
				}
				c.reported[fa.Pos()] = true
				c.reportNilResponse(t, l, fa.Pos())
				break
			}
		}
	}
}

// nilTested: b runs only on the non-nil side of a test of v against nil.
func nilTested(v ssa.Value, b *ssa.BasicBlock) bool {
	return tfssa.UnderTest(b, func(ifi *ssa.If) (int, bool) {
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
			return 0, false
		}
		if !(cmp.X == v && tfssa.IsNilConst(cmp.Y) || cmp.Y == v && tfssa.IsNilConst(cmp.X)) {
			return 0, false
		}
		if cmp.Op == token.EQL {
			return 1, true // the false side of v == nil
		}
		return 0, true
	})
}

func (c *checker) reportNilResponse(t tfssa.Target, l tfssa.Lookup, pos token.Pos) {
	name := tfssa.CalleeName(l.Call)
	c.rep.Report(lint.Finding{Rule: "READ-2", Pos: pos,
		Message: fmt.Sprintf("Read of %s reads the response %s returned on its error path without testing it for nil: a request that got no response (a timeout, a refused connection) returns a nil response, and the provider panics instead of reporting the error; test the response for nil first", t.Name, name),
		Related: []analysis.RelatedInformation{
			lint.Related(l.Call.Pos(), "%s returns the response and the error here", name),
		}})
}
