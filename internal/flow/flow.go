// Package flow answers path questions on SSA for the checks: "is there a
// path from the entry to a return that passes no instruction of some kind and
// has not failed?". It knows nothing of Terraform; the passes say what counts.
package flow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Question configures a path search.
type Question struct {
	// Hit marks an instruction that settles the question on its path
	// (e.g. the state is written, or the value escapes to unknown code).
	Hit func(ssa.Instruction) bool
	// Fails marks an instruction after which the path is a failure path
	// (e.g. an error diagnostic is added).
	Fails func(ssa.Instruction) bool
	// FailedSucc tells, for a branch, which successor is a failure path
	// (e.g. the true branch of `if diags.HasError()`); -1 for none.
	FailedSucc func(*ssa.If) int
}

// Path is one success path that reached a return without a hit.
type Path struct {
	Return *ssa.Return
	// Branches are the conditional branches taken on the way, innermost last.
	Branches []Branch
}

// Branch is one conditional branch taken: Taken is true when If.Cond holds
// (the then-branch, unless the source negates the condition: SSA folds a !
// into the order of the successors).
type Branch struct {
	If    *ssa.If
	Taken bool
}

// Pos is where the branch's condition is written, if known; for a result
// of a multi-value call (`ok, err := f(); if !ok`), which has no position of
// its own, the call.
func (b Branch) Pos() token.Pos {
	if p := b.If.Cond.Pos(); p.IsValid() {
		return p
	}
	if ex, ok := b.If.Cond.(*ssa.Extract); ok {
		return ex.Tuple.Pos()
	}
	return b.If.Pos()
}

type state struct {
	block  *ssa.BasicBlock
	failed bool
}

// Unsettled returns the returns reachable from fn's entry along a path that
// passes no Hit and no failure; for each, one such path's branches.
func Unsettled(fn *ssa.Function, q Question) []Path {
	if fn == nil || len(fn.Blocks) == 0 {
		return nil
	}
	type item struct {
		s     state
		trail []Branch
	}
	seen := map[state]bool{}
	var out []Path
	reported := map[*ssa.Return]bool{}
	queue := []item{{s: state{block: fn.Blocks[0]}}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if seen[it.s] {
			continue
		}
		seen[it.s] = true
		failed, stopped := it.s.failed, false
		for _, instr := range it.s.block.Instrs {
			if q.Hit != nil && q.Hit(instr) {
				stopped = true
				break
			}
			if q.Fails != nil && q.Fails(instr) {
				failed = true
			}
			if ret, ok := instr.(*ssa.Return); ok && !failed && !reported[ret] {
				reported[ret] = true
				out = append(out, Path{Return: ret, Branches: it.trail})
			}
		}
		if stopped {
			continue
		}
		failedSucc := -1
		var branch *ssa.If
		if n := len(it.s.block.Instrs); n > 0 {
			if ifi, ok := it.s.block.Instrs[n-1].(*ssa.If); ok {
				branch = ifi
				if q.FailedSucc != nil {
					failedSucc = q.FailedSucc(ifi)
				}
			}
		}
		for i, succ := range it.s.block.Succs {
			trail := it.trail
			if branch != nil {
				trail = append(append([]Branch(nil), it.trail...), Branch{If: branch, Taken: i == 0})
			}
			queue = append(queue, item{s: state{block: succ, failed: failed || i == failedSucc}, trail: trail})
		}
	}
	return out
}

// Pos is the position of a return, or of the function's closing brace for
// the implicit return at its end.
func Pos(fn *ssa.Function, ret *ssa.Return) token.Pos {
	if ret.Pos().IsValid() {
		return ret.Pos()
	}
	if syn := fn.Syntax(); syn != nil {
		return syn.End() - 1
	}
	return fn.Pos()
}
