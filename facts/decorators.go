package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// An attribute decorator takes an attribute and hands it back with a few
// fields changed (sentry's tfutils.WithEnumStringAttribute adds a validator
// and a sentence of description):
//
//	func WithEnum(base schema.StringAttribute, choices []string) schema.StringAttribute {
//		base.MarkdownDescription += "..."
//		base.Validators = append(base.Validators, stringvalidator.OneOf(choices...))
//		return base
//	}
//
// Its value is its argument's: the summary (ValueFact.Passes, .Changes) says
// which parameter it returns and which fields it may assign, so a call in
// any package is the argument's attribute with those fields applied. A
// field the model cannot follow leaves the attribute Uncertain.

// decorator reports whether fn returns its k-th parameter (1-based) and
// lists the fields of it the body assigns. The parameter must not escape:
// its address taken, the pointer handed to a call or copied, or the whole
// value reassigned, any of which could change fields unseen.
func (e *env) decorator(fn *types.Func, decl *ast.FuncDecl) (k int, changes []string, ok bool) {
	if decl == nil || decl.Body == nil {
		return 0, nil, false
	}
	sig := fn.Signature()
	ret, isIdent := unparen(returnExpr(decl.Body)).(*ast.Ident)
	if !isIdent || sig.Results().Len() != 1 {
		return 0, nil, false
	}
	param, _ := e.pass.TypesInfo.Uses[ret].(*types.Var)
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == param && !(sig.Variadic() && i == sig.Params().Len()-1) {
			k = i + 1
		}
	}
	if k == 0 || !types.Identical(param.Type(), sig.Results().At(0).Type()) {
		return 0, nil, false
	}
	_, isPtr := param.Type().Underlying().(*types.Pointer)
	ok = true
	inspectStack(decl.Body, func(stack []ast.Node) bool {
		n := stack[len(stack)-1]
		if id, isId := n.(*ast.Ident); isId && e.pass.TypesInfo.Uses[id] == param {
			field, fine := e.paramUse(stack, isPtr)
			ok = ok && fine
			if field != "" && !slices.Contains(changes, field) {
				changes = append(changes, field)
			}
		}
		return true
	})
	slices.Sort(changes)
	return k, changes, ok
}

// paramUse classifies a use of the decorated parameter (top of stack): the
// field it assigns (p.F = v, p.F += v, p.F[i] = v), or fine for a read; not
// fine for a use through which anything may change.
func (e *env) paramUse(stack []ast.Node, isPtr bool) (field string, fine bool) {
	i := len(stack) - 1
	child := stack[i]
	for i > 0 {
		switch p := stack[i-1].(type) {
		case *ast.SelectorExpr:
			if p.X != child {
				return "", true
			}
			if sel, ok := e.pass.TypesInfo.Selections[p]; ok && sel.Kind() == types.MethodVal {
				// A method with a pointer receiver may change what it is called on.
				_, ptrRecv := sel.Obj().Type().(*types.Signature).Recv().Type().Underlying().(*types.Pointer)
				if field != "" {
					return field, true
				}
				return "", !ptrRecv && !isPtr
			}
			if field == "" {
				field = p.Sel.Name
			}
		case *ast.IndexExpr, *ast.ParenExpr, *ast.StarExpr:
		case *ast.AssignStmt:
			if x, _ := child.(ast.Expr); !slices.Contains(p.Lhs, x) {
				return "", field != "" || !isPtr // copying the pointer aliases it
			}
			return field, field != ""
		case *ast.IncDecStmt:
			return field, field != ""
		case *ast.UnaryExpr:
			return "", p.Op != token.AND
		case *ast.CallExpr:
			if p.Fun == child {
				return "", true
			}
			return "", field != "" || !isPtr
		case *ast.ReturnStmt:
			return "", true
		case *ast.CompositeLit, *ast.KeyValueExpr:
			return "", field != "" || !isPtr
		default:
			return "", true
		}
		child = stack[i-1]
		i--
	}
	return "", true
}

// passedThrough evaluates a call to a decorator: the attribute its argument
// is, with the fields the decorator assigns applied.
func passedThrough(name string, call *ast.CallExpr, vf *ValueFact, body *ast.BlockStmt, one func(string, ast.Expr, *ast.BlockStmt) Attribute) (Attribute, bool) {
	i := vf.Passes - 1
	if call.Ellipsis.IsValid() || i >= len(call.Args) {
		return Attribute{}, false
	}
	a := one(name, call.Args[i], body)
	for _, f := range vf.Changes {
		applyChange(&a, f)
	}
	return a, true
}

// applyChange records that a decorator assigns field f, value unknown.
func applyChange(a *Attribute, f string) {
	switch f {
	case "Description", "MarkdownDescription":
	case "Validators", "ValidateFunc", "ValidateDiagFunc":
		a.HasValidators = true // possibly; no check relies on their absence
	case "PlanModifiers":
		a.PlanModifiers = append(a.PlanModifiers, "unresolved")
	case "Required", "Optional", "Computed", "Sensitive", "WriteOnly", "ForceNew", "Default", "DefaultFunc",
		"Deprecated", "DeprecationMessage", "StateFunc", "DiffSuppressFunc":
		a.Uncertain, a.ParamFlags = true, nil
		a.Lit, a.LitEnd, a.ComputedKV, a.ComputedKVEnd = 0, 0, 0, 0 // the literal no longer tells the flags
	default:
		a.Uncertain, a.Incomplete, a.ParamFlags = true, true, nil // the type, nested attributes, ...
		a.Lit, a.LitEnd, a.ComputedKV, a.ComputedKVEnd = 0, 0, 0, 0
	}
}
