package missingstateset

import (
	"go/ast"
	"go/token"
	"go/types"
)

// failedResult reports whether the return at pos is an error path, not an
// APPLY-3 success path without state: it ends
//
//	st, err := converge(ctx, &resp.Diagnostics, ...)
//	if st == Failed { return } // "the diagnostics already hold the error"
//
// where converge, in this package, returns Failed only right after adding an
// error to, or finding one in, the diagnostics it was handed.
func failedResult(info *types.Info, files []*ast.File, body *ast.BlockStmt, pos token.Pos) bool {
	ifs := enclosingIf(body, pos)
	if ifs == nil {
		return false
	}
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return false
	}
	v, c := ast.Unparen(be.X), ast.Unparen(be.Y)
	if _, isConst := info.Uses[identOf(v)].(*types.Const); isConst {
		v, c = c, v
	}
	cnst, ok := info.Uses[identOf(c)].(*types.Const)
	if !ok {
		return false
	}
	callee, diagParam := resultOf(info, body, identOf(v))
	decl := funcDecl(files, info, callee)
	if decl == nil || diagParam < 0 {
		return false
	}
	return onlyOnFailure(info, decl, diagParam, cnst)
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// resultOf finds `v, ... := f(args)` (or =) defining v's first result and the
// index of the argument that is &x.Diagnostics.
func resultOf(info *types.Info, body *ast.BlockStmt, v *ast.Ident) (*types.Func, int) {
	if v == nil {
		return nil, -1
	}
	obj := info.Uses[v]
	var fn *types.Func
	idx := -1
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || fn != nil || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return fn == nil
		}
		lhs, ok := as.Lhs[0].(*ast.Ident)
		if !ok || (info.Defs[lhs] != obj && info.Uses[lhs] != obj) {
			return true
		}
		call, ok := as.Rhs[0].(*ast.CallExpr)
		if !ok {
			return true
		}
		f, _ := typeutilCallee(info, call).(*types.Func)
		for i, a := range call.Args {
			if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
				if sel, ok := u.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Diagnostics" {
					fn, idx = f, i
				}
			}
		}
		return fn == nil
	})
	return fn, idx
}

func typeutilCallee(info *types.Info, call *ast.CallExpr) types.Object {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		return info.Uses[f.Sel]
	}
	return nil
}

func funcDecl(files []*ast.File, info *types.Info, fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && info.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// onlyOnFailure: every `return c, ...` of decl (closures aside) follows an
// AddError on the diagnostics parameter in the same block, or sits in
// `if diags.HasError() { ... }`; and there is at least one.
func onlyOnFailure(info *types.Info, decl *ast.FuncDecl, param int, c *types.Const) bool {
	diags := paramObj(info, decl, param)
	if diags == nil {
		return false
	}
	seen, ok := 0, true
	var visit func(n ast.Node, failing bool)
	visit = func(n ast.Node, failing bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt: // outside a block's list: a case clause
				if len(m.Results) > 0 && info.Uses[identOf(m.Results[0])] == c {
					seen++
					ok = ok && failing
				}
				return false
			case *ast.IfStmt:
				if m.Init != nil {
					visit(m.Init, failing)
				}
				visit(m.Body, failing || calls(info, m.Cond, diags, "HasError"))
				if m.Else != nil {
					visit(m.Else, failing)
				}
				return false
			case *ast.BlockStmt:
				for i, s := range m.List {
					prevAdds := i > 0 && calls(info, m.List[i-1], diags, "AddError")
					if ret, isRet := s.(*ast.ReturnStmt); isRet {
						if len(ret.Results) > 0 && info.Uses[identOf(ret.Results[0])] == c {
							seen++
							ok = ok && (failing || prevAdds)
						}
						continue
					}
					visit(s, failing)
				}
				return false
			}
			return true
		})
	}
	visit(decl.Body, false)
	return ok && seen > 0
}

func paramObj(info *types.Info, decl *ast.FuncDecl, param int) types.Object {
	i := 0
	for _, f := range decl.Type.Params.List {
		for _, n := range f.Names {
			if i == param {
				return info.Defs[n]
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	return nil
}

// calls reports whether n calls method on obj (diagnostics.HasError()).
func calls(info *types.Info, n ast.Node, obj types.Object, method string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == method {
			if id := identOf(sel.X); id != nil && info.Uses[id] == obj {
				found = true
			}
		}
		return !found
	})
	return found
}
