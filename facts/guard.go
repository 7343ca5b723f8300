package facts

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A helper shared by a resource and its data source often changes its
// schema map on one side only: `if opts.isDataSource { m = strip(m) }`.
// The branch is not followed; the helper's value is kept for the other side
// (a Guard on the parameter) and each call binds it from its argument.

// branchGuard: the use at the top of stack sits in the body of an
// `if p` / `if p.F` (p a parameter of the helper being summarised), so the
// value found without that body holds where the condition is false.
func (e *env) branchGuard(stack []ast.Node) *Guard {
	for i := len(stack) - 2; i >= 1; i-- {
		ifs, ok := stack[i-1].(*ast.IfStmt)
		if !ok || stack[i] != ast.Node(ifs.Body) {
			continue
		}
		if ifs.Init != nil {
			return nil
		}
		cond, when := unparen(ifs.Cond), false
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			cond, when = unparen(u.X), true
		}
		g := e.paramGuard(cond, "")
		if g != nil {
			g.When = when
		}
		return g
	}
	return nil
}

// paramGuard: x (with field appended, when given) names a boolean the
// helper's caller decides: a bool parameter, or a bool field of a struct
// parameter passed by value, that the helper never changes.
func (e *env) paramGuard(x ast.Expr, field string) *Guard {
	x = unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok && field == "" {
		x, field = unparen(sel.X), sel.Sel.Name
	}
	i := e.paramIndex(x)
	if i == 0 {
		return nil
	}
	p := e.params.At(i - 1)
	t := p.Type()
	if field != "" {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		t = nil
		for j := 0; j < st.NumFields(); j++ {
			if st.Field(j).Name() == field {
				t = st.Field(j).Type()
			}
		}
	}
	if b, ok := types.Unalias(t).(*types.Basic); !ok || b.Kind() != types.Bool || e.paramChanged(p) {
		return nil
	}
	return &Guard{Param: i, Field: field}
}

// paramChanged: the helper's body assigns p or a field of it, takes its
// address or calls a method on it.
func (e *env) paramChanged(p *types.Var) bool {
	if e.fnBody == nil {
		return true
	}
	rooted := func(x ast.Expr) bool {
		for {
			switch v := unparen(x).(type) {
			case *ast.SelectorExpr:
				x = v.X
			case *ast.IndexExpr:
				x = v.X
			case *ast.Ident:
				return e.pass.TypesInfo.Uses[v] == p
			default:
				return false
			}
		}
	}
	changed := false
	ast.Inspect(e.fnBody, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				changed = changed || rooted(l)
			}
		case *ast.IncDecStmt:
			changed = changed || rooted(n.X)
		case *ast.UnaryExpr:
			changed = changed || (n.Op == token.AND && rooted(n.X))
		case *ast.RangeStmt:
			changed = changed || (n.Key != nil && rooted(n.Key)) || (n.Value != nil && rooted(n.Value))
		case *ast.CallExpr:
			if sel, ok := unparen(n.Fun).(*ast.SelectorExpr); ok && e.pass.TypesInfo.Selections[sel] != nil {
				changed = changed || rooted(sel.X)
			}
		}
		return !changed
	})
	return changed
}

// addGuard records that the value being summarised holds only under g; false
// when no helper is being summarised or another guard was recorded.
func (e *env) addGuard(g *Guard) bool {
	if e.guard == nil || g == nil {
		return false
	}
	if *e.guard == nil {
		*e.guard = g
		return true
	}
	h := *e.guard
	return h.Param == g.Param && h.Field == g.Field && h.When == g.When
}

// bindGuard resolves a guarded value from the call's argument: a constant
// (or a struct literal leaving the field at false) that meets the guard
// resolves it; a parameter of the helper being summarised hands the guard on;
// anything else leaves the value unresolved.
func (e *env) bindGuard(vf *ValueFact, call *ast.CallExpr) *ValueFact {
	if vf == nil || vf.Unless == nil {
		return vf
	}
	g := vf.Unless
	out := *vf
	out.Unless, out.Resolved = nil, g.Resolved
	unresolved := &ValueFact{Kind: vf.Kind}
	i := g.Param - 1
	if i >= len(call.Args) || call.Ellipsis.IsValid() {
		return unresolved
	}
	arg := unparen(call.Args[i])
	lit, isLit := arg.(*ast.CompositeLit)
	if isLit && g.Field != "" {
		v, keyed := litField(lit, g.Field)
		switch {
		case !keyed:
			return unresolved
		case v == nil: // left out: false
			if !g.When {
				return &out
			}
			return unresolved
		}
		arg = unparen(v)
	}
	if v, ok := e.boolConst(arg); ok {
		if v == g.When {
			return &out
		}
		return unresolved
	}
	field := g.Field // the struct is handed on whole
	if isLit {
		field = ""
	}
	if h := e.paramGuard(arg, field); h != nil {
		h.When = g.When
		if e.addGuard(h) {
			return &out
		}
	}
	return unresolved
}

// litField: the value a keyed struct literal gives field (nil when it
// leaves the field out); keyed is false for a literal by position.
func litField(lit *ast.CompositeLit, field string) (v ast.Expr, keyed bool) {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			v = kv.Value
		}
	}
	return v, true
}
