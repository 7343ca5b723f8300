package unreachablenotfound

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Read not-found branches on a nil object that the lookup
// never answers.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		tests := tfssa.NotFoundTests(t.Fn, model)
		for _, nt := range tests {
			call, ok := nilTest(nt)
			if !ok || !afterNoError(call, nt.Block) || otherTest(tests, nt, call) {
				continue
			}
			lookup := call.Call.StaticCallee()
			rets, ok := neverNilWithoutError(lookup)
			if !ok {
				continue
			}
			f := lint.Finding{Rule: "READ-2", Pos: nt.Pos,
				Message: fmt.Sprintf("Read of %s removes the resource when %s answers a nil object, but %s never answers nil without an error: after the object is deleted outside Terraform its error ends Read instead, on every refresh; make %s return nil, nil for a missing object, or test its error for not-found", t.Name, lookup.Name(), lookup.Name(), lookup.Name()),
				Related: []analysis.RelatedInformation{lint.Related(call.Pos(), "the lookup")}}
			for _, r := range rets {
				f.Related = append(f.Related, lint.Related(r, "%s returns here: a non-nil object, or an error", lookup.Name()))
			}
			rep.Report(f)
		}
	}
	return nil, nil
}

// nilTest: nt tests the first result of a call to a function of this
// package (obj == nil, obj != nil), and one side removes the resource.
func nilTest(nt tfssa.NotFoundTest) (*ssa.Call, bool) {
	b, ok := nt.Cond.(*ssa.BinOp)
	if !ok || !nt.Removes || b.Op != token.EQL && b.Op != token.NEQ {
		return nil, false
	}
	x := b.X
	if !tfssa.IsNilConst(b.Y) {
		x = b.Y
		if !tfssa.IsNilConst(b.X) {
			return nil, false
		}
	}
	ex, ok := x.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil, false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return nil, false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg != call.Parent().Pkg || fn.Blocks == nil {
		return nil, false
	}
	res := fn.Signature.Results()
	if res.Len() < 2 || !tfapi.IsError(res.At(res.Len()-1).Type()) {
		return nil, false
	}
	_, ptr := res.At(0).Type().Underlying().(*types.Pointer)
	return call, ptr
}

// afterNoError: b is reached only once the call's error was found nil (if
// err != nil { return ... } before it): there, a nil object is the only
// way the call can say the object is missing.
func afterNoError(call *ssa.Call, b *ssa.BasicBlock) bool {
	for _, blk := range call.Parent().Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if c, errSucc := tfssa.ErrCheck(ifi); c == call && blk.Succs[1-errSucc].Dominates(b) {
			return true
		}
	}
	return false
}

// otherTest: the Read also tests the call for not-found another way (its
// error, a status): the nil test is not its only way to see a delete.
func otherTest(tests []tfssa.NotFoundTest, nilT tfssa.NotFoundTest, call *ssa.Call) bool {
	for _, t := range tests {
		if t.Block != nilT.Block && tfssa.DependsOnCall(t.Cond, call) {
			return true
		}
	}
	return false
}

// neverNilWithoutError: every return of fn gives a non-nil first result
// or a non-nil error; it returns where fn returns.
func neverNilWithoutError(fn *ssa.Function) ([]token.Pos, bool) {
	var rets []token.Pos
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) < 2 {
			return nil, false
		}
		obj, err := ret.Results[0], ret.Results[len(ret.Results)-1]
		if !nonNil(obj, 0) && !errNonNil(ret, err) {
			return nil, false
		}
		rets = append(rets, ret.Pos())
	}
	return rets, len(rets) > 0
}

// nonNil: v cannot be a nil pointer (&x, new(T), a field's address).
func nonNil(v ssa.Value, depth int) bool {
	switch v := v.(type) {
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	case *ssa.Phi:
		if depth > 4 {
			return false
		}
		for _, e := range v.Edges {
			if !nonNil(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// errNonNil: err is built here (errors.New, fmt.Errorf) or was found
// non-nil by a test whose true side leads to ret.
func errNonNil(ret *ssa.Return, err ssa.Value) bool {
	if tfssa.IsNilConst(err) {
		return false
	}
	if tfssa.BuiltError(err) {
		return true
	}
	for b := ret.Block(); b != nil; b = b.Idom() {
		idom := b.Idom()
		if idom == nil {
			break
		}
		ifi, ok := idom.Instrs[len(idom.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		c, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || !(c.X == err && tfssa.IsNilConst(c.Y) || c.Y == err && tfssa.IsNilConst(c.X)) {
			continue
		}
		side := 0 // err != nil: the true side
		if c.Op == token.EQL {
			side = 1
		}
		if idom.Succs[side].Dominates(ret.Block()) {
			return true
		}
	}
	return false
}
