package lazyssa_test

import (
	"go/types"
	"slices"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"

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
