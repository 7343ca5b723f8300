package facts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// A resource may answer its schema from a field: a Schema method (its own or
// promoted from an embedded base type, often of a shared helper package)
// assigns `resp.Schema = *r.Config.Schema`, and the resource's constructor
// hands the schema in (`&R{Base: helper.NewBase(helper.Config{Schema:
// &resourceSchema})}`). The method and the constructors of other packages are
// summarised as facts; the resource's package follows its own literals of the
// resource type to the value stored in that field.

// SchemaFieldFact is attached to a Schema method whose schema is the value
// of a field of its receiver.
type SchemaFieldFact struct {
	// Path is the field path from the receiver (["Config", "Schema"]).
	Path []string
	// Extras are attributes or blocks the method adds to that schema.
	Extras []FieldExtra
}

func (*SchemaFieldFact) AFact() {}

func (f *SchemaFieldFact) String() string {
	var extras []string
	for _, x := range f.Extras {
		extras = append(extras, strings.Join(x.When, ".")+"?"+x.Attr.Name)
	}
	return fmt.Sprintf("schema from field %s extras%v", strings.Join(f.Path, "."), extras)
}

// FieldExtra is an attribute the Schema method adds, when the receiver field
// When (a path, empty for always) is not nil.
type FieldExtra struct {
	When []string
	Attr Attribute
	// TimeoutsOpts is the receiver field holding the timeouts.Opts of a
	// timeouts block or attribute (Attr is then Incomplete).
	TimeoutsOpts []string
}

// CtorFieldsFact is attached to a function returning a struct literal: which
// fields take which parameter. Fields set to anything else are in Other;
// fields not set are zero.
type CtorFieldsFact struct {
	Params map[string]int
	Other  []string
}

func (*CtorFieldsFact) AFact() {}

func (f *CtorFieldsFact) String() string {
	keys := make([]string, 0, len(f.Params))
	for k := range f.Params {
		keys = append(keys, fmt.Sprintf("%s=param%d", k, f.Params[k]))
	}
	sort.Strings(keys)
	return fmt.Sprintf("ctor %v other%v", keys, f.Other)
}

// exportFieldFacts exports the two summaries for the functions of the package.
func exportFieldFacts(e *env) {
	fns := make([]*types.Func, 0, len(e.funcs))
	for fn := range e.funcs {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		if f := e.schemaFieldOf(fn); f != nil {
			e.pass.ExportObjectFact(fn, f)
		}
		if f := e.ctorFieldsOf(fn); f != nil {
			e.pass.ExportObjectFact(fn, f)
		}
		if fn.Signature().TypeParams().Len() > 0 && e.isMerger(fn) {
			// A generic merger (MergeMaps[K, V]) has no schema kind of its own.
			e.pass.ExportObjectFact(fn, &ValueFact{Kind: "generic", Merge: true, Resolved: true})
		}
	}
}

// schemaFieldOf summarises a Schema method of this package answering a
// receiver field; nil for any other function or shape.
func (e *env) schemaFieldOf(fn *types.Func) *SchemaFieldFact {
	decl := e.funcs[fn]
	if decl == nil || decl.Recv == nil || fn.Name() != "Schema" || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 {
		return nil
	}
	recv := e.pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]]
	if recv == nil {
		return nil
	}
	f := &SchemaFieldFact{}
	ok := true
	inspectStack(decl.Body, func(stack []ast.Node) bool {
		n := stack[len(stack)-1]
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.AssignStmt:
			ok = ok && e.schemaFieldAssign(f, n, recv, stack)
		case *ast.CallExpr:
			ok = ok && !e.handsSchemaOn(n)
		}
		return ok
	})
	if !ok || f.Path == nil {
		return nil
	}
	return f
}

// schemaFieldAssign records one assignment of a Schema method: the schema
// taken from a receiver field, or an attribute added to it. false for an
// assignment to the schema the summary cannot describe.
func (e *env) schemaFieldAssign(f *SchemaFieldFact, as *ast.AssignStmt, recv types.Object, stack []ast.Node) bool {
	for i, l := range as.Lhs {
		root, path := e.schemaLHS(l)
		if root == nil {
			continue
		}
		if len(as.Lhs) != len(as.Rhs) {
			return false
		}
		rhs := as.Rhs[i]
		switch {
		case len(path) == 0:
			p := e.recvPath(rhs, recv)
			if p == nil || f.Path != nil {
				return false
			}
			f.Path = p
		case len(path) == 1 && (path[0] == "Attributes" || path[0] == "Blocks") && isEmptyMake(rhs):
			// `if s.Blocks == nil { s.Blocks = make(...) }` before adding to it
		case len(path) == 2 && path[1] == "[]" && (path[0] == "Attributes" || path[0] == "Blocks"):
			key, isConst := e.stringConst(path1Key(l))
			if !isConst {
				return false
			}
			f.Extras = append(f.Extras, FieldExtra{When: e.nonNilGuard(stack, recv), Attr: e.fwAttr(key, rhs, nil), TimeoutsOpts: e.timeoutsOptsField(rhs, recv)})
		default:
			return false
		}
	}
	return true
}

// schemaLHS: for resp.Schema, resp.Schema.Blocks or resp.Schema.Blocks[k]
// (a framework schema.Schema reached through a selector), that schema
// expression and the path below it.
func (e *env) schemaLHS(l ast.Expr) (ast.Expr, []string) {
	var path []string
	x := unparen(l)
	for {
		if t := e.pass.TypesInfo.TypeOf(x); isFwSchemaType(t, "Schema") {
			if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
				return nil, nil
			}
			if _, isSel := x.(*ast.SelectorExpr); isSel {
				return x, path
			}
			return nil, nil
		}
		switch v := x.(type) {
		case *ast.IndexExpr:
			path = append([]string{"[]"}, path...)
			x = unparen(v.X)
		case *ast.SelectorExpr:
			path = append([]string{v.Sel.Name}, path...)
			x = unparen(v.X)
		default:
			return nil, nil
		}
	}
}

// path1Key is the key of s.Blocks[key].
func path1Key(l ast.Expr) ast.Expr {
	if ix, ok := unparen(l).(*ast.IndexExpr); ok {
		return ix.Index
	}
	return nil
}

// handsSchemaOn: a call given the response or its schema may change it.
func (e *env) handsSchemaOn(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		a = unparen(a)
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
			a = unparen(u.X)
		}
		if isFwSchemaType(e.pass.TypesInfo.TypeOf(a), "Schema") {
			return true
		}
		if p, ok := e.pass.TypesInfo.TypeOf(a).(*types.Pointer); ok {
			if st, ok := p.Elem().Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					if st.Field(i).Name() == "Schema" && isFwSchemaType(st.Field(i).Type(), "Schema") {
						return true
					}
				}
			}
		}
	}
	return false
}

// recvPath: the field path of `r.A.B`, `*r.A.B` or `&r.A.B` below the receiver r.
func (e *env) recvPath(x ast.Expr, recv types.Object) []string {
	x = unparen(x)
	switch u := x.(type) {
	case *ast.StarExpr:
		x = unparen(u.X)
	case *ast.UnaryExpr:
		x = unparen(u.X)
	}
	var path []string
	for {
		switch v := x.(type) {
		case *ast.SelectorExpr:
			if sel, ok := e.pass.TypesInfo.Selections[v]; !ok || sel.Kind() != types.FieldVal {
				return nil
			}
			path = append([]string{v.Sel.Name}, path...)
			x = unparen(v.X)
		case *ast.Ident:
			if e.pass.TypesInfo.Uses[v] != recv || len(path) == 0 {
				return nil
			}
			return path
		default:
			return nil
		}
	}
}

// nonNilGuard: the receiver field path tested `!= nil` by the innermost if
// enclosing the top of stack (its body, not its else); nil when none.
func (e *env) nonNilGuard(stack []ast.Node, recv types.Object) []string {
	for i := len(stack) - 2; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || i+1 >= len(stack) || stack[i+1] != ifs.Body {
			continue
		}
		be, ok := unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ || !isNil(e.pass.TypesInfo, be.Y) {
			continue
		}
		if p := e.recvPath(be.X, recv); p != nil {
			return p
		}
	}
	return nil
}

// ctorFieldsOf summarises a function returning a struct literal.
func (e *env) ctorFieldsOf(fn *types.Func) *CtorFieldsFact {
	decl := e.funcs[fn]
	if decl == nil || decl.Recv != nil {
		return nil
	}
	lit := structLit(returnExpr(decl.Body))
	if lit == nil || !holdsSchema(e.pass.TypesInfo.TypeOf(lit), 2) {
		return nil
	}
	f := &CtorFieldsFact{Params: map[string]int{}}
	saved := e.fnBody
	e.fnBody = decl.Body
	defer func() { e.fnBody = saved }()
	params := fn.Type().(*types.Signature).Params()
	for key, v := range fields(lit) {
		idx := -1
		if id, ok := unparen(v).(*ast.Ident); ok {
			for i := 0; i < params.Len(); i++ {
				if e.pass.TypesInfo.Uses[id] == params.At(i) {
					idx = i
				}
			}
		}
		if idx >= 0 && !e.paramChanged(params.At(idx)) {
			f.Params[key] = idx
		} else {
			f.Other = append(f.Other, key)
		}
	}
	if len(f.Params) == 0 {
		return nil
	}
	sort.Strings(f.Other)
	return f
}

// holdsSchema: a struct with a framework schema among its fields, or
// theirs, depth levels down: a value a Schema method may answer from.
func holdsSchema(t types.Type, depth int) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth == 0 {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		ft := st.Field(i).Type()
		if isFwSchemaType(ft, "Schema") {
			return true
		}
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		if holdsSchema(ft, depth-1) {
			return true
		}
	}
	return false
}

// structLit: the keyed struct literal x is, or takes the address of.
func structLit(x ast.Expr) *ast.CompositeLit {
	if x == nil {
		return nil
	}
	x = unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); !keyed {
			return nil
		}
	}
	return lit
}

// fieldSite is a literal of a resource type and the function body holding it.
type fieldSite struct {
	lit  *ast.CompositeLit
	body *ast.BlockStmt
}

// fieldVal is what a field path of a literal holds: an expression (with
// the body it is read in), nothing (the zero value), or unknown (x nil).
type fieldVal struct {
	x      ast.Expr
	body   *ast.BlockStmt
	absent bool
}

// schemaFromField resolves the schema a resource answers from one of its
// fields (see SchemaFieldFact): the value the package's literals of the
// type store there. Literals leaving the field unset (`var _ R = &T{}`)
// give no schema and are passed over; the others must agree.
func (e *env) schemaFromField(tn *types.TypeName, fn *types.Func) (Schema, bool) {
	f := e.schemaFieldOf(fn)
	imported := false
	if f == nil {
		var imp SchemaFieldFact
		if fn.Pkg() == e.pass.Pkg || !e.pass.ImportObjectFact(fn, &imp) {
			return Schema{}, false
		}
		f, imported = &imp, true
	}
	prefix, ok := embeddedPath(tn, fn.Name())
	if !ok {
		return Schema{}, false
	}
	var got *Schema
	for _, site := range e.literalsOf(tn) {
		v := e.fieldValue(site.lit, concat(prefix, f.Path), site.body)
		if v.absent {
			continue
		}
		if v.x == nil {
			return Schema{}, false
		}
		s, ok := e.fwSchema(v.x, v.body)
		if !ok {
			return Schema{}, false
		}
		s.Attributes = cloneAttrs(s.Attributes)
		e.addFieldExtras(&s, f.Extras, prefix, site, imported)
		if got != nil && got.String() != s.String() {
			return Schema{}, false
		}
		got = &s
	}
	if got == nil {
		return Schema{}, false
	}
	return *got, true
}

// addFieldExtras adds the attributes the Schema method adds, under the
// fields the literal sets; the schema is incomplete when that is unknown.
func (e *env) addFieldExtras(s *Schema, extras []FieldExtra, prefix []string, site fieldSite, imported bool) {
	for _, x := range extras {
		if len(x.When) > 0 {
			v := e.fieldValue(site.lit, concat(prefix, x.When), site.body)
			if v.absent {
				continue
			}
			if v.x == nil {
				s.Complete = false
				continue
			}
		}
		a := x.Attr
		a.Nested = cloneAttrs(a.Nested)
		if x.TimeoutsOpts != nil {
			v := e.fieldValue(site.lit, concat(prefix, x.TimeoutsOpts), site.body)
			if ops, ok := e.resourceTimeoutsOps(v.x); ok && v.x != nil {
				setTimeoutsOps(&a, ops)
			}
		}
		if imported {
			as := []Attribute{a}
			clearPos(as)
			a = as[0]
		}
		s.Attributes = setAttr(s.Attributes, a)
	}
}

func concat(a, b []string) []string {
	return append(append([]string(nil), a...), b...)
}

// embeddedPath: the names of the embedded fields through which *T has the
// method name (none when declared on T).
func embeddedPath(tn *types.TypeName, name string) ([]string, bool) {
	_, index, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, tn.Pkg(), name)
	if len(index) == 0 {
		return nil, false
	}
	var path []string
	t := tn.Type()
	for _, i := range index[:len(index)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil, false
		}
		path = append(path, st.Field(i).Name())
		t = st.Field(i).Type()
	}
	return path, true
}

// literalsOf lists the composite literals of the named type in the
// package, each with the body of the function declaring it (nil at package
// level): locals are resolved there.
func (e *env) literalsOf(tn *types.TypeName) []fieldSite {
	if e.typeLits == nil {
		e.typeLits = map[*types.TypeName][]fieldSite{}
		for _, file := range e.pass.Files {
			for _, d := range file.Decls {
				var body *ast.BlockStmt
				if fd, ok := d.(*ast.FuncDecl); ok {
					body = fd.Body
				}
				ast.Inspect(d, func(n ast.Node) bool {
					if lit, ok := n.(*ast.CompositeLit); ok {
						if nt, ok := types.Unalias(e.pass.TypesInfo.TypeOf(lit)).(*types.Named); ok {
							e.typeLits[nt.Obj()] = append(e.typeLits[nt.Obj()], fieldSite{lit, body})
						}
					}
					return true
				})
			}
		}
	}
	return e.typeLits[tn]
}

// fieldValue follows a field path into a value: through keyed struct
// literals (&T{F: v}), locals with one initialiser, and constructors
// returning a literal of their parameters (see CtorFieldsFact).
func (e *env) fieldValue(x ast.Expr, path []string, body *ast.BlockStmt) fieldVal {
	x = unparen(x)
	if len(path) == 0 {
		if isNil(e.pass.TypesInfo, x) {
			return fieldVal{absent: true}
		}
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := unparen(u.X).(*ast.Ident); ok {
				if init := e.copiedLocal(body, id, u); init != nil {
					return fieldVal{x: init, body: body} // &s of `s := f()` stored once
				}
			}
		}
		return fieldVal{x: x, body: body}
	}
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = unparen(u.X)
	}
	switch v := x.(type) {
	case *ast.CompositeLit:
		f, set, ok := e.litField(v, path[0])
		if !ok {
			return fieldVal{}
		}
		if !set {
			return fieldVal{absent: true}
		}
		return e.fieldValue(f, path[1:], body)
	case *ast.Ident:
		if lv, ok := e.resolveLocal(body, v); ok && len(lv.mutations) == 0 {
			return e.fieldValue(lv.init, path, body)
		}
		if init := e.copiedLocal(body, v, nil); init != nil {
			return e.fieldValue(init, path, body)
		}
	case *ast.CallExpr:
		f := e.ctorFields(e.staticCallee(v))
		if f == nil {
			return fieldVal{}
		}
		if i, ok := f.Params[path[0]]; ok && i < len(v.Args) && !v.Ellipsis.IsValid() {
			return e.fieldValue(v.Args[i], path[1:], body)
		}
		for _, o := range f.Other {
			if o == path[0] {
				return fieldVal{}
			}
		}
		return fieldVal{absent: true}
	}
	return fieldVal{}
}

// litField: the value a struct literal, keyed or positional, gives a field.
func (e *env) litField(lit *ast.CompositeLit, name string) (x ast.Expr, set, ok bool) {
	if len(lit.Elts) == 0 || structLit(lit) != nil {
		x, set = fields(lit)[name]
		return x, set, true
	}
	st, isStruct := e.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !isStruct || st.NumFields() != len(lit.Elts) {
		return nil, false, false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return lit.Elts[i], true, true
		}
	}
	return nil, false, true
}

// copiedLocal: the initialiser of a local struct value defined once and
// otherwise only handed on whole (f(x), T{F: x}, return x), or addressed at
// at: its value is then its initialiser. nil for any other use.
func (e *env) copiedLocal(body *ast.BlockStmt, id *ast.Ident, at *ast.UnaryExpr) ast.Expr {
	var init ast.Expr
	ok := true
	obj := e.localRefs(body, id, func(stack []ast.Node, def bool) bool {
		if def {
			ok = ok && init == nil
			init = defInit(stack)
		} else {
			ok = ok && wholeUse(stack, at)
		}
		return ok
	})
	if obj == nil || !ok {
		return nil
	}
	if _, isStruct := obj.Type().Underlying().(*types.Struct); !isStruct {
		return nil
	}
	return init
}

// wholeUse: the identifier at the top of stack is an argument, a literal's
// element, a result, or the operand of at.
func wholeUse(stack []ast.Node, at *ast.UnaryExpr) bool {
	if len(stack) < 2 {
		return false
	}
	id := stack[len(stack)-1]
	switch p := stack[len(stack)-2].(type) {
	case *ast.UnaryExpr:
		return p == at
	case *ast.CallExpr:
		return p.Fun != id
	case *ast.KeyValueExpr:
		return p.Value == id
	case *ast.CompositeLit, *ast.ReturnStmt:
		return true
	}
	return false
}

// ctorFields: the CtorFieldsFact of a function of this package or another.
func (e *env) ctorFields(fn *types.Func) *CtorFieldsFact {
	if fn == nil {
		return nil
	}
	if fn.Pkg() == e.pass.Pkg {
		return e.ctorFieldsOf(fn)
	}
	var f CtorFieldsFact
	if e.pass.ImportObjectFact(fn, &f) {
		return &f
	}
	return nil
}
