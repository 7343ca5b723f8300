package createreadremoves

import (
	"fmt"
	"regexp"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Reads that Create calls and that remove unguarded.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		if !t.SDK || t.Create == nil {
			continue
		}
		call := callOf(t.Create, t.Fn)
		if call == nil || waitsBefore(call) {
			continue
		}
		for _, rm := range removals(t) {
			rep.Report(lint.Finding{Rule: "APPLY-3", Pos: rm.Pos(),
				Related: []analysis.RelatedInformation{lint.Related(call.Pos(), "Create calls this Read here, right after making the object")},
				Message: fmt.Sprintf("Read of %s, which Create calls, drops the resource and returns success without a d.IsNewResource() test: when the object just made is not visible yet, Create succeeds with an empty ID and Terraform fails with \"Provider produced inconsistent result after apply\" (the object exists, the state has nothing); remove only when !d.IsNewResource(), and return an error otherwise", t.Name)})
		}
	}
	return nil, nil
}

// callOf: the call of read in create (its own body, not closures).
func callOf(create, read *ssa.Function) ssa.CallInstruction {
	for _, b := range create.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == read {
				return c
			}
		}
	}
	return nil
}

// waitsBefore: Create waits for the object before it reads it (a
// StateChangeConf's WaitForState, a retry, a package helper named wait...,
// in a block dominating the Read's call): the object is readable by then.
func waitsBefore(read ssa.CallInstruction) bool {
	b := read.Block()
	for d := b; d != nil; d = d.Idom() {
		for _, instr := range d.Instrs {
			if d == b && instr == read {
				break
			}
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			name := ""
			if fn := c.Common().StaticCallee(); fn != nil {
				name = fn.Name()
			} else if c.Common().IsInvoke() {
				name = c.Common().Method.Name()
			}
			if waitName.MatchString(name) {
				return true
			}
		}
	}
	return false
}

var waitName = regexp.MustCompile(`^(?i:wait)|WaitFor|^Retry`)

// removals: the d.SetId("") calls of the Read that no d.IsNewResource()
// test dominates and after which every return is a success.
func removals(t tfssa.Target) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			if !tfssa.Removal(instr, nil) || tfssa.UnderNewResource(b) {
				continue
			}
			if c, ok := instr.(ssa.CallInstruction); !ok || len(c.Common().Args) == 0 || c.Common().Args[0] != t.Subject {
				continue
			}
			if succeedsAfter(b) {
				out = append(out, instr)
			}
		}
	}
	return out
}

// succeedsAfter: every return reachable from b is a success.
func succeedsAfter(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(*ssa.BasicBlock) bool
	walk = func(x *ssa.BasicBlock) bool {
		if seen[x] {
			return true
		}
		seen[x] = true
		if ret, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ok {
			return tfssa.ReturnKind(ret) == "success"
		}
		for _, s := range x.Succs {
			if !walk(s) {
				return false
			}
		}
		return len(x.Succs) > 0
	}
	return walk(b)
}
