package flow

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Build builds the SSA form of the package under analysis, as the buildssa
// pass does, but only when a check asks: most packages of a provider hold no
// resource, and requiring buildssa would build them all (and fail noisily on
// packages that do not type-check). It returns nil when the package has type
// errors: the checks then stay quiet.
func Build(pass *analysis.Pass) map[*types.Func]*ssa.Function {
	if len(pass.TypeErrors) > 0 {
		return nil
	}
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	out := map[*types.Func]*ssa.Function{}
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			if obj, ok := fn.Object().(*types.Func); ok {
				out[obj] = fn
			}
		}
	}
	// Methods are not package members: reach them through the named types.
	for _, m := range pkg.Members {
		t, ok := m.(*ssa.Type)
		if !ok {
			continue
		}
		for _, typ := range []types.Type{t.Type(), types.NewPointer(t.Type())} {
			mset := prog.MethodSets.MethodSet(typ)
			for i := 0; i < mset.Len(); i++ {
				if fn := prog.MethodValue(mset.At(i)); fn != nil && fn.Pkg == pkg {
					if obj, ok := fn.Object().(*types.Func); ok {
						out[obj] = fn
					}
				}
			}
		}
	}
	return out
}
