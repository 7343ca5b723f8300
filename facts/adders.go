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
// hands the map on is no adder. An adder may also return the map it is
// handed, and only it (s = addPermsSchema(s)): assigned back to the local it
// was handed, the call is the same mutation; its result used as a value
// anywhere else stays unresolved (the summary holds the additions only).

// adder summarises fn as an adder, or returns nil.
func (e *env) adder(fn *types.Func, decl *ast.FuncDecl) *ValueFact {
	sig := fn.Signature()
	if decl == nil || decl.Body == nil || sig.Results().Len() > 1 {
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
	if sig.Results().Len() == 1 && !e.returnsOnly(decl.Body, param) {
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
	case *ast.ReturnStmt:
		return true // an adder returning the map (returnsOnly)
	case *ast.CallExpr:
		id, isId := unparen(p.Fun).(*ast.Ident)
		b, isBuiltin := e.pass.TypesInfo.Uses[id].(*types.Builtin)
		return isId && isBuiltin && b.Name() == "len"
	}
	return false
}

// returnsOnly: every return statement of body (function literals aside)
// returns param alone, and there is one.
func (e *env) returnsOnly(body *ast.BlockStmt, param *types.Var) bool {
	n, only := 0, true
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
			only = only && len(x.Results) == 1 && e.objectOf(unparen(x.Results[0])) == types.Object(param)
		}
		return true
	})
	return n > 0 && only
}

// addedBy: x (at the top of stack) is handed to an adder as its map, in a
// call standing alone as a statement or assigned back to x (x = add(x));
// the mutation standing for it, the call recorded in e.copySrc as its
// source, or nil.
func (e *env) addedBy(stack []ast.Node, x *ast.Ident) *ast.AssignStmt {
	if len(stack) < 3 {
		return nil
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	if _, isStmt := stack[len(stack)-3].(*ast.ExprStmt); !isStmt && !e.assignedBackTo(stack[len(stack)-3], call, x) {
		return nil
	}
	if !e.addsTo(call, x) {
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

// addsTo: call is a call of an adder handed x as its map.
func (e *env) addsTo(call *ast.CallExpr, x *ast.Ident) bool {
	fn := e.staticCallee(call)
	if fn == nil {
		return false
	}
	vf := e.valueOf(fn)
	return vf != nil && vf.AddsTo > 0 && vf.AddsTo <= len(call.Args) && call.Args[vf.AddsTo-1] == ast.Expr(x)
}

// assignedBackTo: n is `x = call`, x the same variable as arg.
func (e *env) assignedBackTo(n ast.Node, call *ast.CallExpr, arg *ast.Ident) bool {
	as, ok := n.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || unparen(as.Rhs[0]) != ast.Expr(call) {
		return false
	}
	lhs, ok := unparen(as.Lhs[0]).(*ast.Ident)
	return ok && e.pass.TypesInfo.Uses[lhs] != nil && e.pass.TypesInfo.Uses[lhs] == e.pass.TypesInfo.Uses[arg]
}

// reassignedByAdder: x (at the top of stack) is the left side of
// `x = add(x)`; the call's argument stands for the mutation (addedBy).
func (e *env) reassignedByAdder(stack []ast.Node, x *ast.Ident) bool {
	if len(stack) < 2 {
		return false
	}
	as, ok := stack[len(stack)-2].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || as.Lhs[0] != ast.Expr(x) || len(as.Rhs) != 1 {
		return false
	}
	call, ok := unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	for _, a := range call.Args {
		if id, isId := unparen(a).(*ast.Ident); isId && e.assignedBackTo(as, call, id) && e.addsTo(call, id) {
			return true
		}
	}
	return false
}
