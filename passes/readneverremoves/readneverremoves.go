package readneverremoves

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
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
		if t.Exists || t.Wrapped {
			continue // the SDK (Exists) or a decorator around Read removes the resource
		}
		l := firstLookup(t, model)
		if l == nil || mayRemove(t.Fn, model.Removes, succeeded(l)) || handlesNotFound(t.Fn, model) {
			continue
		}
		errPos, callPos := l.Fails, l.Call.Pos()
		if sibs.NoopSDK(t, "Delete") {
			continue // the object cannot be deleted
		}
		// Settings of an object the resource does not own fail only once
		// that object is gone: reported when Read names it (a parent key,
		// or an ID Create made of one).
		create := sibs.Of(t, "Create")
		if settingsResource(create, sibs.Of(t, "Update"), t.Fn, sibs.Of(t, "Delete")) && !tfssa.KeyedOnParent(t, l.Asks, tfssa.IDFromParent(t.Sibling(create))) {
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

// succeeded is the block where the lookup has succeeded.
func succeeded(l *tfssa.Lookup) *ssa.BasicBlock {
	_, errSucc := tfssa.ErrCheck(l.Check)
	return l.Check.Block().Succs[1-errSucc]
}

// mayRemove reports whether fn or a closure in it removes the resource, or
// hands the state (resp, resp.State, d) to code that cannot be followed
// other than once the lookup has succeeded (a packer filling d from the
// object found cannot remove it when the lookup fails).
func mayRemove(fn *ssa.Function, removes func(*types.Func) bool, after *ssa.BasicBlock) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if tfssa.Removal(instr, removes) || opaqueHandOff(instr) && (after == nil || after.Parent() != fn || !after.Dominates(b)) {
				return true
			}
			if st, ok := instr.(*ssa.Store); ok && tfssa.StateLike(tfssa.Root(st.Addr).Type()) && !isLocal(tfssa.Root(st.Addr)) {
				return true // resp.State.Raw = ...
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if mayRemove(anon, removes, nil) {
			return true
		}
	}
	return false
}

func isLocal(v ssa.Value) bool {
	_, ok := v.(*ssa.Alloc)
	return ok
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
	if c.IsInvoke() && tfssa.StateLike(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if tfssa.StateLike(a.Type()) {
			return true
		}
	}
	return false
}

// firstLookup picks the lookup to report: a client call (another package,
// an interface) over a local helper, then the first to fail.
func firstLookup(t tfssa.Target, model *facts.Model) *tfssa.Lookup {
	var best *tfssa.Lookup
	ls := tfssa.Lookups(t, model)
	for i, l := range ls {
		if best == nil || (l.External && !best.External) {
			best = &ls[i]
		}
	}
	return best
}

// handlesNotFound: a Read that tests for not-found at all has decided what
// to do then (readnotfound judges that branch); this check is for Reads
// that never ask.
func handlesNotFound(fn *ssa.Function, model *facts.Model) bool {
	for _, b := range fn.Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if _, ok := tfssa.NotFoundBranch(ifi, model); ok {
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
