// Package lazyssa defines the lazyssa analyzer: the package's SSA form, built
// once and only when a check first asks for it, shared by the checks.
package lazyssa

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Build builds the SSA form of the package under analysis, as the buildssa
// pass does, but only when a check asks: most packages of a provider hold no
// resource, and requiring buildssa would build them all (and fail noisily on
// packages that do not type-check). It returns nil when the package has type
// errors: the checks then stay quiet.
func Build(pass *analysis.Pass) (out map[*types.Func]*ssa.Function) {
	if len(pass.TypeErrors) > 0 || !pass.Pkg.Complete() {
		return nil
	}
	// A dependency that failed to load leaves holes in the type information
	// that the SSA builder panics on ("no type for ..."): stay quiet.
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	out = map[*types.Func]*ssa.Function{}
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

// Lazy builds the package's SSA at most once, on the first check that asks,
// and shares it between the checks of the package.
type Lazy struct {
	pass  *analysis.Pass
	once  sync.Once
	funcs map[*types.Func]*ssa.Function
}

// Funcs returns the SSA functions of the package (nil on type errors).
func (l *Lazy) Funcs() map[*types.Func]*ssa.Function {
	l.once.Do(func() { l.funcs = Build(l.pass) })
	return l.funcs
}

// Analyzer yields a *Lazy for the package; require it instead of calling Build.
var Analyzer = &analysis.Analyzer{
	Name:       "lazyssa",
	Doc:        "build the package's SSA form once, when a check first asks for it",
	Run:        func(pass *analysis.Pass) (any, error) { return &Lazy{pass: pass}, nil },
	ResultType: reflect.TypeOf((*Lazy)(nil)),
	// Build itself returns nil on type errors; running anyway keeps the
	// checks free of "failed prerequisites" noise on broken packages.
	RunDespiteErrors: true,
}
