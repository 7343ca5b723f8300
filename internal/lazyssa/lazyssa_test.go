package lazyssa_test

import (
	"go/types"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

const buildSrc = `package p

type T struct{}

func (T) Value()    {}
func (*T) Pointer() {}

func top() { _ = func() {} }
`

func pass(s *testutil.Snippet) *analysis.Pass {
	return &analysis.Pass{Fset: s.Fset, Files: s.Files, Pkg: s.Types, TypesInfo: s.Info}
}

// Build lists package functions and the methods of both receiver kinds by
// their objects (not the synthetic init); function literals are reached
// through their parents.
func TestBuild(t *testing.T) {
	s := testutil.Load(t, buildSrc)
	funcs := lazyssa.Build(pass(s))
	var names []string
	for obj, fn := range funcs {
		if fn.Object() != obj {
			t.Errorf("%s: keyed by %v", fn, obj)
		}
		names = append(names, obj.Name())
	}
	sort.Strings(names)
	if got, want := names, []string{"Pointer", "Value", "top"}; !slices.Equal(got, want) {
		t.Errorf("Build: %v, want %v", got, want)
	}
	top := funcs[s.Types.Scope().Lookup("top").(*types.Func)]
	if top == nil || len(top.AnonFuncs) != 1 {
		t.Errorf("top: want one literal, got %v", top)
	}
}

// A package with type errors gets no SSA: the checks stay quiet.
func TestBuildTypeErrors(t *testing.T) {
	s := testutil.Load(t, buildSrc)
	p := pass(s)
	p.TypeErrors = []types.Error{{Msg: "boom"}}
	if got := lazyssa.Build(p); got != nil {
		t.Errorf("Build with type errors: %d functions, want nil", len(got))
	}
}

// The analyzer's result builds once and shares the map between checks.
func TestLazy(t *testing.T) {
	s := testutil.Load(t, buildSrc)
	res, err := lazyssa.Analyzer.Run(pass(s))
	if err != nil {
		t.Fatal(err)
	}
	lazy := res.(*lazyssa.Lazy)
	a, b := lazy.Funcs(), lazy.Funcs()
	if len(a) == 0 {
		t.Fatal("Lazy.Funcs: empty")
	}
	for obj, fn := range a {
		if b[obj] != fn {
			t.Fatalf("second Funcs call built %s again", obj.Name())
		}
	}
}

const genericSrc = `package p

type modelI interface{ fill() }

type store[T interface {
	*M
	modelI
}, M any] struct{}

func (s *store[T, M]) Update() {
	var m T = new(M)
	m.fill()
	func() { m.fill() }()
	help(m)
}

func help[T modelI](m T) { m.fill() }

type Model struct{ A int }

func (m *Model) fill() { m.A = 1 }

type R struct{ *store[*Model, Model] }
`

// A method promoted from an embedded generic type maps to its instance,
// built with the type arguments, and the instance, its closures and the
// generic helpers it calls count as the package's own.
func TestBuildGeneric(t *testing.T) {
	s := testutil.Load(t, genericSrc)
	funcs := lazyssa.Build(pass(s))
	tn := s.Types.Scope().Lookup("R").(*types.TypeName)
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, s.Types, "Update")
	fn := funcs[obj.(*types.Func)]
	if fn == nil {
		t.Fatalf("R.Update: not built; funcs %v", funcs)
	}
	if fn.Pkg == nil || fn.Pkg.Pkg != s.Types || !strings.HasPrefix(fn.Synthetic, "instance of") {
		t.Fatalf("R.Update: %s %q in %v, want the package's instance", fn, fn.Synthetic, fn.Pkg)
	}
	var callees []string
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok {
				if g := c.Call.StaticCallee(); g != nil {
					callees = append(callees, g.Name())
					if g.Pkg != fn.Pkg {
						t.Errorf("%s: Pkg %v, want the package", g, g.Pkg)
					}
				}
			}
		}
	}
	// fill is called statically on *Model; the closure and help's
	// instance belong to the package.
	if want := []string{"fill", "Update$1", "help[*example.com/snippet.Model]"}; !slices.Equal(callees, want) {
		t.Errorf("R.Update calls %v, want %v", callees, want)
	}
}

// With the run's plan known, the last expected consumer frees the SSA; a
// consumer the plan did not count gets it built again, never a nil map.
func TestLazyRelease(t *testing.T) {
	s := testutil.Load(t, buildSrc)
	lazyssa.Expect(map[string]bool{s.Types.Path(): true}, 2, 1)
	t.Cleanup(func() { lazyssa.Expect(nil, 0, 0) })
	res, _ := lazyssa.Analyzer.Run(pass(s))
	lazy := res.(*lazyssa.Lazy)
	first := lazy.Funcs()
	lazy.Done()
	if second := lazy.Funcs(); !sameMap(first, second) {
		t.Fatal("released after one of two consumers")
	}
	lazy.Done()
	again := lazy.Funcs()
	if len(again) != len(first) || sameMap(first, again) {
		t.Errorf("after the last consumer: want a fresh build of %d functions, got %d (same map: %v)", len(first), len(again), sameMap(first, again))
	}
}

// Without a plan (go vet, analysistest) nothing is released.
func TestLazyNoPlan(t *testing.T) {
	s := testutil.Load(t, buildSrc)
	res, _ := lazyssa.Analyzer.Run(pass(s))
	lazy := res.(*lazyssa.Lazy)
	first := lazy.Funcs()
	for range 3 {
		lazy.Done()
	}
	if !sameMap(first, lazy.Funcs()) {
		t.Error("released without a plan")
	}
}

func sameMap(a, b map[*types.Func]*ssa.Function) bool {
	for obj, fn := range a {
		return b[obj] == fn
	}
	return false
}

// Consumers counts direct users on the packages named and, on their
// dependencies, only the fact analyzers' closure.
func TestConsumers(t *testing.T) {
	facts := &analysis.Analyzer{Name: "facts", Requires: []*analysis.Analyzer{lazyssa.Analyzer}, FactTypes: []analysis.Fact{new(factT)}}
	check1 := &analysis.Analyzer{Name: "c1", Requires: []*analysis.Analyzer{lazyssa.Analyzer, facts}}
	check2 := &analysis.Analyzer{Name: "c2", Requires: []*analysis.Analyzer{facts}}
	helper := &analysis.Analyzer{Name: "h", Requires: []*analysis.Analyzer{lazyssa.Analyzer}}
	check3 := &analysis.Analyzer{Name: "c3", Requires: []*analysis.Analyzer{helper}}
	root, dep := lazyssa.Consumers([]*analysis.Analyzer{check1, check2, check3})
	if root != 3 || dep != 1 {
		t.Errorf("Consumers = %d, %d; want 3 (facts, c1, h), 1 (facts)", root, dep)
	}
	if root, dep := lazyssa.Consumers([]*analysis.Analyzer{check3}); root != 1 || dep != 0 {
		t.Errorf("Consumers(c3) = %d, %d; want 1, 0", root, dep)
	}
}

type factT struct{}

func (*factT) AFact() {}
