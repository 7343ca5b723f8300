package missingstateset

import (
	"fmt"
	"go/token"

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
		if tfssa.ReturnKind(p.Return) != "success" || idAlreadySet(p, d) {
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: flow.Pos(fn, p.Return), Related: branches(p),
			Message: fmt.Sprintf("the Create of %s can return success without d.SetId of a non-empty ID: the SDK returns a null object, Terraform fails with \"Provider produced inconsistent result after apply\" (\"Root object was present, but now absent\"), and the object just created is not recorded in state", name)})
	}
	checkReadWithoutID(rep, name, fn, d)
}

// checkReadWithoutID reports a Create that names the object itself
// (d.SetId of its own) but has a path to `return resourceRead(ctx, d, m)`
// that skipped it (the object was not found in a listing): the Read looks up
// an empty ID. Here only d.SetId itself, or a function of the package that
// may call it, counts as naming the object.
func checkReadWithoutID(rep *lint.Reporter, name string, fn *ssa.Function, d *ssa.Parameter) {
	if !callsSetID(fn, d) || !returnsDelegated(fn, d) {
		return
	}
	strict := func(instr ssa.Instruction) bool { return namesObject(instr, d) }
	for _, p := range flow.Unsettled(fn, flow.Question{Hit: strict}) {
		g := delegated(p.Return, d)
		if g == nil || idAlreadySet(p, d) {
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: flow.Pos(fn, p.Return), Related: branches(p),
			Message: fmt.Sprintf("the Create of %s returns what %s answers without d.SetId of a non-empty ID on this path: the object just made is looked up by an empty ID, so Create fails, or succeeds with a null object and Terraform fails with \"Provider produced inconsistent result after apply\" (\"Root object was present, but now absent\"), and the object just created is not recorded in state; set the ID first, or return an error when it cannot be found", name, g.Name())})
	}
}

func branches(p flow.Path) []analysis.RelatedInformation {
	var related []analysis.RelatedInformation
	for _, b := range p.Branches {
		related = append(related, lint.Related(b.Pos(), "on this path the condition is %v", b.Taken))
	}
	return related
}

// returnsDelegated: some return of fn hands back what a package function
// given d answers (the only returns checkReadWithoutID reports).
func returnsDelegated(fn *ssa.Function, d *ssa.Parameter) bool {
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && delegated(ret, d) != nil {
			return true
		}
	}
	return false
}

// callsSetID: fn itself calls d.SetId with a value other than "".
func callsSetID(fn *ssa.Function, d *ssa.Parameter) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && isSetID(c.Common(), d) {
				return true
			}
		}
	}
	return false
}

func isSetID(com *ssa.CallCommon, d ssa.Value) bool {
	callee := com.StaticCallee()
	return callee != nil && callee.Name() == "SetId" && callee.Signature.Recv() != nil && tfapi.IsResourceData(callee.Signature.Recv().Type()) &&
		len(com.Args) == 2 && tfssa.IsParam(com.Args[0], d) && !tfssa.EmptyString(com.Args[1])
}

// namesObject: d.SetId of a value other than "", a closure capturing d, or
// d handed to a function of the package that may call d.SetId.
func namesObject(instr ssa.Instruction, d *ssa.Parameter) bool {
	switch in := instr.(type) {
	case *ssa.MakeClosure:
		for _, b := range in.Bindings {
			if b == ssa.Value(d) {
				return true
			}
		}
	case ssa.CallInstruction:
		com := in.Common()
		if isSetID(com, d) {
			return true
		}
		if g := com.StaticCallee(); g != nil && g.Pkg == instr.Parent().Pkg && len(g.Blocks) > 0 && tfssa.HandsResourceData(com) {
			return mayGiveID(g, 3, map[*ssa.Function]bool{})
		}
	}
	return false
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

// mayGiveID: g, a function of the package handed d, may call d.SetId with
// a value other than "": it does so itself or in a closure, or hands d on to
// code that may (another package's, a closure called out of sight, a
// function deeper than depth). A Read, which only looks the ID up, does not.
func mayGiveID(g *ssa.Function, depth int, seen map[*ssa.Function]bool) bool {
	if depth < 0 {
		return true
	}
	if seen[g] {
		return false
	}
	seen[g] = true
	for _, b := range g.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			com := c.Common()
			callee := com.StaticCallee()
			if callee != nil && callee.Signature.Recv() != nil && tfapi.IsResourceData(callee.Signature.Recv().Type()) {
				if callee.Name() == "SetId" && len(com.Args) == 2 && !tfssa.EmptyString(com.Args[1]) {
					return true
				}
				continue
			}
			if !tfssa.HandsResourceData(com) {
				continue
			}
			switch {
			case callee != nil && callee.Pkg == g.Pkg && len(callee.Blocks) > 0:
				if mayGiveID(callee, depth-1, seen) {
					return true
				}
			case callee != nil && tfapi.IsPluginLib(tfssa.PkgPath(callee)):
			default:
				return true
			}
		}
	}
	for _, anon := range g.AnonFuncs {
		if mayGiveID(anon, depth, seen) {
			return true
		}
	}
	return false
}

// delegated: the function of the package the return hands d to and returns
// the result of (return resourceRead(ctx, d, meta)), when it gives no ID:
// the object just made is looked up by an empty ID.
func delegated(ret *ssa.Return, d *ssa.Parameter) *ssa.Function {
	if len(ret.Results) == 0 {
		return nil
	}
	v := ret.Results[len(ret.Results)-1]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Block() != ret.Block() {
		return nil // `if err := f(d); err != nil { return err }` is f failing, not its answer
	}
	g := call.Call.StaticCallee()
	if g == nil || g.Pkg != ret.Parent().Pkg || len(g.Blocks) == 0 || !tfssa.HandsResourceData(call.Common()) {
		return nil
	}
	for _, a := range call.Call.Args {
		if a == ssa.Value(d) {
			return g
		}
	}
	return nil
}

// idAlreadySet: the path takes a branch where d.Id() is not "" (the else of
// `if d.Id() == "" { create }`), which a Create never does: it starts with
// no ID.
func idAlreadySet(p flow.Path, d *ssa.Parameter) bool {
	for _, b := range p.Branches {
		cmp, ok := b.If.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
			continue
		}
		x, y := cmp.X, cmp.Y
		if tfssa.EmptyString(x) {
			x, y = y, x
		}
		if !tfssa.EmptyString(y) || !readsID(x, d) {
			continue
		}
		if (cmp.Op == token.EQL) != b.Taken {
			return true
		}
	}
	return false
}

// readsID: v is d.Id().
func readsID(v ssa.Value, d *ssa.Parameter) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Name() == "Id" && fn.Signature.Recv() != nil && tfapi.IsResourceData(fn.Signature.Recv().Type()) &&
		len(c.Call.Args) == 1 && c.Call.Args[0] == ssa.Value(d)
}
