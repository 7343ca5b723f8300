package facts

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A schema map is often extended by a helper that adds shared fields to the
// map it is handed (vault's addTokenFields, called by every auth role):
//
//	func addTokenFields(fields map[string]*schema.Schema, config *addTokenFieldsConfig) {
//		fields["token_ttl"] = &schema.Schema{...}
//		...
//	}
//
//	fields := map[string]*schema.Schema{...}
//	addTokenFields(fields, &addTokenFieldsConfig{})
//
// The helper's summary (ValueFact.AddsTo, with the attributes it adds) makes
// the call a mutation of the local, as maps.Copy is: the local gains them.
// A helper that adds under a condition, changes or deletes an entry, or
// hands the map on is no adder.

// adder summarises fn as an adder, or returns nil.
func (e *env) adder(fn *types.Func, decl *ast.FuncDecl) *ValueFact {
	sig := fn.Signature()
	if decl == nil || decl.Body == nil || sig.Results().Len() != 0 {
		return nil
	}
	var param *types.Var
	k := 0
	for i := 0; i < sig.Params().Len(); i++ {
		if p := sig.Params().At(i); sdkKindOf(p.Type()) == "sdkschemamap" {
			if param != nil {
				return nil // which one is the destination?
			}
			param, k = p, i+1
		}
	}
	if param == nil || sig.Variadic() && k == sig.Params().Len() {
		return nil
	}
	vf := &ValueFact{Kind: "sdkschemamap", AddsTo: k, Resolved: true}
	adds := map[ast.Expr]bool{}
	for _, s := range decl.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		ix, ok := unparen(as.Lhs[0]).(*ast.IndexExpr)
		if !ok || e.objectOf(ix.X) != types.Object(param) {
			continue
		}
		key, isConst := e.stringConst(ix.Index)
		if !isConst {
			return nil
		}
		a := e.sdkField(key, as.Rhs[0], decl.Body)
		a.Pos = ix.Pos()
		vf.Attrs = setAttr(vf.Attrs, a)
		adds[ix] = true
	}
	if len(vf.Attrs) == 0 || !e.onlyAdds(decl.Body, param, adds) {
		return nil
	}
	return vf
}

// onlyAdds: every use of the map parameter is one of the additions found,
// a read of an entry (m[k], v, ok := m[k]), len(m) or a range over its keys.
func (e *env) onlyAdds(body *ast.BlockStmt, param *types.Var, adds map[ast.Expr]bool) bool {
	ok := true
	inspectStack(body, func(stack []ast.Node) bool {
		n := stack[len(stack)-1]
		if id, isId := n.(*ast.Ident); isId && e.pass.TypesInfo.Uses[id] == param && len(stack) >= 3 {
			ok = ok && e.readOrAdd(stack, adds)
		}
		return ok
	})
	return ok
}

func (e *env) readOrAdd(stack []ast.Node, adds map[ast.Expr]bool) bool {
	use, parent, outer := stack[len(stack)-1], stack[len(stack)-2], stack[len(stack)-3]
	switch p := parent.(type) {
	case *ast.IndexExpr:
		if p.X != use {
			return true
		}
		if adds[p] {
			return true
		}
		switch o := outer.(type) {
		case *ast.AssignStmt:
			for _, l := range o.Lhs {
				if l == ast.Expr(p) {
					return false // an addition under a condition, or a change
				}
			}
			return true
		case *ast.SelectorExpr, *ast.UnaryExpr, *ast.IncDecStmt:
			return false // m[k].Computed = true and the like
		}
		return true
	case *ast.RangeStmt:
		return p.Value == nil
	case *ast.CallExpr:
		id, isId := unparen(p.Fun).(*ast.Ident)
		b, isBuiltin := e.pass.TypesInfo.Uses[id].(*types.Builtin)
		return isId && isBuiltin && b.Name() == "len"
	}
	return false
}

// addedBy: x (at the top of stack) is handed to an adder as its map, in a
// call standing alone as a statement; the mutation standing for it, the
// call recorded in e.copySrc as its source, or nil.
func (e *env) addedBy(stack []ast.Node, x *ast.Ident) *ast.AssignStmt {
	if len(stack) < 3 {
		return nil
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if _, isStmt := stack[len(stack)-3].(*ast.ExprStmt); !ok || !isStmt || call.Ellipsis.IsValid() {
		return nil
	}
	fn := e.staticCallee(call)
	if fn == nil {
		return nil
	}
	vf := e.valueOf(fn)
	if vf == nil || vf.AddsTo == 0 || vf.AddsTo > len(call.Args) || call.Args[vf.AddsTo-1] != ast.Expr(x) {
		return nil
	}
	if m, ok := e.copies[call]; ok {
		return m
	}
	m := &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: x, Index: ast.NewIdent("_")}}, Tok: token.ASSIGN, Rhs: []ast.Expr{call}}
	e.copies[call] = m
	e.copySrc[m] = call
	return m
}
