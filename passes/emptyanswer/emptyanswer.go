package emptyanswer

import (
	"fmt"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports resource Reads that index the answer of a lookup keyed on
// state at a fixed position without testing the answer first (READ-2).
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		for _, f := range unguardedIndexes(t) {
			rep.Report(lint.Finding{Rule: "READ-2", Pos: f.index.Pos(),
				Related: []analysis.RelatedInformation{lint.Related(f.call.Pos(), "the lookup whose answer is indexed")},
				Message: fmt.Sprintf("Read of %s takes element %d of %s's answer without testing that the answer holds one: once the object is deleted outside Terraform the lookup finds nothing, and Read panics (index out of range) instead of removing the resource; test the length first and, when it is empty, %s", t.Name, f.at, tfssa.CalleeName(f.call), removal(t))})
		}
	}
	return nil, nil
}

func removal(t tfssa.Target) string {
	if t.SDK {
		return `d.SetId("") and return nil`
	}
	return "resp.State.RemoveResource(ctx) and return"
}

type finding struct {
	index ssa.Instruction
	call  *ssa.Call
	at    int64
}

// unguardedIndexes finds, in t's function, constant-position indexes into
// a slice taken from a lookup's answer that no branch testing the answer
// (other than its error) dominates.
func unguardedIndexes(t tfssa.Target) []finding {
	var out []finding
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			x, at, ok := constIndex(instr)
			if !ok {
				continue
			}
			call := answerOf(x)
			if call == nil || !lookup(t, call) || guarded(b, call) || foundBefore(t, call) {
				continue
			}
			out = append(out, finding{instr, call, at})
		}
	}
	return out
}

// lookup: a call that can fail, asks the API (not an ID parser of the
// provider's), and is keyed on the resource's state.
func lookup(t tfssa.Target, call *ssa.Call) bool {
	return tfssa.Failable(call) && tfssa.AsksRemote(call.Common(), t.Fn.Pkg) && tfssa.KeyedOnState(t, call)
}

// foundBefore: another lookup dominates this one — the object was found
// first, and a later lookup of its parts answers about those.
func foundBefore(t tfssa.Target, call *ssa.Call) bool {
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			other, ok := instr.(*ssa.Call)
			// Any call asking the API with the state's keys: a package
			// helper filling the object (fetchApp(ctx, d, meta, app)) too.
			if !ok || other == call || !fetches(t, other) {
				continue
			}
			if b == call.Block() && other.Pos() < call.Pos() || b != call.Block() && b.Dominates(call.Block()) {
				return true
			}
		}
	}
	return false
}

// fetches: a call asking the API with the state's keys, or handing d to a
// helper (fetchApp(ctx, d, meta, app)), which looks the object up.
func fetches(t tfssa.Target, call *ssa.Call) bool {
	if t.SDK && tfssa.HandsResourceData(call.Common()) && attruse.ResourceDataMethod(call.Common()) == "" {
		return true
	}
	return tfssa.AsksRemote(call.Common(), t.Fn.Pkg) && tfssa.KeyedOnState(t, call)
}

// constIndex matches x[k] (or &x[k]) with x a slice and k a constant.
func constIndex(instr ssa.Instruction) (ssa.Value, int64, bool) {
	var x, i ssa.Value
	switch in := instr.(type) {
	case *ssa.IndexAddr:
		x, i = in.X, in.Index
	case *ssa.Index:
		x, i = in.X, in.Index
	default:
		return nil, 0, false
	}
	if _, ok := x.Type().Underlying().(*types.Slice); !ok {
		return nil, 0, false
	}
	c, ok := i.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return nil, 0, false
	}
	n, _ := constant.Int64Val(c.Value)
	return x, n, true
}

// answerOf follows a slice back through loads and fields to the call whose
// result it is part of: resp.Entities, (*out).Items, list.
func answerOf(v ssa.Value) *ssa.Call {
	v = tfssa.RootLoad(v)
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}

// guarded: a branch that dominates b tests something taken from the call's
// answer (its length, a count, a nil) other than its error alone.
func guarded(b *ssa.BasicBlock, call *ssa.Call) bool {
	for _, d := range b.Parent().Blocks {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || !d.Dominates(b) || !tfssa.DependsOnCall(ifi.Cond, call) {
			continue
		}
		if c, _ := tfssa.ErrCheck(ifi); c == call {
			continue
		}
		return true
	}
	return false
}
