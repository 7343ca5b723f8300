package missingstateset

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkSDKCreate reports an SDK Create that can return success (nil) before
// any d.SetId with a non-empty value: the SDK then takes the resource as not
// created.
func checkSDKCreate(rep *lint.Reporter, name string, fn *ssa.Function, d *ssa.Parameter) {
	setsID := func(instr ssa.Instruction) bool { return setsOrHandsOff(instr, d) }
	for _, p := range flow.Unsettled(fn, flow.Question{Hit: setsID}) {
		if tfssa.ReturnKind(p.Return) != "success" {
			continue
		}
		var related []analysis.RelatedInformation
		for _, b := range p.Branches {
			related = append(related, lint.Related(b.Pos(), "on this path the condition is %v", b.Taken))
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: flow.Pos(fn, p.Return), Related: related,
			Message: fmt.Sprintf("the Create of %s can return success without d.SetId of a non-empty ID: the SDK returns a null object, Terraform fails with \"Provider produced inconsistent result after apply\" (\"Root object was present, but now absent\"), and the object just created is not recorded in state", name)})
	}
}

// setsOrHandsOff: d.SetId with something other than "", or d handed to code
// that may set it (a helper, a closure, a retry loop).
func setsOrHandsOff(instr ssa.Instruction, d *ssa.Parameter) bool {
	if c, ok := instr.(ssa.CallInstruction); ok {
		common := c.Common()
		if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && tfapi.IsResourceData(fn.Signature.Recv().Type()) && len(common.Args) > 0 && common.Args[0] == d {
			if fn.Name() != "SetId" {
				return false // d.Get, d.Set, d.HasChange, ...
			}
			k, isConst := common.Args[1].(*ssa.Const)
			return !isConst || k.Value == nil || k.Value.ExactString() != `""`
		}
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && *op == d {
			return true
		}
	}
	return false
}
