// Package lazyssa defines the lazyssa analyzer: the package's SSA form, built
// once and only when a check first asks for it, shared by the checks.
package lazyssa

import (
	"go/types"
	"reflect"
	"strings"
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
	// InstantiateGenerics: a resource may take its Create or Update from
	// an embedded generic type (struct{ *store[*Model, Model] }); only an
	// instance's body shows the model the type parameters stand for.
	prog := ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
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
				sel := mset.At(i)
				if fn := prog.MethodValue(sel); fn != nil && fn.Pkg == pkg {
					if obj, ok := fn.Object().(*types.Func); ok {
						out[obj] = fn
					}
				} else if obj, inst := promotedInstance(prog, pkg, sel); inst != nil {
					out[obj] = inst
				}
			}
		}
	}
	adoptInstances(pkg, out)
	return out
}

// promotedInstance: the instance of a method of this package's generic type
// that sel promotes (Update of an embedded *store[*Model, Model]), keyed by
// the method facts.Method finds; nil for any other selection.
func promotedInstance(prog *ssa.Program, pkg *ssa.Package, sel *types.Selection) (*types.Func, *ssa.Function) {
	obj, ok := sel.Obj().(*types.Func)
	if !ok || obj.Origin() == obj || obj.Pkg() != pkg.Pkg {
		return nil, nil
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return nil, nil
	}
	m := prog.MethodSets.MethodSet(recv.Type()).Lookup(obj.Pkg(), obj.Name())
	if m == nil {
		return nil, nil
	}
	if fn := prog.MethodValue(m); instance(fn, pkg) {
		return obj, fn
	}
	return nil, nil
}

// instance: fn is an instance of a generic function of pkg, built with
// its type arguments (not a wrapper around the generic body, which is all
// the builder makes when a type argument is itself a type parameter).
func instance(fn *ssa.Function, pkg *ssa.Package) bool {
	return fn != nil && fn.Origin() != nil && fn.Origin().Pkg == pkg &&
		strings.HasPrefix(fn.Synthetic, "instance of ") && len(fn.Blocks) > 0
}

// adoptInstances gives the instances of this package's generic functions
// that funcs reach (and their closures) the package: the SSA builder
// leaves an instance's Pkg nil, and the checks follow a callee, or judge a
// function, only when it belongs to the package under analysis.
func adoptInstances(pkg *ssa.Package, funcs map[*types.Func]*ssa.Function) {
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		if fn.Pkg == nil && instance(fn, pkg) {
			fn.Pkg = pkg
		}
		if fn.Pkg != pkg {
			return
		}
		for _, anon := range fn.AnonFuncs {
			if anon.Pkg == nil {
				anon.Pkg = pkg
			}
			visit(anon)
		}
		var ops []*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if g, ok := (*op).(*ssa.Function); ok {
						visit(g)
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		visit(fn)
	}
}

// Lazy builds the package's SSA at most once, on the first check that asks,
// and shares it between the checks of the package. When the driver has said
// how many checks will ask (Expect), the last one to finish drops it: the
// analysis driver keeps every pass's results until the run ends, and the SSA
// of every package of a large provider held at once dominates its memory.
type Lazy struct {
	pass  *analysis.Pass
	mu    sync.Mutex
	built bool
	funcs map[*types.Func]*ssa.Function
	done  int
}

// Funcs returns the SSA functions of the package (nil on type errors). After
// a release it builds them again: a count that was wrong costs time, not
// correctness.
func (l *Lazy) Funcs() map[*types.Func]*ssa.Function {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.built {
		l.funcs, l.built = Build(l.pass), true
	}
	return l.funcs
}

// Done records that one analyzer requiring this one has finished with the
// package; the last expected one releases the SSA.
func (l *Lazy) Done() {
	want := expected(l.pass.Pkg.Path())
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done++
	if want > 0 && l.done >= want {
		l.funcs, l.built, l.done = nil, false, 0
	}
}

// plan is how many analyzers take a package's SSA in this run: all those the
// run selected on the packages named on the command line, only those that
// compute facts on their dependencies. Zero (go vet, tests): never release.
var plan struct {
	sync.RWMutex
	roots     map[string]bool
	root, dep int
}

// Expect tells the lazyssa analyzer which packages the run was asked about
// (by import path, test variants alike) and how many analyzers requiring it
// run on those (root) and on the packages they import (dep).
func Expect(roots map[string]bool, root, dep int) {
	plan.Lock()
	defer plan.Unlock()
	plan.roots, plan.root, plan.dep = roots, root, dep
}

func expected(path string) int {
	plan.RLock()
	defer plan.RUnlock()
	if plan.roots == nil {
		return 0
	}
	if plan.roots[path] {
		return plan.root
	}
	return plan.dep
}

// Consumers counts the analyzers, among those that run on a package when
// selected is the run's list, that require Analyzer directly: on the packages
// named (root) and on their dependencies, where only the analyzers computing
// facts, and what they require, run (dep).
func Consumers(selected []*analysis.Analyzer) (root, dep int) {
	all := closure(selected)
	var facts []*analysis.Analyzer
	for _, a := range all {
		if len(a.FactTypes) > 0 {
			facts = append(facts, a)
		}
	}
	return countUsers(all), countUsers(closure(facts))
}

func closure(as []*analysis.Analyzer) []*analysis.Analyzer {
	seen := map[*analysis.Analyzer]bool{}
	var out []*analysis.Analyzer
	var add func(a *analysis.Analyzer)
	add = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		out = append(out, a)
		for _, r := range a.Requires {
			add(r)
		}
	}
	for _, a := range as {
		add(a)
	}
	return out
}

func countUsers(as []*analysis.Analyzer) int {
	n := 0
	for _, a := range as {
		for _, r := range a.Requires {
			if r == Analyzer {
				n++
			}
		}
	}
	return n
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
