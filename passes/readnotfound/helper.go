package readnotfound

import (
	"fmt"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkHelperMessages reports a Read that fails with the error of a helper
// of its package which itself decides the object is missing: it returns an
// error of its own saying so (fmt.Errorf("stack not found")) where the API
// answered nothing or a search found no match. The Read never tests that
// error for not-found, so an out-of-band delete fails every refresh.
func (c *checker) checkHelperMessages(t tfssa.Target) {
	if t.Exists || t.Wrapped || !callsHelper(t.Fn) {
		return
	}
	tests := tfssa.NotFoundTests(t.Fn, c.model)
	for _, l := range tfssa.Lookups(t, c.model) {
		fn := l.Call.Common().StaticCallee()
		if fn == nil || fn.Pkg != t.Fn.Pkg || l.Removed.IsValid() || c.reported[l.Fails] || tfssa.UnderNewResource(l.Check.Block()) || errorTestedFor(tests, l.Call) || afterRemovingTest(tests, l) {
			continue
		}
		if msg, pos, ok := saysMissing(fn, 0); ok {
			c.reported[l.Fails] = true
			c.reportHelper(t, l, msg, pos)
		}
	}
}

// afterRemovingTest: the lookup runs after a branch that removes the
// resource (the object was just found by an earlier call).
func afterRemovingTest(tests []tfssa.NotFoundTest, l tfssa.Lookup) bool {
	for _, nf := range tests {
		if nf.Removes && nf.Block != l.Check.Block() && tfssa.Reachable(nf.Block)[l.Check.Block()] {
			return true
		}
	}
	return false
}

// callsHelper: fn calls a function of its package that can fail (the cheap
// test before following lookups).
func callsHelper(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok {
				if g := call.Call.StaticCallee(); g != nil && g.Pkg == fn.Pkg && len(g.Blocks) > 0 && tfssa.Failable(call) {
					return true
				}
			}
		}
	}
	return false
}

// errorTestedFor: a not-found test of the Read reads call's error.
func errorTestedFor(tests []tfssa.NotFoundTest, call *ssa.Call) bool {
	for _, nf := range tests {
		if nf.Test && tfssa.DependsOnError(nf.Cond, call) {
			return true
		}
	}
	return false
}

// saysMissing finds where fn (or a helper of its package whose error it
// returns, two calls deep) returns an error of its own saying the object is
// missing, after asking the API, under a nil answer or after a search.
func saysMissing(fn *ssa.Function, depth int) (string, token.Pos, bool) {
	if depth > 2 || len(fn.Blocks) == 0 {
		return "", token.NoPos, false
	}
	h := tfssa.Target{SDK: true, Fn: fn} // judged as a function returning an error
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if msg, pos, ok := missingFailure(h, instr); ok && afterRemoteCall(fn, b) && (afterSearch(b) || underNilAnswer(b)) {
				return msg, pos, true
			}
			if g := returnedHelper(instr, fn.Pkg); g != nil {
				if msg, pos, ok := saysMissing(g, depth+1); ok {
					return msg, pos, true
				}
			}
		}
	}
	return "", token.NoPos, false
}

// returnedHelper: instr returns the error of a call of a function of pkg.
func returnedHelper(instr ssa.Instruction, pkg *ssa.Package) *ssa.Function {
	ret, ok := instr.(*ssa.Return)
	if !ok || len(ret.Results) == 0 {
		return nil
	}
	ex, ok := ret.Results[len(ret.Results)-1].(*ssa.Extract)
	if !ok {
		return nil
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	if g := call.Common().StaticCallee(); g != nil && g.Pkg == pkg {
		return g
	}
	return nil
}

func (c *checker) reportHelper(t tfssa.Target, l tfssa.Lookup, msg string, said token.Pos) {
	remove := "resp.State.RemoveResource(ctx) and return"
	if t.SDK {
		remove = `d.SetId("") and return no error`
	}
	name := tfssa.CalleeName(l.Call)
	c.rep.Report(lint.Finding{Rule: "READ-2", Pos: l.Fails,
		Message: fmt.Sprintf("Read of %s fails here with the error of %s, which says the object is missing (%s): every plan then fails after an out-of-band delete; have %s return no error for a missing object, or test for it here and then %s", t.Name, name, constant.MakeString(msg).ExactString(), name, remove),
		Related: []analysis.RelatedInformation{
			lint.Related(l.Call.Pos(), "%s is called here", name),
			lint.Related(said, "%s decides the object is missing here", name),
		}})
}
