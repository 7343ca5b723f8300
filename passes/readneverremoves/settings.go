package readneverremoves

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// settingsResource reports whether the resource manages settings of an
// object it does not own. Its Delete makes no remote call (it warns, or
// only forgets), or it makes none that Update or Read does not also make
// (it resets the settings) while Create makes none either (it applies
// them). Such a Read fails only once the owning object is gone, which that
// object's own resource reports; an organisation's settings do not
// disappear at all. A resource that owns its object creates and deletes
// it with calls of its own. A helper of the READ-2 check: such a Read is
// not reported.
func settingsResource(create, update, read, del *ssa.Function) bool {
	if del == nil {
		return false
	}
	d := remoteOps(del)
	if len(d) == 0 {
		return true
	}
	if create == nil || update == nil {
		return false
	}
	c := remoteOps(create)
	known := remoteOps(update)
	for op := range remoteOps(read) {
		known[op] = true
	}
	return len(c) > 0 && subset(c, known) && subset(d, known)
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// remoteOps names the calls fn (with its closures and the functions of its
// package it calls, three calls deep) makes outside its package, the
// standard library and the plugin libraries that can fail: the operations
// it asks of the remote API.
func remoteOps(fn *ssa.Function) map[string]bool {
	ops := map[string]bool{}
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, depth int)
	visit = func(f *ssa.Function, depth int) {
		if f == nil || seen[f] || depth > 3 {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if op, local := remoteOp(call.Common(), fn.Pkg); op != "" {
					ops[op] = true
				} else if local != nil {
					visit(local, depth+1)
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon, depth)
		}
	}
	visit(fn, 0)
	return ops
}

// remoteOp names a call that can fail outside pkg, or returns the callee
// when it is a function of pkg to follow.
func remoteOp(c *ssa.CallCommon, pkg *ssa.Package) (string, *ssa.Function) {
	if !failable(c.Signature()) {
		if fn := c.StaticCallee(); fn != nil && fn.Pkg == pkg {
			return "", fn
		}
		return "", nil
	}
	if c.IsInvoke() {
		return c.Value.Type().String() + "." + c.Method.Name(), nil
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return "", nil
	}
	if fn.Pkg == pkg {
		return "", fn
	}
	if p := fn.Pkg.Pkg.Path(); tfapi.IsStd(p) || tfapi.IsPluginLib(p) {
		return "", nil
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	return fn.String(), nil
}

// failable: the call returns an error among its results.
func failable(sig *types.Signature) bool {
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		if tfapi.IsError(res.At(i).Type()) {
			return true
		}
	}
	return false
}
