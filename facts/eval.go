package facts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// env holds what the evaluator needs while it follows schema-building code of
// one package: declarations by object, and the facts computed so far.
type env struct {
	pass  *analysis.Pass
	funcs map[*types.Func]*ast.FuncDecl
	vars  map[*types.Var]ast.Expr // package-level initialisers

	values     map[types.Object]*ValueFact
	sdk        map[types.Object]*SDKResource
	inProgress map[types.Object]bool
	// params are those of the helper whose result is being summarised, and
	// fnBody its body; guard receives the Guard its value holds under.
	params *types.Tuple
	fnBody *ast.BlockStmt
	guard  **Guard
	// copies stands each maps.Copy(x, src) of a local for the assignment
	// x[_] = src, and copySrc gives src back.
	copies  map[*ast.CallExpr]*ast.AssignStmt
	copySrc map[*ast.AssignStmt]ast.Expr
	// eachLoops stands a loop changing every element of a local map for
	// the assignment x[_] = _ (see eachflag.go).
	eachLoops map[*ast.AssignStmt]*ast.RangeStmt
	// typeLits holds the composite literals of each named type, built on
	// first use (see literalsOf).
	typeLits map[*types.TypeName][]fieldSite
	// subst binds a helper's parameters to a call's arguments while its
	// result is evaluated for that call (see versions.go); assigned caches
	// the package variables assigned somewhere.
	subst    map[types.Object]boundArg
	assigned map[*types.Var]bool
}

func newEnv(pass *analysis.Pass) *env {
	e := &env{
		pass:       pass,
		funcs:      map[*types.Func]*ast.FuncDecl{},
		vars:       map[*types.Var]ast.Expr{},
		values:     map[types.Object]*ValueFact{},
		sdk:        map[types.Object]*SDKResource{},
		inProgress: map[types.Object]bool{},
		copies:     map[*ast.CallExpr]*ast.AssignStmt{},
		copySrc:    map[*ast.AssignStmt]ast.Expr{},
		eachLoops:  map[*ast.AssignStmt]*ast.RangeStmt{},
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Body != nil {
					e.funcs[fn] = d
				}
			case *ast.GenDecl:
				e.collectVars(d)
			}
		}
	}
	return e
}

func (e *env) collectVars(d *ast.GenDecl) {
	if d.Tok != token.VAR {
		return
	}
	for _, s := range d.Specs {
		vs, ok := s.(*ast.ValueSpec)
		if !ok || len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, n := range vs.Names {
			if v, ok := e.pass.TypesInfo.Defs[n].(*types.Var); ok {
				e.vars[v] = vs.Values[i]
			}
		}
	}
}

func unparen(x ast.Expr) ast.Expr { return ast.Unparen(x) }

// boolConst returns the constant value of a boolean expression.
func (e *env) boolConst(x ast.Expr) (val, ok bool) {
	switch v := unparen(x).(type) {
	case *ast.Ident:
		if b, bound := e.subst[e.pass.TypesInfo.Uses[v]]; bound {
			return e.boolConst(b.x) // a parameter bound at the call evaluated
		}
	case *ast.UnaryExpr:
		if v.Op == token.NOT {
			if b, isConst := e.boolConst(v.X); isConst {
				return !b, true
			}
		}
	}
	tv, found := e.pass.TypesInfo.Types[x]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

func (e *env) intConst(x ast.Expr) (int64, bool) {
	tv, found := e.pass.TypesInfo.Types[x]
	if !found || tv.Value == nil {
		return 0, false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return v, exact
}

// constName: "path.Name" of the package-level constant x names, or "".
func (e *env) constName(x ast.Expr) string {
	var id *ast.Ident
	switch x := unparen(x).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return ""
	}
	c, ok := e.pass.TypesInfo.Uses[id].(*types.Const)
	if !ok || c.Pkg() == nil || c.Parent() != c.Pkg().Scope() {
		return ""
	}
	return c.Pkg().Path() + "." + c.Name()
}

// nonEmpty: x is set to something other than an empty constant string (a
// message, or one the check cannot read).
func (e *env) nonEmpty(x ast.Expr) bool {
	if x == nil {
		return false
	}
	s, ok := e.stringConst(x)
	return !ok || s != ""
}

func (e *env) stringConst(x ast.Expr) (string, bool) {
	tv, found := e.pass.TypesInfo.Types[x]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func isNil(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[unparen(x)]
	return ok && tv.IsNil()
}

// named returns the package path and name of t's named type, through pointers.
func named(t types.Type) (pkg, name string) { return tfapi.Named(t) }

// fields maps the keys of a struct composite literal to their values.
func fields(lit *ast.CompositeLit) map[string]ast.Expr {
	m := make(map[string]ast.Expr, len(lit.Elts))
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				m[id.Name] = kv.Value
			}
		}
	}
	return m
}

// objectOf returns the object an identifier or qualified identifier refers to.
func (e *env) objectOf(x ast.Expr) types.Object {
	switch x := unparen(x).(type) {
	case *ast.Ident:
		return e.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		if sel, ok := e.pass.TypesInfo.Selections[x]; ok {
			if sel.Kind() == types.MethodVal {
				return sel.Obj()
			}
			return nil
		}
		return e.pass.TypesInfo.Uses[x.Sel]
	}
	return nil
}

func (e *env) staticCallee(call *ast.CallExpr) *types.Func {
	fn := typeutil.StaticCallee(e.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// isPkgLevel reports whether obj is declared at package level (or is a function).
func isPkgLevel(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	if _, ok := obj.(*types.Func); ok {
		return true
	}
	return obj.Parent() == obj.Pkg().Scope()
}

// FuncName names a function for FuncRef: "pkg.F" or "(pkg.T).M".
func FuncName(fn *types.Func) string {
	if fn == nil {
		return ""
	}
	return fn.FullName()
}

// returnExpr returns the single result expression of a function body that has
// exactly one return statement with one result (function literals excluded).
func returnExpr(body *ast.BlockStmt) ast.Expr {
	var found ast.Expr
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
			if len(x.Results) == 1 {
				found = x.Results[0]
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return found
}

// localVar describes a local variable: its single initialiser and the
// statements that change it afterwards (x[k] = v, x.F = v, x.F[k] = v).
type localVar struct {
	init      ast.Expr
	mutations []*ast.AssignStmt
}

// resolveLocal follows a local variable in body. ok is false when the variable
// is assigned more than once, passed to a function, or its address is taken:
// then its value cannot be known without guessing. Such uses on one side of
// a branch on the helper's parameter only are left out (see branchGuard):
// the value is then the one on the other side.
func (e *env) resolveLocal(body *ast.BlockStmt, id *ast.Ident) (lv localVar, ok bool) {
	obj, isVar := e.pass.TypesInfo.Uses[id].(*types.Var)
	if !isVar || body == nil || isPkgLevel(obj) {
		return lv, false
	}
	ok = true
	var guards []*Guard
	inspectStack(body, func(stack []ast.Node) bool {
		n := stack[len(stack)-1]
		ident, isIdent := n.(*ast.Ident)
		if !isIdent {
			return true
		}
		if e.pass.TypesInfo.Defs[ident] == obj {
			init := defInit(stack)
			if init == nil || lv.init != nil {
				ok = false
			}
			lv.init = init
			return true
		}
		if e.pass.TypesInfo.Uses[ident] != obj {
			return true
		}
		switch useKind(stack) {
		case useMutation:
			lv.mutations = append(lv.mutations, enclosingAssign(stack))
		case useEscape:
			if m := e.copyInto(stack, ident); m != nil {
				lv.mutations = append(lv.mutations, m)
			} else if m := e.addedBy(stack, ident); m != nil {
				lv.mutations = append(lv.mutations, m)
			} else if e.reassignedByAdder(stack, ident) {
				// x = add(x): the argument stands for the mutation
			} else if m := e.eachLoop(stack, ident); m != nil {
				lv.mutations = append(lv.mutations, m)
			} else if !e.mergedFrom(stack, ident) && !e.factoryArg(stack, ident) {
				g := e.branchGuard(stack) // changed on one side of a branch only
				guards = append(guards, g)
				ok = ok && g != nil
			}
		}
		return true
	})
	for _, g := range guards {
		ok = ok && g != nil && e.addGuard(g)
	}
	return lv, ok && lv.init != nil
}

// copyInto stands `maps.Copy(x, src)` (x at the top of stack) for the
// assignment `x[_] = src`, recorded in e.copies; nil for any other use.
func (e *env) copyInto(stack []ast.Node, x *ast.Ident) *ast.AssignStmt {
	if len(stack) < 2 {
		return nil
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || call.Args[0] != ast.Expr(x) || !e.mapsCopy(call, x.Name) {
		return nil
	}
	if m, ok := e.copies[call]; ok {
		return m
	}
	m := &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: x, Index: ast.NewIdent("_")}}, Tok: token.ASSIGN, Rhs: []ast.Expr{call.Args[1]}}
	e.copies[call] = m
	e.copySrc[m] = call.Args[1]
	return m
}

// mergedFrom: x (at the top of stack) is handed to a merger as a map it
// only reads from (not the first argument, which a merger may write into).
func (e *env) mergedFrom(stack []ast.Node, x *ast.Ident) bool {
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || call.Args[0] == ast.Expr(x) || !slices.Contains(call.Args, ast.Expr(x)) {
		return false
	}
	fn := e.staticCallee(call)
	return fn != nil && e.isMerger(fn)
}

// defInit returns the initialiser of the definition at the top of stack.
func defInit(stack []ast.Node) ast.Expr {
	if len(stack) < 2 {
		return nil
	}
	id := stack[len(stack)-1].(*ast.Ident)
	switch p := stack[len(stack)-2].(type) {
	case *ast.AssignStmt:
		for i, l := range p.Lhs {
			if l == id && len(p.Rhs) == len(p.Lhs) {
				return p.Rhs[i]
			}
		}
	case *ast.ValueSpec:
		for i, n := range p.Names {
			if n == id && len(p.Values) == len(p.Names) {
				return p.Values[i]
			}
		}
	}
	return nil
}

type useKindT int

const (
	useRead useKindT = iota
	useMutation
	useEscape
)

// useKind classifies the use of a variable at the top of stack.
func useKind(stack []ast.Node) useKindT {
	// Walk up through selectors and index expressions rooted at the variable.
	i := len(stack) - 1
	child := stack[i]
	for i > 0 {
		parent := stack[i-1]
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			if p.X != child {
				return useRead
			}
		case *ast.IndexExpr:
			if p.X != child {
				return useRead
			}
		case *ast.ParenExpr:
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == child {
					if child == stack[len(stack)-1] {
						return useEscape // plain reassignment
					}
					return useMutation
				}
			}
			return useRead
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				return useEscape
			}
			return useRead
		case *ast.CallExpr:
			for _, a := range p.Args {
				if a == child {
					if child != stack[len(stack)-1] && assignedBack(stack[:i-1], p, a) {
						return useRead // x.Schema = merge(x.Schema, more): the assignment is the mutation
					}
					return useEscape
				}
			}
			if p.Fun == child {
				// a method call on the variable may change it
				if _, isSel := child.(*ast.SelectorExpr); isSel {
					return useEscape
				}
			}
			return useRead
		case *ast.IncDecStmt:
			return useMutation
		case *ast.RangeStmt:
			// Ranging with a value variable may alias the elements (f.Computed = true).
			if p.X == child && p.Value != nil {
				return useEscape
			}
			return useRead
		default:
			return useRead
		}
		child = parent
		i--
	}
	return useRead
}

// assignedBack: the call is the whole right side of an assignment to the
// very field handed to it (x.Schema = merge(x.Schema, more)).
func assignedBack(outer []ast.Node, call *ast.CallExpr, field ast.Expr) bool {
	if len(outer) == 0 {
		return false
	}
	as, ok := outer[len(outer)-1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || unparen(as.Rhs[0]) != ast.Expr(call) {
		return false
	}
	return sameSelector(as.Lhs[0], field)
}

// sameSelector: a and b are the same chain of selectors on the same name.
func sameSelector(a, b ast.Expr) bool {
	switch a := unparen(a).(type) {
	case *ast.Ident:
		bi, ok := unparen(b).(*ast.Ident)
		return ok && a.Name == bi.Name
	case *ast.SelectorExpr:
		bs, ok := unparen(b).(*ast.SelectorExpr)
		return ok && a.Sel.Name == bs.Sel.Name && sameSelector(a.X, bs.X)
	}
	return false
}

func enclosingAssign(stack []ast.Node) *ast.AssignStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		if a, ok := stack[i].(*ast.AssignStmt); ok {
			return a
		}
	}
	return nil
}

// mutationTarget splits an assignment target rooted at a local variable into
// the field chain and the map key: x.Attributes["k"] -> (["Attributes"], "k", true).
func (e *env) mutationTarget(lhs ast.Expr) (path []string, key string, hasKey bool, ok bool) {
	x := unparen(lhs)
	if ix, isIndex := x.(*ast.IndexExpr); isIndex {
		k, isConst := e.stringConst(ix.Index)
		if !isConst {
			return nil, "", false, false
		}
		key, hasKey = k, true
		x = unparen(ix.X)
	}
	for {
		switch v := x.(type) {
		case *ast.SelectorExpr:
			path = append([]string{v.Sel.Name}, path...)
			x = unparen(v.X)
		case *ast.Ident:
			return path, key, hasKey, true
		default:
			return nil, "", false, false
		}
	}
}

func quote(s string) string { return strconv.Quote(s) }

// litPositions records where an attribute literal and its Computed element are.
func litPositions(a *Attribute, lit *ast.CompositeLit) {
	a.Lit, a.LitEnd = lit.Lbrace, lit.Rbrace
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Computed" {
				a.ComputedKV, a.ComputedKVEnd = kv.Pos(), kv.End()
			}
		}
	}
}

// attrMap evaluates a map of attributes keyed by name — framework
// map[string]schema.Attribute or SDK map[string]*schema.Schema — with one
// evaluating each element: a literal, a local variable and the assignments
// made to it, or a value the package's functions return (kind names it).
// complete is false when a key is not a constant.
func (e *env) attrMap(x ast.Expr, body *ast.BlockStmt, kind string, one func(name string, x ast.Expr, body *ast.BlockStmt) Attribute) ([]Attribute, bool) {
	x = unparen(x)
	switch v := x.(type) {
	case *ast.CompositeLit:
		var out []Attribute
		complete := true
		for _, el := range v.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			name, isConst := "", false
			if ok {
				name, isConst = e.stringConst(kv.Key)
			}
			if !isConst {
				complete = false
				continue
			}
			a := one(name, kv.Value, body)
			a.Pos = kv.Key.Pos()
			out = append(out, a)
		}
		return out, complete
	case *ast.Ident:
		if b, ok := e.subst[e.pass.TypesInfo.Uses[v]]; ok {
			return e.attrMap(b.x, b.body, kind, one)
		}
		if lv, ok := e.resolveLocal(body, v); ok {
			attrs, complete := e.attrMap(lv.init, body, kind, one)
			attrs = cloneAttrs(attrs)
			for _, m := range lv.mutations {
				if loop, ok := e.eachLoops[m]; ok {
					if kind != "sdkschemamap" || !e.applyEach(attrs, loop) {
						return nil, false
					}
					continue
				}
				if src := e.rangeCopySource(body, m); src != nil {
					more, ok := e.attrMap(src, body, kind, one)
					for _, a := range cloneAttrs(more) {
						attrs = setAttr(attrs, a)
					}
					complete = complete && ok
					continue
				}
				if done, ok := e.flagMutation(attrs, m); done {
					if !ok {
						return nil, false
					}
					continue
				}
				path, key, hasKey, ok := e.mutationTarget(m.Lhs[0])
				if !ok || len(path) != 0 || !hasKey || len(m.Rhs) != 1 {
					return nil, false // x[k].F = v and the like: the flags we hold are wrong
				}
				a := one(key, m.Rhs[0], body)
				a.Pos = m.Lhs[0].Pos()
				attrs = setAttr(attrs, a)
			}
			return attrs, complete
		}
		if init := e.aliasLocal(body, v); init != nil {
			return e.attrMap(init, body, kind, one)
		}
	}
	if call, ok := x.(*ast.CallExpr); ok && e.staticCallee(call) == nil {
		if ret, fbody, params := e.callBody(call); ret != nil {
			// a function-valued variable's literal, for this call
			var attrs []Attribute
			complete := false
			e.bound(params, call, body, func() { attrs, complete = e.attrMap(ret, fbody, kind, one) })
			return attrs, complete
		}
	}
	if kind == "sdkschemamap" {
		if attrs, ok, isIndex := e.indexedVersion(x, body); isIndex {
			return attrs, ok // schemas[1] of a versioned map
		}
	}
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "Schema" && kind == "sdkschemamap" {
		if r := e.sdkResourceExpr(sel.X, body); r != nil && r.SchemaResolved {
			return cloneAttrs(r.Schema.Attributes), r.Schema.Complete // another resource's schema: resourceV0().Schema
		}
		return nil, false
	}
	if vf := e.valueOfExpr(x); vf != nil && vf.Kind == kind {
		if call, ok := x.(*ast.CallExpr); ok && vf.Merge {
			return e.mergedMap(call, body, kind, one)
		}
		return vf.Attrs, vf.Resolved
	}
	return nil, false
}

// flagMutation applies `x["k"].Flag = v` (SDK attributes are pointers) to
// the attribute k held in attrs. done is false when m is not of that shape;
// ok is false when it is but the change cannot be followed (an unknown
// attribute, field or value), and the map must be left unresolved.
func (e *env) flagMutation(attrs []Attribute, m *ast.AssignStmt) (done, ok bool) {
	if len(m.Lhs) != 1 || len(m.Rhs) != 1 {
		return false, false
	}
	sel, isSel := unparen(m.Lhs[0]).(*ast.SelectorExpr)
	if !isSel {
		return false, false
	}
	ix, isIndex := unparen(sel.X).(*ast.IndexExpr)
	if !isIndex {
		return false, false
	}
	if _, isIdent := unparen(ix.X).(*ast.Ident); !isIdent {
		return false, false
	}
	key, isConst := e.stringConst(ix.Index)
	i := slices.IndexFunc(attrs, func(a Attribute) bool { return a.Name == key })
	if !isConst || i < 0 {
		return true, false
	}
	return true, e.setField(&attrs[i], sel.Sel.Name, m.Rhs[0])
}

func flagOf(a *Attribute, name string) *bool {
	switch name {
	case "Required":
		return &a.Required
	case "Optional":
		return &a.Optional
	case "Computed":
		return &a.Computed
	case "Sensitive":
		return &a.Sensitive
	case "WriteOnly":
		return &a.WriteOnly
	}
	return &a.ForceNew
}

// elemExpr strips parentheses and & from an attribute map element, and gives
// the attribute to return when the element cannot be evaluated: Uncertain and
// Incomplete, so checks leave it alone.
func elemExpr(name string, x ast.Expr) (ast.Expr, Attribute) {
	x = unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = unparen(u.X)
	}
	return x, Attribute{Name: name, Uncertain: true, Incomplete: true, Pos: x.Pos()}
}
