package facts

import (
	"go/ast"
	"go/token"
	"slices"
)

// A data source often reuses its resource's schema map and turns every
// attribute computed before picking the few it takes as arguments
// (digitalocean's droplet data source):
//
//	s := dropletSchema()
//	for _, f := range s {
//		f.Computed = true
//		f.Required = false
//	}
//	s["id"].Optional = true
//	s["id"].ExactlyOneOf = []string{"id", "name"}
//
// The loop changes every attribute the same way; it stands in the local's
// mutations for a synthetic `s[_] = _` mapped in e.eachLoops, and
// applyEach applies it to each attribute held so far.

// eachLoop: x (at the top of stack) is ranged over by a loop whose body only
// assigns fields of the value variable; the synthetic mutation for it, or nil.
func (e *env) eachLoop(stack []ast.Node, x *ast.Ident) *ast.AssignStmt {
	if len(stack) < 2 {
		return nil
	}
	r, ok := stack[len(stack)-2].(*ast.RangeStmt)
	if !ok || r.X != ast.Expr(x) || r.Tok != token.DEFINE || identName(r.Value) == "" || len(r.Body.List) == 0 {
		return nil
	}
	if key := identName(r.Key); key != "" && mentions(r.Body, key) {
		return nil // what each attribute gets depends on its name
	}
	for _, s := range r.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || mentions(as.Rhs[0], identName(r.Value)) {
			return nil
		}
		sel, ok := unparen(as.Lhs[0]).(*ast.SelectorExpr)
		if !ok || !sameIdent(sel.X, identName(r.Value)) {
			return nil
		}
	}
	for m, loop := range e.eachLoops {
		if loop == r {
			return m
		}
	}
	m := &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: x, Index: ast.NewIdent("_")}}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent("_")}}
	e.eachLoops[m] = r
	return m
}

// applyEach applies the loop's assignments to every attribute; false when
// one cannot be followed.
func (e *env) applyEach(attrs []Attribute, r *ast.RangeStmt) bool {
	for _, s := range r.Body.List {
		as := s.(*ast.AssignStmt)
		f := unparen(as.Lhs[0]).(*ast.SelectorExpr).Sel.Name
		for i := range attrs {
			if !e.setField(&attrs[i], f, as.Rhs[0]) {
				return false
			}
		}
	}
	return true
}

// mentions: the name occurs in n.
func mentions(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// setField applies `a.<f> = rhs` to an SDK attribute; false when the change
// cannot be followed (a field the model holds set to an unknown value, or
// one that changes its type or nesting).
func (e *env) setField(a *Attribute, f string, rhs ast.Expr) bool {
	switch f {
	case "Description", "MarkdownDescription", "AtLeastOneOf", "RequiredWith", "MaxItems", "MinItems", "InputDefault":
		return true // not in the model
	case "Deprecated", "DeprecationMessage":
		a.Deprecated = a.Deprecated || e.nonEmpty(rhs)
	case "ValidateFunc", "ValidateDiagFunc":
		a.HasValidators = true
	case "Default", "DefaultFunc":
		a.HasDefault = !isNil(e.pass.TypesInfo, rhs)
		a.DefaultFunc = f == "DefaultFunc" && a.HasDefault
	case "StateFunc", "DiffSuppressFunc":
		a.Normalised = a.Normalised || !isNil(e.pass.TypesInfo, rhs)
	case "ConflictsWith", "ExactlyOneOf":
		return e.setAlternatives(a, f, rhs)
	case "Required", "Optional", "Computed", "Sensitive", "ForceNew":
		v, isBool := e.boolConst(rhs)
		if !isBool {
			return false
		}
		*flagOf(a, f) = v
		a.Lit, a.LitEnd, a.ComputedKV, a.ComputedKVEnd = 0, 0, 0, 0 // the literal no longer tells the flags
		if n := len(a.ParamFlags); n > 0 {
			a.ParamFlags = slices.DeleteFunc(a.ParamFlags, func(pf ParamFlag) bool { return pf.Flag == f })
			a.Uncertain = len(a.ParamFlags) > 0 // it was for the parameters only
		}
	default:
		return false
	}
	return true
}

// setAlternatives replaces ConflictsWith or ExactlyOneOf with the constant
// keys of a literal, or clears it for nil.
func (e *env) setAlternatives(a *Attribute, f string, rhs ast.Expr) bool {
	dst := &a.ConflictsWith
	if f == "ExactlyOneOf" {
		dst = &a.ExactlyOneOf
	}
	if isNil(e.pass.TypesInfo, rhs) {
		*dst = nil
		return true
	}
	lit, ok := unparen(rhs).(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, x := range lit.Elts {
		if _, isConst := e.stringConst(x); !isConst {
			return false
		}
	}
	*dst = e.topLevelKeys(rhs)
	a.AlternativesPos = rhs.Pos()
	return true
}
