package existsnotfound

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK Exists functions that answer a lookup's failure,
// not-found included, with an error.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Exists", facts.KindResource) {
		// A not-found test, however spelled, is the author deciding; a
		// wrapper may answer not-found itself.
		if t.Wrapped || len(tfssa.NotFoundTests(t.Fn, model)) > 0 {
			continue
		}
		if ret, call := returnsLookupError(t); ret != nil {
			name := tfssa.CalleeName(call)
			rep.Report(lint.Finding{Rule: "READ-2", Pos: ret.Pos(),
				Related: []analysis.RelatedInformation{lint.Related(call.Pos(), "%s looks the object up from the resource's state here", name)},
				Message: fmt.Sprintf("Exists of %s returns the error of %s without testing it for not-found: once the object is deleted outside Terraform the lookup fails, Exists returns that error, and every refresh and plan fails instead of dropping the resource; on not-found, return false and no error", t.Name, name)})
		}
	}
	return nil, nil
}

// returnsLookupError: a return of fn whose error result is the error of a
// remote call keyed on the resource's state (its ID, a parent's name).
func returnsLookupError(t tfssa.Target) (*ssa.Return, *ssa.Call) {
	var calls []*ssa.Call
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && tfssa.Failable(c) && tfssa.KeyedOnState(t, c) {
				calls = append(calls, c)
			}
		}
	}
	for _, b := range t.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errv := ret.Results[len(ret.Results)-1]
		for _, c := range calls {
			if tfssa.DependsOnError(errv, c) && !examined(t.Fn, c) {
				return ret, c
			}
		}
	}
	return nil, nil
}

// examined: some condition of fn looks into c's error beyond err != nil (a
// code, a type, a message): the author tests for something, maybe not-found
// in a spelling the model does not know.
func examined(fn *ssa.Function, c *ssa.Call) bool {
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !tfssa.DependsOnError(ifi.Cond, c) {
			continue
		}
		if cmp, ok := ifi.Cond.(*ssa.BinOp); ok && (tfssa.IsNilConst(cmp.X) || tfssa.IsNilConst(cmp.Y)) {
			continue // err != nil
		}
		return true
	}
	return false
}
