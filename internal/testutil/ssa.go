package testutil

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/ssa"
)

// SnippetPath is the package path snippets are type-checked under.
const SnippetPath = "example.com/snippet"

// Snippet is a small source file type-checked as a package, with its SSA
// form built, for the engines' unit tests.
type Snippet struct {
	Fset  *token.FileSet
	Files []*ast.File
	Types *types.Package
	Info  *types.Info
	SSA   *ssa.Package
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*Snippet{}
)

// Load type-checks src as the only file of package SnippetPath and builds
// its SSA form. src may import the standard library and whatever this
// module requires (the framework, the SDKs): their types come from the
// export data `go list -export` names, as a vet tool gets them. Snippets
// are shared read-only: loading the same source twice in a test binary
// costs nothing the second time.
func Load(t testing.TB, src string) *Snippet {
	t.Helper()
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if s, ok := cache[src]; ok {
		return s
	}
	s, err := LoadSnippet(src)
	if err != nil {
		t.Fatal(err)
	}
	cache[src] = s
	return s
}

// LoadSnippet is Load without a testing.TB or the cache; it fails on
// syntax and type errors.
func LoadSnippet(src string) (*Snippet, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "snippet.go", src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("snippet: %v", err)
	}
	var paths []string
	for _, spec := range f.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		paths = append(paths, p)
	}
	exports, err := exportFiles(paths)
	if err != nil {
		return nil, err
	}
	s := &Snippet{Fset: fset, Files: []*ast.File{f}, Info: &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}}
	conf := types.Config{Importer: exportImporter(fset, exports)}
	if s.Types, err = conf.Check(SnippetPath, fset, s.Files, s.Info); err != nil {
		return nil, fmt.Errorf("snippet: %v", err)
	}
	prog := ssa.NewProgram(fset, 0)
	created := map[*types.Package]bool{s.Types: true}
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
	create(s.Types)
	s.SSA = prog.CreatePackage(s.Types, s.Files, s.Info, false)
	s.SSA.Build()
	return s, nil
}

// exportFiles maps the packages paths import, and their dependencies, to
// their export data, compiled by the go command in this module.
func exportFiles(paths []string) (map[string]string, error) {
	out := map[string]string{}
	if len(paths) == 0 {
		return out, nil
	}
	_, file, _, _ := runtime.Caller(0)
	cmd := exec.Command("go", append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, paths...)...)
	cmd.Dir = filepath.Dir(file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export %s: %v\n%s", strings.Join(paths, " "), err, stderr.Bytes())
	}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	for sc.Scan() {
		if path, export, ok := strings.Cut(sc.Text(), "\t"); ok && export != "" {
			out[path] = export
		}
	}
	return out, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// exportImporter reads packages from export files; the packages they
// mention are shared through one map, so that each type has one identity.
func exportImporter(fset *token.FileSet, exports map[string]string) types.Importer {
	imports := map[string]*types.Package{}
	return importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if p, ok := imports[path]; ok && p.Complete() {
			return p, nil
		}
		name, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, err := gcexportdata.NewReader(f)
		if err != nil {
			return nil, err
		}
		return gcexportdata.Read(r, fset, imports, path)
	})
}

// Func returns the function or method (written "T.M" or "(*T).M") named
// name, failing the test when the snippet has none.
func (s *Snippet) Func(t testing.TB, name string) *ssa.Function {
	t.Helper()
	if fn := s.SSA.Func(name); fn != nil {
		return fn
	}
	for fn := range allFuncs(s.SSA) {
		if fn.Pkg == s.SSA && fn.Signature.Recv() != nil && methodName(fn) == name {
			return fn
		}
	}
	t.Fatalf("no function %s in the snippet", name)
	return nil
}

// methodName writes fn's name as "T.M" or "(*T).M".
func methodName(fn *ssa.Function) string {
	qual := types.RelativeTo(fn.Pkg.Pkg)
	recv := fn.Signature.Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		return "(*" + types.TypeString(p.Elem(), qual) + ")." + fn.Name()
	}
	return types.TypeString(recv, qual) + "." + fn.Name()
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
