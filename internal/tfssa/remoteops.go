package tfssa

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// RemoteOps names the calls fn (with its closures and the functions of its
// package it calls, three calls deep) makes outside its package, the
// standard library and the plugin libraries that can fail: the operations
// it asks of the remote API.
func RemoteOps(fn *ssa.Function) map[string]bool {
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
	if !returnsError(c.Signature()) {
		if fn := c.StaticCallee(); fn != nil && fn.Pkg == pkg {
			return "", fn
		}
		return "", nil
	}
	if c.IsInvoke() {
		// A method of an interface the standard library or a plugin
		// library declares (attr.Value.ToTerraformValue, io.Reader.Read)
		// is no call to the API.
		if m := c.Method; m != nil && m.Pkg() != nil && (tfapi.IsStd(m.Pkg().Path()) || tfapi.IsPluginLib(m.Pkg().Path())) {
			return "", nil
		}
		return c.Value.Type().String() + "." + c.Method.Name(), nil
	}
	fn := c.StaticCallee()
	if fn == nil {
		return "", nil
	}
	if fn.Pkg == pkg {
		return "", fn
	}
	if p := PkgPath(fn); p == "" || tfapi.IsStd(p) || tfapi.IsPluginLib(p) {
		return "", nil
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	return fn.String(), nil
}

// returnsError: the signature has an error among its results.
func returnsError(sig *types.Signature) bool {
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		if tfapi.IsError(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// AsksRemote: c is a remote operation, or a call of a function of pkg that
// makes one.
func AsksRemote(c *ssa.CallCommon, pkg *ssa.Package) bool {
	op, local := remoteOp(c, pkg)
	return op != "" || local != nil && len(RemoteOps(local)) > 0
}
