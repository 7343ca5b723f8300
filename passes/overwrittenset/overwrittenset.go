package overwrittenset

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports an attribute saved twice in a row, the first value lost.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	seen := map[*ssa.Function]bool{}
	for _, method := range []string{"Create", "Read", "Update"} {
		for _, t := range tfssa.Targets(pass, model, funcs, method, facts.KindResource) {
			tfssa.EachInstr(t.Fn, 2, true, func(instr ssa.Instruction) {
				fn := instr.Parent()
				if seen[fn] {
					return
				}
				seen[fn] = true
				for _, b := range fn.Blocks {
					checkBlock(rep, b)
				}
			})
		}
	}
	return nil, nil
}

// write is one save of an attribute: d.Set("k", v) or m.Field = v.
type write struct {
	key   string // the attribute: the SDK key, or the model field's tag
	dest  ssa.Value
	value ssa.Value
	pos   token.Pos
}

// checkBlock reports, within one block (every path through the first
// write reaches the second), a write overwritten by the next write of the
// same attribute with another value, nothing reading it in between.
func checkBlock(rep *lint.Reporter, b *ssa.BasicBlock) {
	last := map[string]write{}
	for _, instr := range b.Instrs {
		if w, ok := writeOf(instr); ok {
			id := fmt.Sprintf("%p/%s", w.dest, w.key)
			if prev, ok := last[id]; ok && !tfssa.SameValue(prev.value, w.value) && !derived(w.value, prev.value, 0) {
				rep.Report(lint.Finding{Rule: "APPLY-2", Pos: prev.pos,
					Message: fmt.Sprintf("%q is saved here and saved again, with another value, before anything reads it: the first value is lost — a copy-paste slip that leaves %q with the wrong value and the attribute meant for the first value unset", w.key, w.key),
					Related: []analysis.RelatedInformation{lint.Related(w.pos, "saved again here")}})
			}
			last[id] = w
			continue
		}
		if readsBack(instr, last) {
			last = map[string]write{} // a read of d or the model in between: not decided here
		}
	}
}

// writeOf recognises d.Set with a constant key, and a store into a tagged
// field of a model struct.
func writeOf(instr ssa.Instruction) (write, bool) {
	switch in := instr.(type) {
	case *ssa.Call:
		callee := in.Call.StaticCallee()
		if callee == nil || callee.Name() != "Set" || callee.Signature.Recv() == nil || !tfapi.IsResourceData(callee.Signature.Recv().Type()) || len(in.Call.Args) != 3 {
			return write{}, false
		}
		k, ok := tfssa.ConstString(in.Call.Args[1])
		if !ok {
			return write{}, false
		}
		return write{key: k, dest: in.Call.Args[0], value: tfssa.StripInterface(in.Call.Args[2]), pos: in.Pos()}, true
	case *ssa.Store:
		fa, ok := in.Addr.(*ssa.FieldAddr)
		if !ok {
			return write{}, false
		}
		tag := modelflow.LoadedTag(fa)
		if tag == "" {
			return write{}, false
		}
		return write{key: tag, dest: fa.X, value: in.Val, pos: in.Pos()}, true
	}
	return write{}, false
}

// readsBack: an instruction that may read what was written — a load from
// the model, a call handed d or the model — or that leaves this function.
func readsBack(instr ssa.Instruction, last map[string]write) bool {
	dest := func(v ssa.Value) bool {
		if tfapi.IsResourceData(v.Type()) {
			return true
		}
		for _, w := range last {
			if w.dest == v {
				return true
			}
		}
		return false
	}
	switch in := instr.(type) {
	case *ssa.UnOp:
		// A load from the model (or of the model itself); locals whose
		// address was taken (rows.Scan(&v)) are not what was written.
		if in.Op != token.MUL {
			return false
		}
		fa, ok := in.X.(*ssa.FieldAddr)
		return ok && dest(fa.X) || dest(in.X)
	case ssa.CallInstruction:
		c := in.Common()
		if c.IsInvoke() && dest(c.Value) {
			return true
		}
		for _, a := range c.Args {
			if dest(a) {
				return true
			}
		}
		_, isGo := in.(*ssa.Go)
		_, isDefer := in.(*ssa.Defer)
		return isGo || isDefer
	}
	return false
}

// derived: v is computed from first (d.Set("config", raw) then
// d.Set("config", normalize(raw))): a refinement, not a slip.
func derived(v, first ssa.Value, depth int) bool {
	if tfssa.SameValue(v, first) {
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok || depth > 5 {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && derived(*op, first, depth+1) {
			return true
		}
	}
	return false
}
