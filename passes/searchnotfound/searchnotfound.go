package searchnotfound

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports resource Reads that search a listing for their object
// and, when nothing matches, go on without removing the resource.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		if t.Exists {
			continue // the SDK drops a resource whose Exists says false before Read
		}
		// A decorator around Read (handleNotFound(read)) is not excused: it
		// sees the error Read returns, and a search without a match returns none.
		for _, s := range searches(t) {
			if mayRemove(s.exit, model) {
				continue
			}
			if ret := keepsState(t, s.exit); ret.IsValid() {
				report(rep, t, s, ret)
			}
		}
	}
	return nil, nil
}

func report(rep *lint.Reporter, t tfssa.Target, s search, ret token.Pos) {
	remedy := "call resp.State.RemoveResource(ctx) and return"
	if t.SDK {
		remedy = `call d.SetId("") and return nil`
	}
	name := tfssa.CalleeName(s.call)
	rep.Report(lint.Finding{Rule: "READ-2", Pos: ret,
		Message: fmt.Sprintf("Read of %s searches what %s lists for the resource's ID, and when nothing matches (the object was deleted outside Terraform) it reaches this return without removing the resource: the old state is kept, and the next plan neither re-creates the object nor reports it gone; when no element matches, %s", t.Name, name, remedy),
		Related: []analysis.RelatedInformation{
			lint.Related(s.call.Pos(), "the listing searched comes from %s here", name),
			lint.Related(tfssa.CondPos(s.match), "an element is matched against the resource's ID here"),
			lint.Related(s.exit.Instrs[0].Pos(), "the search ends here without a match"),
		}})
}

// mayRemove: a path from b removes the resource, or hands the state to code
// that may (a helper that cannot be followed).
func mayRemove(b *ssa.BasicBlock, model *facts.Model) bool {
	for r := range tfssa.Reachable(b) {
		for _, instr := range r.Instrs {
			if tfssa.Removal(instr, model.Removes) || opaque(instr) {
				return true
			}
		}
	}
	return false
}

// opaque: the state handed to a function value or an interface method.
func opaque(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok || call.Common().StaticCallee() != nil {
		return false
	}
	for _, a := range call.Common().Args {
		if tfssa.StateLike(a.Type()) {
			return true
		}
	}
	return false
}

// keepsState returns the first return reached from b when every path from
// b ends in a successful return: nothing after the search tells a match
// from no match, and no match ends like a match, with the old state. The
// failing side of an error test (a later d.Set, a second call) is not
// followed. A path that fails, or a cycle, leaves the decision to other
// checks (a "not found" error is readnotfound's): NoPos.
func keepsState(t tfssa.Target, b *ssa.BasicBlock) token.Pos {
	var succeedsFrom func(b *ssa.BasicBlock) bool
	first := token.NoPos
	onPath := map[*ssa.BasicBlock]bool{}
	done := map[*ssa.BasicBlock]bool{} // blocks whose every path succeeds
	var walk func(b *ssa.BasicBlock) bool
	walk = func(b *ssa.BasicBlock) bool {
		if done[b] {
			return true
		}
		if onPath[b] {
			return false
		}
		onPath[b] = true
		defer delete(onPath, b)
		ok := succeedsFrom(b)
		done[b] = ok
		return ok
	}
	succeedsFrom = func(b *ssa.BasicBlock) bool {
		for _, instr := range b.Instrs {
			if !t.SDK && addsError(instr) {
				return false
			}
			if ret, ok := instr.(*ssa.Return); ok {
				if t.SDK && !succeeds(ret) {
					return false
				}
				if !first.IsValid() {
					first = flow.Pos(t.Fn, ret)
				}
				return true
			}
		}
		succs := b.Succs
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if ok, nilSide := errorTest(ifi); ok {
				succs = succs[nilSide : nilSide+1]
			}
		}
		for _, s := range succs {
			if !walk(s) {
				return false
			}
		}
		return len(succs) > 0
	}
	if !walk(b) {
		return token.NoPos
	}
	return first
}

// errorTest matches err != nil / err == nil; nilSide is the successor where
// the error is nil.
func errorTest(ifi *ssa.If) (ok bool, nilSide int) {
	bin, isBin := ifi.Cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false, 0
	}
	x := bin.X
	if tfssa.IsNilConst(x) {
		x = bin.Y
	} else if !tfssa.IsNilConst(bin.Y) {
		return false, 0
	}
	if !tfapi.IsError(x.Type()) {
		return false, 0
	}
	if bin.Op == token.NEQ {
		return true, 1
	}
	return true, 0
}

// addsError: resp.Diagnostics.AddError(...), or appending diagnostics in a
// block that returns, unless they are what saving the state answered
// (resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)).
func addsError(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok || !tfssa.Fails(instr) {
		return false
	}
	c := call.Common()
	if c.StaticCallee().Name() != "Append" {
		return true
	}
	for _, a := range c.Args[1:] {
		if ct, ok := a.(*ssa.ChangeType); ok {
			a = ct.X // Diagnostics handed as ...Diagnostic
		}
		if set, ok := a.(*ssa.Call); ok {
			if fn := set.Call.StaticCallee(); fn != nil && (fn.Name() == "Set" || fn.Name() == "SetAttribute") {
				return false
			}
		}
	}
	return true
}

// succeeds: an SDK Read's return that does not build an error of its own:
// nil, or the result of a helper that fills d (return flatten(d, obj)).
func succeeds(ret *ssa.Return) bool {
	switch tfssa.ReturnKind(ret) {
	case "success":
		return true
	case "error":
		call, ok := tfssa.StripInterface(ret.Results[len(ret.Results)-1]).(*ssa.Call)
		if !ok {
			return false
		}
		if fn := call.Common().StaticCallee(); fn != nil && fn.Name() == "FromErr" && len(call.Common().Args) == 1 {
			call, ok = call.Common().Args[0].(*ssa.Call) // diag.FromErr(d.Set(...))
			if !ok {
				return false
			}
		}
		return call.Common().StaticCallee() != nil && !tfssa.ErrorBuilder(call) // a function value: cannot tell
	}
	return false
}
