package tfssa

import (
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// CustomizeDiffFuncs: the functions of r's CustomizeDiff — those it names and the
// literals inside it, their closures, and package functions they hand the
// *schema.ResourceDiff to (two calls deep).
func CustomizeDiffFuncs(r *facts.SDKResource, byName map[string]*ssa.Function, all []*ssa.Function) []*ssa.Function {
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	var add func(fn *ssa.Function, depth int)
	add = func(fn *ssa.Function, depth int) {
		if fn == nil || seen[fn] || depth > 3 {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon, depth)
		}
		for _, callee := range handedDiff(fn) {
			add(callee, depth+1)
		}
	}
	for _, name := range r.CustomizeDiffFuncs {
		add(byName[name], 0)
	}
	span := r.CustomizeDiffSpan
	for _, fn := range all {
		for _, anon := range fn.AnonFuncs {
			if span[0].IsValid() && anon.Pos() >= span[0] && anon.Pos() < span[1] {
				add(anon, 0)
			}
		}
	}
	return out
}

// handedDiff: package functions fn calls with its ResourceDiff as an argument.
func handedDiff(fn *ssa.Function) []*ssa.Function {
	d := DiffValue(fn)
	if d == nil {
		return nil
	}
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := c.Common().StaticCallee()
			if callee == nil || callee.Pkg != fn.Pkg || callee.Blocks == nil {
				continue
			}
			for _, a := range c.Common().Args {
				if a == d {
					out = append(out, callee)
					break
				}
			}
		}
	}
	return out
}

// DiffValue is the *schema.ResourceDiff fn works on: a parameter, or a
// variable a closure captures; nil when it has none.
func DiffValue(fn *ssa.Function) ssa.Value {
	for _, p := range fn.Params {
		if tfapi.IsResourceDiff(p.Type()) {
			return p
		}
	}
	for _, fv := range fn.FreeVars {
		if tfapi.IsResourceDiff(fv.Type()) {
			return fv
		}
	}
	return nil
}
