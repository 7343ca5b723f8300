package facts

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// DataKeysFact says which attribute keys a function handed an SDK
// *schema.ResourceData mentions, so that a lifecycle function in another
// package calling it (types.GetTristateBool(d, "enabled")) is not out of
// sight. Keys its callers spell (a key parameter) are in the call itself.
type DataKeysFact struct {
	// Mentions: the top-level names of every key-like string constant in
	// the function, as the in-package walks collect them.
	Mentions []string
	// Sets: keys d.Set saves a value that is not a constant under.
	Sets []string
	// Dynamic: d is read with a key neither spelled nor a parameter, read
	// raw, or handed to code of which nothing is known.
	Dynamic bool
	// SetsDynamic: d.Set is called with a key the function does not spell.
	SetsDynamic bool
}

func (*DataKeysFact) AFact() {}

func (f *DataKeysFact) String() string {
	s := "datakeys(" + strings.Join(f.Mentions, ",") + "; sets " + strings.Join(f.Sets, ",")
	if f.Dynamic {
		s += "; dynamic"
	}
	return s + ")"
}

// DataKeys returns what is known of the keys fn reads from a ResourceData
// it is handed: from this package or a fact; nil when nothing is.
func (m *Model) DataKeys(fn *types.Func) *DataKeysFact {
	if fn == nil {
		return nil
	}
	if f, ok := m.dataKeys[fn]; ok {
		return f
	}
	var f DataKeysFact
	if m.importFn != nil && m.importFn(fn, &f) {
		return &f
	}
	return nil
}

var keyLike = regexp.MustCompile(`^[a-z][a-z0-9_]*([.#%][a-z0-9_.#%]*)?$`)

type dataKeysState struct {
	pass    *analysis.Pass
	decls   map[*types.Func]*ast.FuncDecl
	results map[*types.Func]*DataKeysFact
	busy    map[*types.Func]bool
}

// exportDataKeys summarises every function of the package that takes a
// *schema.ResourceData.
func exportDataKeys(pass *analysis.Pass) map[*types.Func]*DataKeysFact {
	if !summarisable(pass.Pkg) {
		return nil
	}
	s := &dataKeysState{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, results: map[*types.Func]*DataKeysFact{}, busy: map[*types.Func]bool{}}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && dataParam(fn) != nil {
				s.decls[fn] = fd
			}
		}
	}
	for fn := range s.decls {
		if f := s.summary(fn); f != nil {
			pass.ExportObjectFact(fn, f)
		}
	}
	return s.results
}

// dataParam: fn's first *schema.ResourceData parameter.
func dataParam(fn *types.Func) *types.Var {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if p := sig.Params().At(i); tfapi.IsResourceData(p.Type()) {
			return p
		}
	}
	return nil
}

func (s *dataKeysState) summary(fn *types.Func) *DataKeysFact {
	if f, ok := s.results[fn]; ok {
		return f
	}
	fd := s.decls[fn]
	if fd == nil {
		var f DataKeysFact
		if s.pass.ImportObjectFact(fn, &f) {
			return &f
		}
		return nil
	}
	if s.busy[fn] {
		return &DataKeysFact{} // recursion: what the outer call finds stands
	}
	s.busy[fn] = true
	f := s.summarise(fn, fd)
	s.results[fn] = f
	return f
}

func (s *dataKeysState) summarise(fn *types.Func, fd *ast.FuncDecl) *DataKeysFact {
	d := dataParam(fn)
	info := s.pass.TypesInfo
	mentions, sets := map[string]bool{}, map[string]bool{}
	f := &DataKeysFact{}
	// Every constant string, spelled or named (helper.OrgIDVar), as the
	// SSA walks see them.
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				if v := constant.StringVal(tv.Value); keyLike.MatchString(v) {
					name, _, _ := strings.Cut(v, ".")
					mentions[name] = true
				}
				return false
			}
		}
		return true
	})
	// Every use of d must be one the summary understands.
	parents := parentMap(fd.Body)
	for id, obj := range info.Uses {
		if obj != d || id.Pos() < fd.Body.Pos() || id.End() > fd.Body.End() {
			continue
		}
		if !s.understood(id, parents, fn, mentions, sets, f) {
			f.Dynamic = true
		}
	}
	f.Mentions, f.Sets = sortedKeys(mentions), sortedKeys(sets)
	return f
}

// understood: the use id of d is a method call reading spelled keys, a Set,
// or an argument to a function whose keys are known (merged into f).
func (s *dataKeysState) understood(id *ast.Ident, parents map[ast.Node]ast.Node, fn *types.Func, mentions, sets map[string]bool, f *DataKeysFact) bool {
	info := s.pass.TypesInfo
	switch p := parents[id].(type) {
	case *ast.SelectorExpr:
		call, ok := parents[p].(*ast.CallExpr)
		if !ok || call.Fun != p {
			return false
		}
		return s.method(p.Sel.Name, call, fn, sets, f)
	case *ast.CallExpr:
		callee := callee(info, p)
		if callee == nil || tfapi.IsPluginLib(pkgPathOf(callee)) {
			return callee != nil
		}
		sum := s.summary(callee)
		if sum == nil || sum.Dynamic {
			return false
		}
		for _, k := range sum.Sets {
			sets[k] = true
		}
		for _, k := range sum.Mentions {
			mentions[k] = true
		}
		f.SetsDynamic = f.SetsDynamic || sum.SetsDynamic
		return true
	}
	return false
}

func (s *dataKeysState) method(name string, call *ast.CallExpr, fn *types.Func, sets map[string]bool, f *DataKeysFact) bool {
	switch name {
	case "Get", "GetOk", "GetOkExists", "HasChange", "GetChange":
		return len(call.Args) == 1 && s.spelledKey(call.Args[0], fn)
	case "HasChanges":
		for _, a := range call.Args {
			if !s.spelledKey(a, fn) {
				return false
			}
		}
		return true
	case "Set":
		if len(call.Args) != 2 {
			return false
		}
		k := s.pass.TypesInfo.Types[call.Args[0]]
		switch {
		case k.Value != nil && k.Value.Kind() == constant.String:
			if v := s.pass.TypesInfo.Types[call.Args[1]]; v.Value == nil {
				name, _, _ := strings.Cut(constant.StringVal(k.Value), ".")
				sets[name] = true
			}
		default:
			f.SetsDynamic = true
		}
		return true
	case "Id", "SetId", "IsNewResource", "Timeout", "SetConnInfo", "SetType", "SetPartial", "Partial", "ConnInfo":
		return true
	}
	return false // State, GetRaw*, HasChangesExcept, anything new
}

// spelledKey: a string constant, or a parameter of fn (its callers spell it).
func (s *dataKeysState) spelledKey(x ast.Expr, fn *types.Func) bool {
	info := s.pass.TypesInfo
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return true
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return true
		}
	}
	return false
}

func parentMap(root ast.Node) map[ast.Node]ast.Node {
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return parents
}

func pkgPathOf(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
