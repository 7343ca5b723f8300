package facts

import (
	"go/ast"
	"go/token"
	"go/types"
)

// flagBuilt evaluates a call to an attribute builder of the form
//
//	func boolAttribute(fields ...string) *schema.BoolAttribute {
//		attribute := schema.BoolAttribute{}
//		for _, field := range fields {
//			switch field {
//			case optional:
//				attribute.Optional = true
//			...
//		}
//		return &attribute
//	}
//
// called with constant options: boolAttribute(optional, computed). Anything
// else in the builder, or a non-constant option, leaves it unresolved.
func (e *env) flagBuilt(name string, call *ast.CallExpr, body *ast.BlockStmt) (Attribute, bool) {
	fn := e.staticCallee(call)
	decl := e.funcs[fn]
	if decl == nil || call.Ellipsis.IsValid() || len(decl.Body.List) < 3 {
		return Attribute{}, false
	}
	stmts := decl.Body.List
	target, lit := builderInit(stmts[0])
	loop, ok := stmts[len(stmts)-2].(*ast.RangeStmt)
	if target == nil || !ok || !returnsVar(stmts[len(stmts)-1], target) {
		return Attribute{}, false
	}
	opts, ok := e.builderOptions(fn, decl, loop, call)
	if !ok {
		return Attribute{}, false
	}
	a, ok := e.fwAttrLit(name, lit, body)
	if !ok {
		return Attribute{}, false
	}
	a.Pos, a.Lit, a.LitEnd, a.ComputedKV, a.ComputedKVEnd = call.Pos(), 0, 0, 0, 0
	if !e.applyCase(&a, stmts[1:len(stmts)-2], target) {
		return Attribute{}, false
	}
	for _, opt := range opts {
		if !e.applyOption(&a, loop, target, opt) {
			return Attribute{}, false
		}
	}
	return a, true
}

// builderOptions returns the constant options a call passes to the
// []string parameter the builder's loop ranges over (variadic, or a
// []string{...} literal).
func (e *env) builderOptions(fn *types.Func, decl *ast.FuncDecl, loop *ast.RangeStmt, call *ast.CallExpr) ([]string, bool) {
	over, ok := loop.X.(*ast.Ident)
	if !ok {
		return nil, false
	}
	sig := fn.Type().(*types.Signature)
	idx := -1
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i).Name() == over.Name {
			idx = i
		}
	}
	if idx < 0 {
		return nil, false
	}
	var args []ast.Expr
	switch {
	case sig.Variadic() && idx == sig.Params().Len()-1:
		if idx <= len(call.Args) {
			args = call.Args[idx:]
		}
	case idx < len(call.Args):
		lit, ok := unparen(call.Args[idx]).(*ast.CompositeLit)
		if !ok {
			return nil, false
		}
		args = lit.Elts
	default:
		return nil, false
	}
	var out []string
	for _, arg := range args {
		c, ok := e.stringConst(arg)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, true
}

// builderInit matches `attribute := schema.XAttribute{...}`.
func builderInit(s ast.Stmt) (*ast.Ident, *ast.CompositeLit) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	id, _ := as.Lhs[0].(*ast.Ident)
	lit, _ := unparen(as.Rhs[0]).(*ast.CompositeLit)
	if id == nil || lit == nil {
		return nil, nil
	}
	return id, lit
}

func returnsVar(s ast.Stmt, target *ast.Ident) bool {
	ret, ok := s.(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	x := unparen(ret.Results[0])
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = unparen(u.X)
	}
	id, ok := x.(*ast.Ident)
	return ok && id.Name == target.Name
}

// applyOption runs the case of the loop's switch matching opt.
func (e *env) applyOption(a *Attribute, loop *ast.RangeStmt, target *ast.Ident, opt string) bool {
	if len(loop.Body.List) != 1 {
		return false
	}
	sw, ok := loop.Body.List[0].(*ast.SwitchStmt)
	if !ok {
		return false
	}
	for _, s := range sw.Body.List {
		cc := s.(*ast.CaseClause)
		for _, v := range cc.List {
			if c, ok := e.stringConst(v); ok && c == opt {
				return e.applyCase(a, cc.Body, target)
			}
		}
	}
	return true // an option the builder ignores
}

func (e *env) applyCase(a *Attribute, stmts []ast.Stmt, target *ast.Ident) bool {
	locals := map[string]ast.Expr{}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.DeclStmt:
			gd, ok := s.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				return false
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						locals[n.Name] = vs.Values[i]
					}
				}
			}
		case *ast.AssignStmt:
			if len(s.Lhs) != 1 || len(s.Rhs) != 1 || !e.applyAssign(a, s.Lhs[0], s.Rhs[0], target, locals) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (e *env) applyAssign(a *Attribute, lhs, rhs ast.Expr, target *ast.Ident, locals map[string]ast.Expr) bool {
	sel, ok := lhs.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if id, ok := sel.X.(*ast.Ident); !ok || id.Name != target.Name {
		return false
	}
	if id, ok := unparen(rhs).(*ast.Ident); ok && locals[id.Name] != nil {
		rhs = locals[id.Name]
	}
	flags := map[string]*bool{"Required": &a.Required, "Optional": &a.Optional,
		"Computed": &a.Computed, "Sensitive": &a.Sensitive, "WriteOnly": &a.WriteOnly}
	switch f := sel.Sel.Name; {
	case flags[f] != nil:
		b, ok := e.boolConst(rhs)
		*flags[f] = b
		return ok
	case f == "PlanModifiers":
		if c, ok := unparen(rhs).(*ast.CallExpr); ok && len(c.Args) == 2 && c.Ellipsis.IsValid() {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "append" {
				x := c.Args[1]
				if id, ok := unparen(x).(*ast.Ident); ok && locals[id.Name] != nil {
					x = locals[id.Name]
				}
				a.PlanModifiers = append(a.PlanModifiers, e.planModifiers(x)...)
				return true
			}
		}
		a.PlanModifiers = e.planModifiers(rhs)
	case f == "Default":
		a.HasDefault = !isNil(e.pass.TypesInfo, rhs)
	case f == "Validators":
		a.HasValidators = true // possibly empty; no check relies on its absence
	case f == "Description", f == "MarkdownDescription", f == "DeprecationMessage":
	default:
		return false
	}
	return true
}
