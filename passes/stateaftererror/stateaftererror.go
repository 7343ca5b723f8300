package stateaftererror

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports error branches of a framework Create or Update that fall
// through to saving state.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	reads := map[*ssa.Function]bool{}
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		reads[t.Fn] = true
	}
	for _, t := range tfssa.Targets(pass, model, funcs, "Create", facts.KindResource) {
		if t.SDK {
			checkEarlyID(rep, t, reads)
		}
	}
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource {
			continue
		}
		for _, method := range []string{"Create", "Update"} {
			if fn := funcs[facts.Method(pass.Pkg, r.TypeName, method)]; fn != nil {
				check(rep, r.TypeName+"."+method, fn)
			}
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, name string, fn *ssa.Function) {
	for _, b := range fn.Blocks {
		add := errorBranchAdd(b)
		if add == nil {
			continue
		}
		// A failure after a remote call succeeded (a read or a wait once
		// the object was made or changed) may save the state on purpose:
		// Terraform marks a created object tainted and replaces it, and an
		// Update's change was applied.
		if remoteBefore(b.Preds[0].Instrs[len(b.Preds[0].Instrs)-1].(*ssa.If)) {
			continue
		}
		if set := savedAfter(b); set != nil {
			rep.Report(lint.Finding{Rule: "APPLY-3", Pos: add.Pos(),
				Related: []analysis.RelatedInformation{lint.Related(set.Pos(), "the state is saved here, on the same path")},
				Message: fmt.Sprintf("%s adds an error for a failed call and goes on without returning: the path reaches resp.State.Set, so Terraform records the state of an operation that failed (a Create's object as if it existed, an Update's planned values as if applied); return after the error", name)})
		}
	}
}

// errorBranchAdd: the AddError/AddAttributeError in b, when b is the
// `err != nil` branch of an error check and not inside a loop (errors
// collected per element are a design of their own).
func errorBranchAdd(b *ssa.BasicBlock) ssa.Instruction {
	if len(b.Preds) != 1 || tfssa.InCycle(b) {
		return nil
	}
	ifi, ok := b.Preds[0].Instrs[len(b.Preds[0].Instrs)-1].(*ssa.If)
	if !ok || !errNonNil(ifi, b) {
		return nil
	}
	for _, instr := range b.Instrs {
		if call, ok := instr.(ssa.CallInstruction); ok && isAddError(call) {
			return instr
		}
	}
	return nil
}

// errNonNil: b is the branch of ifi taken when an error is not nil.
func errNonNil(ifi *ssa.If, b *ssa.BasicBlock) bool {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
		return false
	}
	x := cmp.X
	if tfssa.IsNilConst(x) {
		x = cmp.Y
	} else if !tfssa.IsNilConst(cmp.Y) {
		return false
	}
	if !tfapi.IsError(x.Type()) {
		return false
	}
	taken := 0
	if cmp.Op == token.EQL {
		taken = 1
	}
	return ifi.Block().Succs[taken] == b
}

func isAddError(call ssa.CallInstruction) bool {
	callee := call.Common().StaticCallee()
	return callee != nil && callee.Signature.Recv() != nil && tfapi.IsDiagnostics(callee.Signature.Recv().Type()) &&
		(callee.Name() == "AddError" || callee.Name() == "AddAttributeError")
}

// savedAfter: a resp.State.Set/SetAttribute reached from b after the error
// branch has joined the other paths (a save inside the branch, dominated by
// it, is a deliberate partial state). A `diags.HasError()` test sends the
// walk down its failure branch only.
func savedAfter(b *ssa.BasicBlock) ssa.Instruction {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		cur := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[cur] {
			continue
		}
		seen[cur] = true
		if !b.Dominates(cur) {
			for _, instr := range cur.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && savesState(call) {
					return instr
				}
			}
		}
		last := cur.Instrs[len(cur.Instrs)-1]
		if ifi, ok := last.(*ssa.If); ok {
			if i := tfssa.FailedSucc(ifi); i >= 0 {
				work = append(work, cur.Succs[i])
				continue
			}
		}
		work = append(work, cur.Succs...)
	}
	return nil
}

func savesState(call ssa.CallInstruction) bool {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || (callee.Name() != "Set" && callee.Name() != "SetAttribute") {
		return false
	}
	return tfapi.IsFramework(callee.Signature.Recv().Type(), "tfsdk", "State")
}

// remoteBefore: a remote operation runs before the call whose error ifi
// tests (on every path to it: in a block dominating it, or earlier in its own).
func remoteBefore(ifi *ssa.If) bool {
	failed := failingCall(ifi)
	if failed == nil {
		return true // cannot say which call failed
	}
	fn := failed.Parent()
	for _, b := range fn.Blocks {
		if !b.Dominates(failed.Block()) {
			continue
		}
		for _, instr := range b.Instrs {
			if instr == failed {
				break
			}
			if c, ok := instr.(ssa.CallInstruction); ok && tfssa.AsksRemote(c.Common(), fn.Pkg) {
				return true
			}
		}
	}
	return false
}

// failingCall: the call whose error result ifi compares with nil.
func failingCall(ifi *ssa.If) *ssa.Call {
	cmp := ifi.Cond.(*ssa.BinOp)
	v := cmp.X
	if tfssa.IsNilConst(v) {
		v = cmp.Y
	}
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}
