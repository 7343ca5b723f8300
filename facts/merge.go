package facts

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A schema is often assembled by a helper that merges attribute maps:
//
//	func buildSchema(schemas ...map[string]*schema.Schema) map[string]*schema.Schema {
//		r := map[string]*schema.Schema{}
//		for _, s := range schemas {
//			for k, v := range s {
//				r[k] = v
//			}
//		}
//		return r
//	}
//
// Without understanding it every resource built that way is unresolved and
// every check skips it. A merger's call is the union of its arguments, later
// ones winning, the order the copy loops give.

// libMergers are library functions returning a new map holding their
// arguments' entries, later ones winning: mergers whose body is not at hand.
var libMergers = map[string]bool{
	"github.com/samber/lo.Assign": true,
	"maps.Clone":                  true,
	"golang.org/x/exp/maps.Clone": true,
}

// isMerger reports whether fn only copies its map parameters into the map it
// returns (a fresh one, or one of the parameters). It returns false for a
// function declared in another package: its body is not at hand.
func (e *env) isMerger(fn *types.Func) bool {
	if libMergers[FuncName(fn)] {
		return true
	}
	if fn.Pkg() != nil && fn.Pkg() != e.pass.Pkg {
		var f ValueFact
		return e.pass.ImportObjectFact(fn, &f) && f.Merge
	}
	decl := e.funcs[fn]
	if decl == nil || decl.Body == nil || len(decl.Body.List) < 2 {
		return false
	}
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !mergeParams(sig) {
		return false
	}
	stmts := decl.Body.List
	ret, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	res, ok := unparen(ret.Results[0]).(*ast.Ident)
	if !ok {
		return false
	}
	mid := stmts[:len(stmts)-1]
	if len(mid) > 0 && (freshMap(mid[0], res.Name) || e.paramAlias(fn, mid[0], res.Name)) {
		mid = mid[1:]
	} else if !e.isParam(fn, res) {
		return false
	}
	for _, s := range mid {
		if !e.copyStmt(s, res.Name, fn) {
			return false
		}
	}
	return len(mid) > 0
}

// mergeParams: every parameter has the result's type, the last may be a
// variadic list of it.
func mergeParams(sig *types.Signature) bool {
	want := sig.Results().At(0).Type()
	if _, ok := want.Underlying().(*types.Map); !ok || sig.Params().Len() == 0 {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = t.(*types.Slice).Elem()
		}
		if !types.Identical(t, want) {
			return false
		}
	}
	return true
}

// freshMap matches `r := map[...]...{}` or `r := make(map[...]..., n)`.
func freshMap(s ast.Stmt, name string) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	if id, ok := as.Lhs[0].(*ast.Ident); !ok || id.Name != name {
		return false
	}
	switch v := unparen(as.Rhs[0]).(type) {
	case *ast.CompositeLit:
		return len(v.Elts) == 0
	case *ast.CallExpr:
		id, ok := unparen(v.Fun).(*ast.Ident)
		return ok && id.Name == "make"
	}
	return false
}

// paramAlias matches `r := p`, p a parameter: the merge writes into p.
func (e *env) paramAlias(fn *types.Func, s ast.Stmt, name string) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !sameIdent(as.Lhs[0], name) {
		return false
	}
	p, ok := unparen(as.Rhs[0]).(*ast.Ident)
	return ok && e.isParam(fn, p)
}

func (e *env) isParam(fn *types.Func, id *ast.Ident) bool {
	obj := e.pass.TypesInfo.Uses[id]
	params := fn.Signature().Params()
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == obj {
			return true
		}
	}
	return false
}

// copyStmt matches the loops copying a parameter (or each map of a variadic
// one) into dst: `for k, v := range p { dst[k] = v }`, `maps.Copy(dst, p)`,
// or either nested in `for _, m := range ps { ... }`; a function summarised
// CopiesInto stands for maps.Copy.
func (e *env) copyStmt(s ast.Stmt, dst string, fn *types.Func) bool {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return e.mapsCopy(s.X, dst)
	case *ast.RangeStmt:
		over, ok := unparen(s.X).(*ast.Ident)
		if !ok || len(s.Body.List) != 1 {
			return false
		}
		inner := s.Body.List[0]
		if copyKV(inner, dst, s.Key, s.Value) {
			return e.isParam(fn, over)
		}
		// for _, m := range ps { for k, v := range m { dst[k] = v } }
		if !e.isParam(fn, over) {
			return false
		}
		if in, ok := inner.(*ast.RangeStmt); ok {
			id, ok := unparen(in.X).(*ast.Ident)
			v, _ := s.Value.(*ast.Ident)
			return ok && v != nil && id.Name == v.Name && len(in.Body.List) == 1 && copyKV(in.Body.List[0], dst, in.Key, in.Value)
		}
		if ex, ok := inner.(*ast.ExprStmt); ok {
			return e.mapsCopy(ex.X, dst)
		}
	}
	return false
}

// copyKV matches `dst[k] = v` with k and v the loop's key and value.
func copyKV(s ast.Stmt, dst string, key, val ast.Expr) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	ix, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok {
		return false
	}
	return sameIdent(ix.X, dst) && sameIdent(ix.Index, identName(key)) && sameIdent(as.Rhs[0], identName(val))
}

func identName(x ast.Expr) string {
	if id, ok := x.(*ast.Ident); ok && id.Name != "_" {
		return id.Name
	}
	return ""
}

func sameIdent(x ast.Expr, name string) bool {
	id, ok := unparen(x).(*ast.Ident)
	return ok && name != "" && id.Name == name
}

// mapsCopy matches maps.Copy(dst, _).
func (e *env) mapsCopy(x ast.Expr, dst string) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !sameIdent(call.Args[0], dst) {
		return false
	}
	fn := e.staticCallee(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == "maps" && fn.Name() == "Copy" {
		return true
	}
	var sum FuncSummary
	return e.pass.ImportObjectFact(fn, &sum) && sum.CopiesInto
}

// mergedMap evaluates a call to a merger as the union of its arguments.
func (e *env) mergedMap(call *ast.CallExpr, body *ast.BlockStmt, kind string, one func(string, ast.Expr, *ast.BlockStmt) Attribute) ([]Attribute, bool) {
	if call.Ellipsis.IsValid() {
		return nil, false
	}
	var out []Attribute
	complete := true
	for _, arg := range call.Args {
		attrs, ok := e.attrMap(arg, body, kind, one)
		if !ok {
			complete = false
		}
		for _, a := range cloneAttrs(attrs) {
			out = setAttr(out, a)
		}
	}
	return out, complete
}

// rangeCopySource returns X when m is the whole body of a loop copying one
// map into another, `for k, v := range X { dst[k] = v }`, or stands for
// maps.Copy(dst, X): a schema literal extended with shared attributes.
// Otherwise nil.
func (e *env) rangeCopySource(body *ast.BlockStmt, m *ast.AssignStmt) ast.Expr {
	if src, ok := e.copySrc[m]; ok {
		return src // maps.Copy(dst, src)
	}
	if m == nil || len(m.Lhs) != 1 {
		return nil
	}
	ix, ok := unparen(m.Lhs[0]).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	dst := identName(unparen(ix.X))
	var src ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok && len(r.Body.List) == 1 && r.Body.List[0] == m &&
			r.Key != nil && r.Value != nil && copyKV(m, dst, r.Key, r.Value) {
			src = r.X
		}
		return src == nil
	})
	return src
}
