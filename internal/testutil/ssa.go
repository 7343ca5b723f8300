package testutil

import (
	"fmt"
	"go/types"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Snippet is a small source file type-checked as a package of this module,
// with its SSA form built, for the engines' unit tests.
type Snippet struct {
	*packages.Package
	SSA *ssa.Package
}

// Load type-checks src as the only file of a package in this module and
// builds its SSA form. src may import the framework and the SDKs pinned in
// go.mod: their types come from export data. The package exists only in an
// overlay; nothing is written to the tree. Loading costs one `go list`, so a
// test file puts its functions in one source.
func Load(t testing.TB, src string) *Snippet {
	t.Helper()
	s, err := LoadSnippet(src)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// LoadSnippet is Load without a testing.TB; it fails on type errors.
func LoadSnippet(src string) (*Snippet, error) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	dir := filepath.Join(root, "internal", "testutil", "zzsnippet")
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax |
			packages.NeedTypesInfo | packages.NeedImports,
		Dir:     root,
		Overlay: map[string][]byte{filepath.Join(dir, "snippet.go"): []byte(src)},
	}
	pkgs, err := packages.Load(cfg, "./internal/testutil/zzsnippet")
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("loading the snippet: %d packages", len(pkgs))
	}
	p := pkgs[0]
	if len(p.Errors) > 0 {
		return nil, fmt.Errorf("snippet: %v", p.Errors[0])
	}
	prog := ssa.NewProgram(p.Fset, 0)
	created := map[*types.Package]bool{p.Types: true}
	var create func(*types.Package)
	create = func(tp *types.Package) {
		for _, imp := range tp.Imports() {
			if !created[imp] {
				created[imp] = true
				prog.CreatePackage(imp, nil, nil, true)
				create(imp)
			}
		}
	}
	create(p.Types)
	s := &Snippet{Package: p, SSA: prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)}
	s.SSA.Build()
	return s, nil
}

// Func returns the function or method (written "T.M" or "(*T).M") named
// name, failing the test when the snippet has none.
func (s *Snippet) Func(t testing.TB, name string) *ssa.Function {
	t.Helper()
	if fn := s.SSA.Func(name); fn != nil {
		return fn
	}
	for _, m := range s.SSA.Members {
		typ, ok := m.(*ssa.Type)
		if !ok {
			continue
		}
		for _, recv := range []types.Type{typ.Type(), types.NewPointer(typ.Type())} {
			mset := s.SSA.Prog.MethodSets.MethodSet(recv)
			for i := 0; i < mset.Len(); i++ {
				fn := s.SSA.Prog.MethodValue(mset.At(i))
				if fn != nil && fn.Pkg == s.SSA && methodName(fn) == name {
					return fn
				}
			}
		}
	}
	t.Fatalf("no function %s in the snippet", name)
	return nil
}

// methodName writes fn's name as "T.M" or "(*T).M".
func methodName(fn *ssa.Function) string {
	recv := fn.Signature.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		return "(*" + types.TypeString(p.Elem(), types.RelativeTo(fn.Pkg.Pkg)) + ")." + fn.Name()
	}
	return types.TypeString(recv, types.RelativeTo(fn.Pkg.Pkg)) + "." + fn.Name()
}

// Funcs lists the snippet's functions and methods by their objects, as
// flow.Build does for a pass.
func (s *Snippet) Funcs() map[*types.Func]*ssa.Function {
	out := map[*types.Func]*ssa.Function{}
	for fn := range allFuncs(s.SSA) {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Pkg == s.SSA {
			out[obj] = fn
		}
	}
	return out
}

func allFuncs(pkg *ssa.Package) map[*ssa.Function]bool {
	out := map[*ssa.Function]bool{}
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			out[m] = true
		case *ssa.Type:
			for _, recv := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				mset := pkg.Prog.MethodSets.MethodSet(recv)
				for i := 0; i < mset.Len(); i++ {
					if fn := pkg.Prog.MethodValue(mset.At(i)); fn != nil {
						out[fn] = true
					}
				}
			}
		}
	}
	return out
}

// Calls returns the calls in fn to functions or methods named name, in order.
func Calls(fn *ssa.Function, name string) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cc := c.Common()
			if (cc.IsInvoke() && cc.Method.Name() == name) || (cc.StaticCallee() != nil && cc.StaticCallee().Name() == name) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Ifs returns fn's conditional branches in block order.
func Ifs(fn *ssa.Function) []*ssa.If {
	var out []*ssa.If
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 {
			if ifi, ok := b.Instrs[n-1].(*ssa.If); ok {
				out = append(out, ifi)
			}
		}
	}
	return out
}

// Markers maps the lines of src that end in a `// @name` comment to name,
// so that tests name source lines without counting them.
func Markers(src string) map[int]string {
	out := map[int]string{}
	for i, line := range strings.Split(src, "\n") {
		if _, name, ok := strings.Cut(line, "// @"); ok {
			out[i+1] = strings.Fields(name)[0]
		}
	}
	return out
}
