package lookupnotfound

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Read lookups that fail on a missing object before the
// Read's not-found handling is reached, and error branches that remove and
// still fail.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		if t.Exists || t.Wrapped {
			continue // the SDK (Exists) or a decorator around Read removes the resource
		}
		tests := tfssa.NotFoundTests(t.Fn, model)
		reported := map[token.Pos]bool{}
		for _, l := range tfssa.Lookups(t, model) {
			switch {
			case l.Removed.IsValid():
				reportRemovedThenFails(rep, t, l)
				reported[l.Removed] = true
			case !l.NotFound.IsValid() && !checkedBefore(tests, l):
				if later := laterNotFound(t, model, tests, l); later.IsValid() {
					reportBeforeNotFound(rep, t, l, later)
				}
			}
		}
		if tfssa.NotFoundRemovesThenFails(t, model) {
			continue // one mistake, one fix: readnotfound reports it with every such branch
		}
		for _, rf := range tfssa.RemovalsThenFails(t, model) {
			if !reported[rf.Removed] {
				reportBranchRemovesThenFails(rep, t, rf)
			}
		}
	}
	return nil, nil
}

// laterNotFound returns a not-found test that removes the resource, which
// the lookup's success path reaches, on results of other calls (or a helper
// that goes on with the Read and removes the resource): the Read removes the
// resource there, but only if this lookup succeeded first. A Read whose
// not-found test only warns does not remove on purpose (a patch of an
// object it does not own) and is not this check's concern. A lookup that comes after a not-found
// test runs once the object was found, and is left alone.
func laterNotFound(t tfssa.Target, model *facts.Model, tests []tfssa.NotFoundTest, l tfssa.Lookup) token.Pos {
	_, errSucc := tfssa.ErrCheck(l.Check)
	reach := tfssa.Reachable(l.Check.Block().Succs[1-errSucc])
	for _, nf := range tests {
		if nf.Block != l.Check.Block() && tfssa.Reachable(nf.Block)[l.Check.Block()] {
			return token.NoPos
		}
	}
	for _, nf := range tests {
		if nf.Test && nf.Removes && reach[nf.Block] && !tfssa.DependsOnCall(nf.Cond, l.Call) {
			return nf.Pos
		}
	}
	for _, b := range t.Fn.Blocks {
		if !reach[b] {
			continue
		}
		for _, instr := range b.Instrs {
			if tfssa.Removal(instr, model.Removes) && !tfssa.Removal(instr, nil) {
				return instr.Pos()
			}
		}
	}
	return token.NoPos
}

// checkedBefore reports whether a call made on every path to l, handed one
// of l's state-derived arguments, has a not-found test that removes the
// resource: the object l names was then just found to exist (a parent
// checked, then a client made for it).
func checkedBefore(tests []tfssa.NotFoundTest, l tfssa.Lookup) bool {
	for _, nf := range tests {
		if !nf.Test || !nf.Removes {
			continue
		}
		e := tfssa.TestedCall(nf.Cond)
		if e != nil && e != l.Call && e.Block().Dominates(l.Call.Block()) && tfssa.SharesKey(e, l.Call) {
			return true
		}
	}
	return false
}

func remedy(t tfssa.Target) string {
	if t.SDK {
		return `d.SetId("") and return no error`
	}
	return "resp.State.RemoveResource(ctx) and return"
}

func reportBeforeNotFound(rep *lint.Reporter, t tfssa.Target, l tfssa.Lookup, later token.Pos) {
	name := tfssa.CalleeName(l.Call)
	rep.Report(lint.Finding{Rule: "READ-2", Pos: l.Fails,
		Message: fmt.Sprintf("Read of %s fails here when %s finds nothing, before it reaches its own not-found test: once the object or the parent it names is deleted outside Terraform, every refresh fails instead of removing the resource; on not-found from %s, %s", t.Name, name, name, remedy(t)),
		Related: []analysis.RelatedInformation{
			lint.Related(l.Call.Pos(), "%s looks up a value from the resource's state here", name),
			lint.Related(later, "the Read removes the resource on not-found only here, after the lookup succeeded"),
		}})
}

func reportRemovedThenFails(rep *lint.Reporter, t tfssa.Target, l tfssa.Lookup) {
	name := tfssa.CalleeName(l.Call)
	rep.Report(lint.Finding{Rule: "READ-2", Pos: l.Fails,
		Message: fmt.Sprintf("Read of %s removes the resource when %s fails and then fails too: Terraform discards the state of a Read that returns an error, so the removal is lost and every refresh fails; remove only on not-found and return without an error", t.Name, name),
		Related: []analysis.RelatedInformation{
			lint.Related(l.Call.Pos(), "the lookup whose error is handled"),
			lint.Related(l.Removed, "removed here"),
		}})
}

// reportBranchRemovesThenFails: a branch of Read other than a lookup's
// error test (a retry around the lookup, a status test) removes the
// resource and fails.
func reportBranchRemovesThenFails(rep *lint.Reporter, t tfssa.Target, rf tfssa.RemovedThenFails) {
	rep.Report(lint.Finding{Rule: "READ-2", Pos: rf.Fails,
		Message: fmt.Sprintf("Read of %s removes the resource on this branch and then fails too: Terraform discards the state of a Read that returns an error, so the removal is lost and every refresh fails; when the object is gone, %s", t.Name, remedy(t)),
		Related: []analysis.RelatedInformation{
			lint.Related(rf.Branch, "the branch taken"),
			lint.Related(rf.Removed, "removed here"),
		}})
}
