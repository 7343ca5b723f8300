package facts

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"
)

// Some providers keep every version of a schema in a map keyed by the
// version (map[int16]map[string]*schema.Schema), built by a helper from the
// resource's own attributes, and hand it to a shared resource-building
// function that picks `schemas[1]`. The model follows that: a versioned
// map's entries (literal keys), a helper or function-valued variable
// returning one with its parameters bound at the call, and a resource
// whose Schema is a parameter (or its entry) bound at the builder's call.

// Versioned is one entry of a versioned schema map.
type Versioned struct {
	Version  int64
	Attrs    []Attribute
	Complete bool
}

func versionsString(vs []Versioned) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, fmt.Sprintf("%d:{%s}", v.Version, attrsString(v.Attrs, false)))
	}
	return strings.Join(parts, " ")
}

// isVersionsType: a map from an integer to an SDK schema map.
func isVersionsType(t types.Type) bool {
	m, ok := types.Unalias(t).Underlying().(*types.Map)
	if !ok {
		return false
	}
	b, ok := m.Key().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && sdkKindOf(m.Elem()) == "sdkschemamap"
}

// boundArg is an argument standing for a parameter while a helper's result
// is evaluated for one call.
type boundArg struct {
	x    ast.Expr
	body *ast.BlockStmt
}

// versionsOf evaluates a versioned map: every entry with a constant key.
func (e *env) versionsOf(x ast.Expr, body *ast.BlockStmt, depth int) ([]Versioned, bool) {
	x = unparen(x)
	if depth > 4 {
		return nil, false
	}
	switch v := x.(type) {
	case *ast.CompositeLit:
		var out []Versioned
		for _, el := range v.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return nil, false
			}
			n, isConst := e.intConst(kv.Key)
			if !isConst {
				return nil, false
			}
			attrs, complete := e.sdkSchemaMap(kv.Value, body)
			out = append(out, Versioned{Version: n, Attrs: attrs, Complete: complete && attrs != nil})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
		return out, true
	case *ast.Ident:
		if b, ok := e.subst[e.pass.TypesInfo.Uses[v]]; ok {
			return e.versionsOf(b.x, b.body, depth+1)
		}
		if lv, ok := e.resolveLocal(body, v); ok && len(lv.mutations) == 0 {
			return e.versionsOf(lv.init, body, depth+1)
		}
	case *ast.CallExpr:
		if ret, fbody, params := e.callBody(v); ret != nil {
			return e.withBound(params, v, body, func() ([]Versioned, bool) {
				return e.versionsOf(ret, fbody, depth+1)
			})
		}
	}
	if vf := e.valueOfExpr(x); vf != nil && vf.Kind == "sdkversions" && vf.Resolved {
		return vf.Versions, true
	}
	return nil, false
}

// callBody: the single result expression, body and parameters of the
// function a call runs, when declared in this package: a function, or a
// package variable initialised with a function literal and never assigned.
func (e *env) callBody(call *ast.CallExpr) (ast.Expr, *ast.BlockStmt, *types.Tuple) {
	if fn := e.staticCallee(call); fn != nil {
		if d := e.funcs[fn]; d != nil {
			return returnExpr(d.Body), d.Body, fn.Signature().Params()
		}
		return nil, nil, nil
	}
	id, ok := unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil, nil, nil
	}
	obj, ok := e.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !isPkgLevel(obj) || e.assignedVars()[obj] {
		return nil, nil, nil
	}
	lit, ok := unparen(e.vars[obj]).(*ast.FuncLit)
	if !ok {
		return nil, nil, nil
	}
	return returnExpr(lit.Body), lit.Body, e.pass.TypesInfo.TypeOf(lit).(*types.Signature).Params()
}

// assignedVars: package variables assigned anywhere in the package.
func (e *env) assignedVars() map[*types.Var]bool {
	if e.assigned != nil {
		return e.assigned
	}
	e.assigned = map[*types.Var]bool{}
	for _, f := range e.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if root := lhsRoot(l); root != nil {
						if v, ok := e.pass.TypesInfo.Uses[root].(*types.Var); ok && isPkgLevel(v) {
							e.assigned[v] = true
						}
					}
				}
			}
			return true
		})
	}
	return e.assigned
}

// lhsRoot: the variable an assigned x, x.F, x[k] or *x belongs to.
func lhsRoot(x ast.Expr) *ast.Ident {
	for {
		switch v := unparen(x).(type) {
		case *ast.Ident:
			return v
		case *ast.SelectorExpr:
			x = v.X
		case *ast.IndexExpr:
			x = v.X
		case *ast.StarExpr:
			x = v.X
		default:
			return nil
		}
	}
}

// withBound runs eval with the call's arguments standing for params.
func (e *env) withBound(params *types.Tuple, call *ast.CallExpr, body *ast.BlockStmt, eval func() ([]Versioned, bool)) (vs []Versioned, ok bool) {
	e.bound(params, call, body, func() { vs, ok = eval() })
	return vs, ok
}

// bound runs eval with the call's arguments standing for params; not at
// all when they cannot be paired (a variadic call).
func (e *env) bound(params *types.Tuple, call *ast.CallExpr, body *ast.BlockStmt, eval func()) {
	if call.Ellipsis.IsValid() || params.Len() != len(call.Args) || params.Len() > 0 && e.subst[params.At(0)].x != nil {
		return // recursion: the parameters are bound already
	}
	if e.subst == nil {
		e.subst = map[types.Object]boundArg{}
	}
	for i := 0; i < params.Len(); i++ {
		e.subst[params.At(i)] = boundArg{call.Args[i], body}
	}
	defer func() {
		for i := 0; i < params.Len(); i++ {
			delete(e.subst, params.At(i))
		}
	}()
	eval()
}

// versionEntry: the schema map at key of a versioned map.
func (e *env) versionEntry(x ast.Expr, key int64, body *ast.BlockStmt) ([]Attribute, bool) {
	vs, ok := e.versionsOf(x, body, 0)
	if !ok {
		return nil, false
	}
	for _, v := range vs {
		if v.Version == key {
			return cloneAttrs(v.Attrs), v.Complete
		}
	}
	return nil, false
}

// indexedVersion evaluates `schemas[k]` of a versioned map with a constant k.
func (e *env) indexedVersion(x ast.Expr, body *ast.BlockStmt) ([]Attribute, bool, bool) {
	ix, ok := unparen(x).(*ast.IndexExpr)
	if !ok || !isVersionsType(e.pass.TypesInfo.TypeOf(ix.X)) {
		return nil, false, false
	}
	key, isConst := e.intConst(ix.Index)
	if !isConst {
		return nil, false, true
	}
	attrs, ok := e.versionEntry(ix.X, key, body)
	return attrs, ok, true
}

// schemaParam records a resource Schema that is the building function's
// parameter, or a constant entry of it: unresolved until a call binds it.
func (e *env) schemaParam(r *SDKResource, v ast.Expr) bool {
	if i := e.paramIndex(v); i > 0 {
		r.SchemaParam, r.SchemaResolved = i, false
		return true
	}
	ix, ok := unparen(v).(*ast.IndexExpr)
	if !ok || !isVersionsType(e.pass.TypesInfo.TypeOf(ix.X)) {
		return false
	}
	key, isConst := e.intConst(ix.Index)
	if i := e.paramIndex(ix.X); i > 0 && isConst {
		r.SchemaParam, r.SchemaKey, r.SchemaKeyed, r.SchemaResolved = i, key, true, false
		return true
	}
	return false
}

// bindSDKSchema resolves a Schema given as a parameter from a call's argument.
func (e *env) bindSDKSchema(r *SDKResource, call *ast.CallExpr, body *ast.BlockStmt) {
	if r.SchemaParam == 0 {
		return
	}
	i := r.SchemaParam - 1
	r.SchemaParam = 0
	if i >= len(call.Args) || call.Ellipsis.IsValid() {
		return
	}
	arg := call.Args[i]
	if id, ok := unparen(arg).(*ast.Ident); ok {
		if init := e.onlyUseLocal(body, id); init != nil {
			arg = init // built only to be handed to the builder
		}
	}
	var attrs []Attribute
	var complete bool
	if r.SchemaKeyed {
		attrs, complete = e.versionEntry(arg, r.SchemaKey, body)
	} else {
		attrs, complete = e.sdkSchemaMap(arg, body)
	}
	r.SchemaKey, r.SchemaKeyed = 0, false
	r.Schema.Attributes, r.Schema.Complete = attrs, complete
	r.SchemaResolved = attrs != nil || complete
}

// onlyUseLocal: the initialiser of a local defined once whose only use is
// id (handed to a resource builder as its schema); nil otherwise.
func (e *env) onlyUseLocal(body *ast.BlockStmt, id *ast.Ident) ast.Expr {
	var init ast.Expr
	defs, uses := 0, 0
	obj := e.localRefs(body, id, func(stack []ast.Node, def bool) bool {
		if def {
			defs++
			init = defInit(stack)
		} else {
			uses++
		}
		return true
	})
	if obj == nil || defs != 1 || uses != 1 {
		return nil
	}
	return init
}

// aliasLocal: the initialiser of a local that only names a package-level
// value (`s := pkg.Schemas[1]`, `s := sharedAttrs`), defined once and
// otherwise only read or handed on whole: it is that value, which the
// model takes from its declaration however it is handed around. nil otherwise.
func (e *env) aliasLocal(body *ast.BlockStmt, id *ast.Ident) ast.Expr {
	var init ast.Expr
	defs, ok := 0, true
	obj := e.localRefs(body, id, func(stack []ast.Node, def bool) bool {
		if def {
			defs++
			init = defInit(stack)
			return true
		}
		switch useKind(stack) {
		case useMutation:
			ok = false
		case useEscape:
			ok = ok && wholeArg(stack)
		}
		return ok
	})
	if obj == nil || !ok || defs != 1 || init == nil || !e.pkgLevelValue(init) {
		return nil
	}
	return init
}

// inspectStack is ast.Inspect handing f the path from root down to each
// node (the node last); f returning false skips the node's children.
func inspectStack(root ast.Node, f func(stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if !f(stack) {
			stack = stack[:len(stack)-1] // Inspect will not call f(nil) for it
			return false
		}
		return true
	})
}

// localRefs walks body for the definitions and uses of the local variable
// id names, handing visit the path of nodes down to each (visit returns
// false to stop). It returns the variable, or nil when id names no local.
func (e *env) localRefs(body *ast.BlockStmt, id *ast.Ident, visit func(stack []ast.Node, def bool) bool) *types.Var {
	obj, isVar := e.pass.TypesInfo.Uses[id].(*types.Var)
	if !isVar || body == nil || isPkgLevel(obj) {
		return nil
	}
	going := true
	inspectStack(body, func(stack []ast.Node) bool {
		ident, isIdent := stack[len(stack)-1].(*ast.Ident)
		switch {
		case !going || !isIdent:
		case e.pass.TypesInfo.Defs[ident] == obj:
			going = visit(stack, true)
		case e.pass.TypesInfo.Uses[ident] == obj:
			going = visit(stack, false)
		}
		return going
	})
	return obj
}

// wholeArg: the identifier at the top of stack is a call's argument itself.
func wholeArg(stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	return ok && call.Fun != stack[len(stack)-1]
}

// pkgLevelValue: a package variable, or its entry at a constant key.
func (e *env) pkgLevelValue(x ast.Expr) bool {
	x = unparen(x)
	if ix, ok := x.(*ast.IndexExpr); ok {
		if _, isConst := e.intConst(ix.Index); !isConst {
			return false
		}
		x = unparen(ix.X)
	}
	v, ok := e.objectOf(x).(*types.Var)
	return ok && isPkgLevel(v)
}
