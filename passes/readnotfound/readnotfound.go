package readnotfound

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Reads whose not-found outcome does not remove the resource.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	c := &checker{rep: lint.NewReporter(pass), model: model, reported: map[token.Pos]bool{}}
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		if !t.Wrapped {
			c.check(t) // a decorator around Read may remove the resource on the error Read returns
		}
		c.checkNilObject(t)
		c.checkMessages(t)
		c.checkHelperMessages(t)
		if !t.Exists && !t.Wrapped {
			lookups := tfssa.LookupChecks(t)
			c.checkWrongVariable(t, lookups)
			c.checkNilResponse(t, lookups)
		}
	}
	return nil, nil
}

type checker struct {
	rep   *lint.Reporter
	model *facts.Model
	// predicateDiags: the current branch's not-found predicate was handed the diagnostics.
	predicateDiags bool
	reported       map[token.Pos]bool
}

type branch struct {
	ifi *ssa.If
	nf  tfssa.NotFound
}

// branches lists the not-found tests of fn.
func (c *checker) branches(fn *ssa.Function) []branch {
	var out []branch
	for _, b := range fn.Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if nf, ok := tfssa.NotFoundBranch(ifi, c.model); ok {
				out = append(out, branch{ifi, nf})
			}
		}
	}
	return out
}

// errorTested: another test reads call's error as not-found
// (linodego.IsNotFound(err)). Such a client reports a missing object through
// its error, so a nil test of the object is a defensive check, not the
// not-found path.
func errorTested(all []branch, call *ssa.Call) bool {
	for _, br := range all {
		if br.nf.Call == nil && tfssa.DependsOnError(br.ifi.Cond, call) {
			return true
		}
	}
	return false
}

func (c *checker) check(t tfssa.Target) {
	all := c.branches(t.Fn)
	for _, br := range all {
		ifi, nf, b := br.ifi, br.nf, br.ifi.Block()
		if nf.Call != nil && errorTested(all, nf.Call) || tfssa.Fallback(t, b) {
			continue // a fallback resolving an ID by name is not what a refresh runs
		}
		// A predicate that removes as it tests (hcloud's isNotFound(err, d)
		// clears the ID) starts the branch removed.
		removal := token.NoPos
		if call, ok := ifi.Cond.(*ssa.Call); ok && tfssa.Removal(call, c.model.Removes) {
			removal = call.Pos()
		}
		// A predicate handed the diagnostics may rewrite them (fabric's
		// IsErrNotFound turns the error into a warning), so appending them
		// afterwards is not known to be an error.
		c.predicateDiags = tfssa.TakesDiagnostics(stripNot(ifi.Cond))
		o := c.walk(t, b.Succs[nf.Succ], &decision{cond: ifi.Cond, succ: nf.Succ}, removal)
		// A nil object from a call handed the diagnostics (or a handler
		// made from them) may come with an error it reported there.
		keptUnsure := nf.LocalNil || nf.Call != nil && tfssa.TakesDiagnostics(nf.Call)
		if o.kind != "" && !(o.kind == "kept" && keptUnsure) && !(o.pos.IsValid() && c.reported[o.pos]) {
			c.reported[o.pos] = true // two tests of one branch (`404 || "not found"`): one finding
			c.report(t, ifi, nf, o)
		}
	}
}

// outcome is what the not-found branch leads to.
type outcome struct {
	kind    string // "error", "removed-error", "kept"
	pos     token.Pos
	removal token.Pos
}

type walkState struct {
	block   *ssa.BasicBlock
	removal token.Pos
	decided *decision // the branches taken so far on this path
}

// decision is one branch taken: the condition and the successor.
type decision struct {
	cond ssa.Value
	succ int
	prev *decision
}

// known returns the successor already taken for an equivalent condition.
func (d *decision) known(cond ssa.Value) (int, bool) {
	for ; d != nil; d = d.prev {
		if sameCond(d.cond, cond) {
			return d.succ, true
		}
	}
	return 0, false
}

// sameCond: the same value, or the same comparison of the same operands
// (`err != nil` written twice).
func sameCond(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	x, ok1 := a.(*ssa.BinOp)
	y, ok2 := b.(*ssa.BinOp)
	return ok1 && ok2 && x.Op == y.Op && x.X == y.X && sameOperand(x.Y, y.Y)
}

func sameOperand(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.IsNil() && cb.IsNil()
}

type seenKey struct {
	block   *ssa.BasicBlock
	removal token.Pos
	decided *decision
}

// walk follows the not-found branch while it only logs or builds errors,
// and returns the first outcome that breaks READ-2. A further call (another
// remote operation, a state write), an IsNewResource guard or a removal
// followed by success ends a path quietly.
func (c *checker) walk(t tfssa.Target, start *ssa.BasicBlock, taken *decision, removal token.Pos) outcome {
	queue := []walkState{{block: start, decided: taken, removal: removal}}
	seen := map[seenKey]bool{}
	for steps := 0; len(queue) > 0 && steps < 64; steps++ {
		s := queue[0]
		queue = queue[1:]
		if k := (seenKey{s.block, s.removal, s.decided}); seen[k] {
			continue
		} else {
			seen[k] = true
		}
		next, o, stop := c.step(t, s)
		if o.kind != "" {
			return o
		}
		if !stop {
			queue = append(queue, next...)
		}
	}
	return outcome{}
}

func (c *checker) step(t tfssa.Target, s walkState) ([]walkState, outcome, bool) {
	for i, instr := range s.block.Instrs {
		switch {
		case tfssa.IsNewResourceCall(instr):
			return nil, outcome{}, true
		case tfssa.Removal(instr, c.model.Removes):
			s.removal = instr.Pos()
			continue
		case !t.SDK && tfssa.Fails(instr):
			if c.predicateDiags && isAppend(instr) {
				return nil, outcome{}, true
			}
			return nil, errorOutcome(instr.Pos(), c.removalFrom(s.block.Instrs[i:], s.removal)), true
		}
		switch in := instr.(type) {
		case *ssa.Return:
			return nil, c.returnOutcome(t, in, s.removal), true
		case ssa.CallInstruction:
			if !tfssa.Benign(in.Common()) {
				return nil, outcome{}, true
			}
		case *ssa.Store:
			if tfssa.Root(in.Addr) == ssa.Value(t.Subject) {
				return nil, outcome{}, true // writes resp.State: not this check's question
			}
		case *ssa.If:
			if succ, ok := s.decided.known(in.Cond); ok {
				return []walkState{{block: s.block.Succs[succ], removal: s.removal, decided: s.decided}}, outcome{}, false
			}
			if nf, ok := tfssa.NotFoundBranch(in, c.model); ok {
				// A further not-found test (`obj == nil && isNotFound(err)`):
				// its other side is not the missing-object case.
				return []walkState{{block: s.block.Succs[nf.Succ], removal: s.removal, decided: s.decided}}, outcome{}, false
			}
			var next []walkState
			for i, succ := range s.block.Succs {
				next = append(next, walkState{block: succ, removal: s.removal, decided: &decision{cond: in.Cond, succ: i, prev: s.decided}})
			}
			return next, outcome{}, false
		}
	}
	var next []walkState
	for _, succ := range s.block.Succs {
		next = append(next, walkState{block: succ, removal: s.removal, decided: s.decided})
	}
	return next, outcome{}, false
}

// removalFrom: the removal made so far, or one made later in the block
// that fails (the error is added, then the resource removed: both are
// returned, and Terraform keeps neither).
func (c *checker) removalFrom(rest []ssa.Instruction, removal token.Pos) token.Pos {
	for _, instr := range rest {
		if !removal.IsValid() && tfssa.Removal(instr, c.model.Removes) {
			return instr.Pos()
		}
	}
	return removal
}

func errorOutcome(pos, removal token.Pos) outcome {
	if removal.IsValid() {
		return outcome{kind: "removed-error", pos: pos, removal: removal}
	}
	return outcome{kind: "error", pos: pos}
}

func (c *checker) returnOutcome(t tfssa.Target, ret *ssa.Return, removal token.Pos) outcome {
	pos := flow.Pos(t.Fn, ret)
	if t.SDK {
		switch tfssa.ReturnKind(ret) {
		case "error":
			return errorOutcome(pos, removal)
		case "":
			return outcome{}
		}
	}
	if removal.IsValid() {
		return outcome{}
	}
	return outcome{kind: "kept", pos: pos}
}

func (c *checker) report(t tfssa.Target, ifi *ssa.If, nf tfssa.NotFound, o outcome) {
	remove := "resp.State.RemoveResource(ctx)"
	if t.SDK {
		remove = `d.SetId("") and return no error`
	}
	test := lint.Related(tfssa.CondPos(ifi), "the object is missing on this branch: %s", nf.What)
	f := lint.Finding{Rule: "READ-2", Pos: o.pos, Related: []analysis.RelatedInformation{test}}
	switch o.kind {
	case "error":
		f.Message = fmt.Sprintf("Read of %s returns an error when the object is gone (%s): every plan then fails after an out-of-band delete; call %s instead", t.Name, nf.What, remove)
	case "removed-error":
		f.Message = fmt.Sprintf("Read of %s removes the resource and then returns an error when the object is gone (%s): the removal is discarded and every plan fails; return without an error after removing", t.Name, nf.What)
		f.Related = append(f.Related, lint.Related(o.removal, "removed here"))
		for _, rf := range tfssa.RemovalsThenFails(t, c.model) {
			if rf.Removed != o.removal {
				f.Related = append(f.Related, lint.Related(rf.Fails, "the same removal, then an error, on this branch too"))
			}
		}
	case "kept":
		f.Message = fmt.Sprintf("Read of %s returns without error and without removing the resource when the object is gone (%s): the old state is kept and Terraform never plans to re-create it; call %s", t.Name, nf.What, remove)
	}
	c.rep.Report(f)
}

func stripNot(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.NOT {
		return u.X
	}
	return v
}

func isAppend(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	fn := call.Common().StaticCallee()
	return fn != nil && fn.Name() == "Append"
}
