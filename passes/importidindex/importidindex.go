package importidindex

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports importers that index a part of the split import ID
// beyond the number of parts they checked for.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, imp := range importers(pass, model, funcs) {
		for _, fn := range withClosures(imp.fn) {
			check(rep, imp.name, fn)
		}
	}
	return nil, nil
}

type importer struct {
	name string
	fn   *ssa.Function
}

// importers lists the import functions of the package's resources, once each.
func importers(pass *analysis.Pass, model *facts.Model, funcs map[*types.Func]*ssa.Function) []importer {
	var out []importer
	seen := map[*ssa.Function]bool{}
	add := func(name string, fn *ssa.Function) {
		if fn != nil && !seen[fn] {
			seen[fn] = true
			out = append(out, importer{name, fn})
		}
	}
	for _, r := range model.Framework {
		add(r.TypeName, funcs[facts.Method(pass.Pkg, r.TypeName, "ImportState")])
	}
	byName, _ := tfssa.ByName(funcs)
	for _, r := range model.SDK {
		if r.Importer == "custom" {
			add(r.Name, byName[r.ImportFunc.Key()])
		}
	}
	return out
}

func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for _, anon := range fn.AnonFuncs {
		out = append(out, withClosures(anon)...)
	}
	return out
}

// check reports an index of a slice at or beyond n on the side of a
// len(s) == n test where the length is exactly n.
func check(rep *lint.Reporter, name string, fn *ssa.Function) {
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		s, n, exact, ok := lengthTest(ifi.Cond)
		if !ok {
			continue
		}
		side := b.Succs[exact]
		if len(side.Preds) != 1 {
			continue // reached another way too: the length is not known there
		}
		if idx, at := indexBeyond(fn, side, s, n); idx != nil {
			rep.Report(lint.Finding{Rule: "IMPORT-1", Pos: idx.Pos(),
				Message: fmt.Sprintf("import of %s reads part [%d] of a value it has just checked has exactly %d parts: every import panics with an index out of range instead of writing the state Read needs; check for the number of parts used, or use part [%d]", name, at, n, n-1),
				Related: []analysis.RelatedInformation{lint.Related(tfssa.CondPos(ifi), "the length is checked to be %d here", n)}})
		}
	}
}

// lengthTest matches len(s) == n or len(s) != n with n constant; exact is
// the successor where the length is n.
func lengthTest(cond ssa.Value) (s ssa.Value, n int64, exact int, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return nil, 0, 0, false
	}
	l, k := bin.X, bin.Y
	if _, isConst := l.(*ssa.Const); isConst {
		l, k = k, l
	}
	s = lenOf(l)
	c, isConst := k.(*ssa.Const)
	if s == nil || !isConst || c.Value == nil || c.Value.Kind() != constant.Int {
		return nil, 0, 0, false
	}
	n, _ = constant.Int64Val(c.Value)
	if bin.Op == token.NEQ {
		exact = 1
	}
	return s, n, exact, true
}

// lenOf: v is len(s); it returns s.
func lenOf(v ssa.Value) ssa.Value {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(call.Call.Args) == 1 {
		return call.Call.Args[0]
	}
	return nil
}

// indexBeyond finds s[i] with a constant i >= n in a block side dominates.
func indexBeyond(fn *ssa.Function, side *ssa.BasicBlock, s ssa.Value, n int64) (ssa.Instruction, int64) {
	for _, b := range fn.Blocks {
		if !side.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			var x, i ssa.Value
			switch in := instr.(type) {
			case *ssa.IndexAddr:
				x, i = in.X, in.Index
			case *ssa.Index:
				x, i = in.X, in.Index
			default:
				continue
			}
			if x != s {
				continue
			}
			if c, ok := i.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
				if at, _ := constant.Int64Val(c.Value); at >= n {
					return instr, at
				}
			}
		}
	}
	return nil, 0
}
