package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A schema factory holds the schema through a pointer field and adds to it
// with same-package methods:
//
//	func newFactory() *factory { return &factory{Schema: &schema.Schema{...}} }
//	func (f *factory) WithAttributes(a map[string]schema.Attribute) *factory {
//		maps.Copy(f.Schema.Attributes, a)
//		return f
//	}
//	...
//	f := newFactory()
//	f.WithAttributes(attrs)
//	resp.Schema = *f.Schema
//
// The schema is the constructor's literal plus what each method call copies
// in, in order. Any other use of the factory, or a method doing anything
// else, leaves it unresolved.

// maxFactoryDepth bounds methods calling methods (WithBackupBlock calling
// WithBlocks).
const maxFactoryDepth = 3

// bound is an expression handed to a method's parameter, with the body it is
// to be evaluated in.
// at is where the outermost call is: the map must not change after it.
type bound struct {
	x    ast.Expr
	body *ast.BlockStmt
	at   token.Pos
}

// factorySchema evaluates sel, `f.Schema` of a factory (dereferenced by the
// caller), where f is a local of body or a chain of calls on a constructor.
func (e *env) factorySchema(sel *ast.SelectorExpr, body *ast.BlockStmt) (Schema, bool) {
	if sel.Sel.Name != "Schema" || factoryType(e.pass.TypesInfo.TypeOf(sel.X)) == nil {
		return Schema{}, false
	}
	if id, ok := unparen(sel.X).(*ast.Ident); ok {
		return e.factoryLocal(id, body, sel)
	}
	return e.factoryExpr(sel.X, body, nil)
}

// factoryType: the named struct t points to, when it has a field Schema of
// type *schema.Schema; nil otherwise.
func factoryType(t types.Type) *types.Named {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return nil
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() != "Schema" {
			continue
		}
		if fp, ok := types.Unalias(f.Type()).(*types.Pointer); ok && isFwSchemaType(fp.Elem(), "Schema") {
			return n
		}
	}
	return nil
}

// factoryExpr evaluates a constructor call, or a chain of method calls on
// one (root, when set, is a local whose value the chain starts from).
func (e *env) factoryExpr(x ast.Expr, body *ast.BlockStmt, root *factoryRoot) (Schema, bool) {
	switch v := unparen(x).(type) {
	case *ast.Ident:
		if root != nil && e.pass.TypesInfo.Uses[v] == root.obj {
			return root.s, true
		}
	case *ast.CallExpr:
		fn := e.staticCallee(v)
		if fn == nil || e.funcs[fn] == nil || v.Ellipsis.IsValid() {
			return Schema{}, false
		}
		if fn.Signature().Recv() == nil {
			if root != nil {
				return Schema{}, false
			}
			return e.factoryCtor(fn)
		}
		recv, ok := unparen(v.Fun).(*ast.SelectorExpr)
		if !ok {
			return Schema{}, false
		}
		s, ok := e.factoryExpr(recv.X, body, root)
		if !ok {
			return Schema{}, false
		}
		s.Attributes = cloneAttrs(s.Attributes)
		return s, e.factoryCall(&s, fn, e.bindArgs(v, body, nil), 0, false)
	}
	return Schema{}, false
}

// factoryRoot is the value of a factory local before a statement.
type factoryRoot struct {
	obj types.Object
	s   Schema
}

// factoryLocal evaluates f.Schema (at) for a local f: its initialiser, then
// each statement `f.M(...)` (or a chain on f) between its definition and the
// statement holding at, all in one block. Any other use of f fails.
func (e *env) factoryLocal(id *ast.Ident, body *ast.BlockStmt, at *ast.SelectorExpr) (Schema, bool) {
	obj, ok := e.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || body == nil || isPkgLevel(obj) {
		return Schema{}, false
	}
	block, def, init := e.factoryDef(body, obj)
	if block == nil {
		return Schema{}, false
	}
	last := -1
	for i, st := range block.List {
		if st.Pos() <= at.Pos() && at.End() <= st.End() {
			last = i
		}
	}
	if last <= def {
		return Schema{}, false
	}
	calls := block.List[def+1 : last]
	if !e.onlyFactoryUses(body, obj, calls, at) {
		return Schema{}, false
	}
	s, ok := e.factoryExpr(init, body, nil)
	for _, st := range calls {
		x, isExpr := st.(*ast.ExprStmt)
		if !ok || !isExpr || !usesObj(e.pass.TypesInfo, x, obj) {
			continue // a statement not about the factory
		}
		s, ok = e.factoryExpr(x.X, body, &factoryRoot{obj: obj, s: s})
	}
	return s, ok
}

// factoryDef finds the block holding `f := init` (or `var f = init`), the
// statement's index and init.
func (e *env) factoryDef(body *ast.BlockStmt, obj types.Object) (*ast.BlockStmt, int, ast.Expr) {
	var block *ast.BlockStmt
	idx, init := -1, ast.Expr(nil)
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok || block != nil {
			return block == nil
		}
		for i, st := range b.List {
			if x := e.defines(st, obj); x != nil {
				block, idx, init = b, i, x
			}
		}
		return true
	})
	return block, idx, init
}

// defines: the initialiser when st defines obj alone.
func (e *env) defines(st ast.Stmt, obj types.Object) ast.Expr {
	switch s := st.(type) {
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1 {
			if id, ok := s.Lhs[0].(*ast.Ident); ok && e.pass.TypesInfo.Defs[id] == obj {
				return s.Rhs[0]
			}
		}
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || len(gd.Specs) != 1 {
			return nil
		}
		vs, ok := gd.Specs[0].(*ast.ValueSpec)
		if ok && len(vs.Names) == 1 && len(vs.Values) == 1 && e.pass.TypesInfo.Defs[vs.Names[0]] == obj {
			return vs.Values[0]
		}
	}
	return nil
}

// onlyFactoryUses: every use of obj in body is at.X, or the root of a chain
// of method calls making up a whole statement among calls.
func (e *env) onlyFactoryUses(body *ast.BlockStmt, obj types.Object, calls []ast.Stmt, at *ast.SelectorExpr) bool {
	allowed := map[*ast.Ident]bool{}
	if id, ok := unparen(at.X).(*ast.Ident); ok {
		allowed[id] = true
	}
	for _, st := range calls {
		if x, ok := st.(*ast.ExprStmt); ok {
			if id := chainRoot(x.X); id != nil {
				allowed[id] = true
			}
		}
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && e.pass.TypesInfo.Uses[id] == obj && !allowed[id] {
			ok = false
		}
		return ok
	})
	return ok
}

// chainRoot: the identifier a chain of method calls x.M(...).N(...) starts from.
func chainRoot(x ast.Expr) *ast.Ident {
	for {
		call, ok := unparen(x).(*ast.CallExpr)
		if !ok {
			return nil
		}
		sel, ok := unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if id, ok := unparen(sel.X).(*ast.Ident); ok {
			return id
		}
		x = sel.X
	}
}

func usesObj(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// factoryCtor evaluates a constructor returning &T{Schema: x}: the schema x.
func (e *env) factoryCtor(fn *types.Func) (Schema, bool) {
	decl := e.funcs[fn]
	if fn.Signature().Results().Len() != 1 || factoryType(fn.Signature().Results().At(0).Type()) == nil {
		return Schema{}, false
	}
	u, ok := unparen(returnExpr(decl.Body)).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return Schema{}, false
	}
	lit, ok := unparen(u.X).(*ast.CompositeLit)
	if !ok {
		return Schema{}, false
	}
	x, ok := fields(lit)["Schema"]
	if !ok {
		return Schema{}, false
	}
	// The constructor is not the helper being summarised: no parameter or
	// guard of the caller's applies in its body.
	savedParams, savedBody, savedGuard := e.params, e.fnBody, e.guard
	e.params, e.fnBody, e.guard = nil, nil, nil
	defer func() { e.params, e.fnBody, e.guard = savedParams, savedBody, savedGuard }()
	return e.fwSchema(x, decl.Body)
}

// bindArgs pairs a call's arguments with the callee's parameters; an argument
// naming a parameter of the calling method is passed on from outer.
func (e *env) bindArgs(call *ast.CallExpr, body *ast.BlockStmt, outer map[types.Object]bound) []bound {
	out := make([]bound, len(call.Args))
	for i, a := range call.Args {
		out[i] = bound{a, body, call.Pos()}
		if id, ok := unparen(a).(*ast.Ident); ok {
			if b, ok := outer[e.pass.TypesInfo.Uses[id]]; ok {
				out[i] = b
			}
		}
	}
	return out
}

// factoryCall applies a factory method to s. Its body may only copy maps
// into the schema's Attributes or Blocks, set its documentation or a
// constant Version, call another such method on its receiver, and return
// the receiver (or such a call). dry only checks that shape: no argument is
// evaluated.
func (e *env) factoryCall(s *Schema, fn *types.Func, args []bound, depth int, dry bool) bool {
	decl := e.funcs[fn]
	sig := fn.Signature()
	if depth > maxFactoryDepth || decl == nil || sig.Recv() == nil || factoryType(sig.Recv().Type()) == nil ||
		len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 || sig.Params().Len() != len(args) || sig.Variadic() {
		return false
	}
	recv := e.pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]]
	params := map[types.Object]bound{}
	for i := 0; i < sig.Params().Len(); i++ {
		params[sig.Params().At(i)] = args[i]
	}
	m := factoryMethod{e: e, recv: recv, params: params, body: decl.Body, depth: depth, dry: dry}
	for i, st := range decl.Body.List {
		ok := false
		switch st := st.(type) {
		case *ast.ExprStmt:
			ok = m.copyStmt(s, st.X) || m.selfCall(s, st.X)
		case *ast.AssignStmt:
			ok = m.schemaField(s, st)
		case *ast.ReturnStmt:
			ok = i == len(decl.Body.List)-1 && len(st.Results) == 1 &&
				(m.isRecv(st.Results[0]) || m.selfCall(s, st.Results[0]))
		}
		if !ok {
			return false
		}
	}
	return true
}

// factoryMethod is the method being applied.
type factoryMethod struct {
	e      *env
	recv   types.Object
	params map[types.Object]bound
	body   *ast.BlockStmt
	depth  int
	dry    bool
}

func (m *factoryMethod) isRecv(x ast.Expr) bool {
	id, ok := unparen(x).(*ast.Ident)
	return ok && m.recv != nil && m.e.pass.TypesInfo.Uses[id] == m.recv
}

// schemaField applies `recv.Schema.F = v`: a constant Version, or documentation.
func (m *factoryMethod) schemaField(s *Schema, as *ast.AssignStmt) bool {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
		return false
	}
	switch f := m.field(as.Lhs[0]); {
	case f == "Version":
		n, ok := m.e.intConst(as.Rhs[0])
		s.Version = n
		return ok
	case strings.Contains(f, "Description") || f == "DeprecationMessage":
		return true // documentation only
	}
	return false
}

// field names F in recv.Schema.F; "" for anything else.
func (m *factoryMethod) field(x ast.Expr) string {
	sel, ok := unparen(x).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	inner, ok := unparen(sel.X).(*ast.SelectorExpr)
	if !ok || inner.Sel.Name != "Schema" || !m.isRecv(inner.X) {
		return ""
	}
	return sel.Sel.Name
}

// copyStmt applies maps.Copy(recv.Schema.Attributes|Blocks, src).
func (m *factoryMethod) copyStmt(s *Schema, x ast.Expr) bool {
	call, ok := unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return false
	}
	fn := m.e.staticCallee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "maps" || fn.Name() != "Copy" {
		return false
	}
	f := m.field(call.Args[0])
	if f != "Attributes" && f != "Blocks" {
		return false
	}
	src := bound{call.Args[1], m.body, token.NoPos}
	if id, ok := unparen(src.x).(*ast.Ident); ok {
		if b, isParam := m.params[m.e.pass.TypesInfo.Uses[id]]; isParam {
			src = b
		}
	}
	if m.dry {
		return true
	}
	attrs, ok := m.e.fwAttrs(src.x, src.body)
	if !ok || m.e.changedAfter(src) {
		return false
	}
	for _, a := range cloneAttrs(attrs) {
		s.Attributes = setAttr(s.Attributes, a)
	}
	return true
}

// selfCall applies recv.M(args), M another factory method.
func (m *factoryMethod) selfCall(s *Schema, x ast.Expr) bool {
	call, ok := unparen(x).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	sel, ok := unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !m.isRecv(sel.X) {
		return false
	}
	fn := m.e.staticCallee(call)
	return fn != nil && m.e.factoryCall(s, fn, m.e.bindArgs(call, m.body, m.params), m.depth+1, m.dry)
}

// changedAfter: b names a local map changed after the call that copies it,
// which the schema does not see.
func (e *env) changedAfter(b bound) bool {
	id, ok := unparen(b.x).(*ast.Ident)
	if !ok || !b.at.IsValid() {
		return false
	}
	lv, ok := e.resolveLocal(b.body, id)
	if !ok {
		return false // then it did not resolve either
	}
	for _, m := range lv.mutations {
		if m.Pos() > b.at {
			return true
		}
	}
	return false
}

// factoryArg: x (at the top of stack) is handed to a factory method, which
// only copies from it.
func (e *env) factoryArg(stack []ast.Node, x *ast.Ident) bool {
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || !slices.Contains(call.Args, ast.Expr(x)) || call.Ellipsis.IsValid() {
		return false
	}
	fn := e.staticCallee(call)
	if fn == nil || fn.Signature().Recv() == nil {
		return false
	}
	var scratch Schema
	return e.factoryCall(&scratch, fn, e.bindArgs(call, nil, nil), 0, true)
}
