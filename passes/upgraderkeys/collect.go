// Collects, for UPGRADE-3 and UPGRADE-4, the raw-state keys an upgrade
// function reads and writes, through locals, assertions, [i] and range.

package upgraderkeys

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// access is one read or write of a constant key of an object of the raw
// state: path names the blocks above it (empty at the top level).
type access struct {
	path     []string
	key      string
	write    bool
	touch    bool         // deleted, or handed to a function: not a value written
	fresh    types.Object // the local holding the map the function made and writes into
	pos, end token.Pos
}

// sym is what a local holds: the object (a map) at path, or (val) the
// value stored under path's last key, which indexing by position or
// ranging turns into the object of a block's element.
type sym struct {
	path  []string
	val   bool
	fresh bool         // a map the function makes: the state it returns, if it does
	id    types.Object // the local holding that map
}

type collector struct {
	info     *types.Info
	raw      types.Object
	env      map[types.Object]*sym
	poisoned map[types.Object]bool
	out      []access
	// opaque: the state may change in ways not listed in out (handed to
	// a function, or another map returned).
	opaque bool
	fresh  freshMap
}

// freshMap is what the collector saw of maps the function makes and returns.
type freshMap struct {
	returned bool                  // a map the function made is returned as the state
	ids      map[types.Object]bool // the locals holding the returned maps
	copied   bool                  // some made map is filled by non-constant keys (a copy loop)
	ret      token.Pos             // the first return of one
}

// result is what collect saw in an upgrade function.
type result struct {
	accesses []access
	opaque   bool
	fresh    freshMap
}

// collect lists the constant-key reads and writes of the raw state map and
// of the block elements reached from it through locals, type assertions,
// [i] and range, in the upgrade function's body.
func collect(info *types.Info, raw types.Object, body *ast.BlockStmt) result {
	c := &collector{info: info, raw: raw, env: map[types.Object]*sym{raw: {}}, poisoned: map[types.Object]bool{}}
	c.visit(body)
	return result{c.out, c.opaque || c.poisoned[raw], c.fresh}
}

func (c *collector) visit(n ast.Node) {
	if n == nil {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			c.assign(n)
			return false
		case *ast.RangeStmt:
			c.rangeStmt(n)
			return false
		case *ast.ReturnStmt:
			c.returnStmt(n)
			return false
		case *ast.FuncLit:
			c.opaque = true // a closure may change the state later
			return false
		case ast.Expr:
			c.eval(n)
			return false
		}
		return true
	})
}

func (c *collector) assign(as *ast.AssignStmt) {
	rhs := make([]*sym, len(as.Rhs))
	for i, r := range as.Rhs {
		rhs[i] = c.eval(r)
		if c.isNewMap(r) && len(as.Lhs) == len(as.Rhs) {
			if id, ok := as.Lhs[i].(*ast.Ident); ok && c.info.ObjectOf(id) != nil {
				rhs[i] = &sym{fresh: true, id: c.info.ObjectOf(id)}
				c.literalEntries(r, rhs[i].id)
			}
		}
	}
	for i, l := range as.Lhs {
		var s *sym
		switch {
		case len(as.Lhs) == len(as.Rhs):
			s = rhs[i]
		case len(as.Rhs) == 1 && i == 0:
			s = rhs[0] // v, ok := m["k"] or x.(T)
		}
		switch l := ast.Unparen(l).(type) {
		case *ast.Ident:
			c.bind(l, s)
		case *ast.IndexExpr:
			c.write(l, as, i)
		default:
			c.visit(l)
		}
	}
}

// write records m["k"] = v for an object m; storing nil is left alone.
func (c *collector) write(l *ast.IndexExpr, as *ast.AssignStmt, i int) {
	base := c.eval(l.X)
	c.visit(l.Index)
	key, ok := c.constKey(l.Index)
	switch {
	case base != nil && base.fresh && !ok:
		c.fresh.copied = true
	case base != nil && !base.val && !ok:
		c.opaque = true // a computed key may be any attribute
	}
	if base == nil || base.val || !ok {
		return
	}
	if len(as.Lhs) == len(as.Rhs) {
		if id, isID := ast.Unparen(as.Rhs[i]).(*ast.Ident); isID && id.Name == "nil" {
			return
		}
	}
	c.out = append(c.out, access{path: base.path, key: key, write: true, fresh: base.id, pos: l.Pos(), end: l.End()})
}

func (c *collector) rangeStmt(rs *ast.RangeStmt) {
	s := c.eval(rs.X)
	if id, ok := rs.Value.(*ast.Ident); ok {
		if s != nil && s.val {
			c.bind(id, &sym{path: s.path, id: s.id})
		} else {
			c.bind(id, nil)
		}
	}
	if id, ok := rs.Key.(*ast.Ident); ok {
		c.bind(id, nil)
	}
	c.visit(rs.Body)
}

// bind records what a local holds; a local given two different things
// (or anything untracked after a tracked value) is no longer followed.
func (c *collector) bind(id *ast.Ident, s *sym) {
	obj := c.info.ObjectOf(id)
	if obj == nil || id.Name == "_" || c.poisoned[obj] {
		return
	}
	old, had := c.env[obj]
	switch {
	case !had && s != nil:
		c.env[obj] = s
	case had && (s == nil || !same(old, s)):
		delete(c.env, obj)
		c.poisoned[obj] = true
	}
}

func same(a, b *sym) bool {
	if a.val != b.val || len(a.path) != len(b.path) {
		return false
	}
	for i := range a.path {
		if a.path[i] != b.path[i] {
			return false
		}
	}
	return true
}

// eval returns what x holds, recording the reads it makes.
func (c *collector) eval(x ast.Expr) *sym {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return c.eval(x.X)
	case *ast.TypeAssertExpr:
		return c.eval(x.X)
	case *ast.Ident:
		if obj := c.info.ObjectOf(x); obj != nil {
			return c.env[obj]
		}
		return nil
	case *ast.IndexExpr:
		return c.index(x)
	case *ast.CallExpr:
		c.call(x)
		return nil
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if n == ast.Node(x) {
			return true
		}
		c.visit(n)
		return false
	})
	return nil
}

func (c *collector) index(x *ast.IndexExpr) *sym {
	base := c.eval(x.X)
	c.visit(x.Index)
	if base == nil {
		return nil
	}
	key, isKey := c.constKey(x.Index)
	switch {
	case base.val && !isKey:
		return &sym{path: base.path, id: base.id} // a block's element
	case base.val:
		return nil // a map attribute's entry
	case isKey:
		if base.id == nil { // reads of a map the function made say nothing of the state
			c.out = append(c.out, access{path: base.path, key: key, pos: x.Pos(), end: x.End()})
		}
		return &sym{path: append(append([]string(nil), base.path...), key), val: true, id: base.id}
	}
	return nil
}

func (c *collector) constKey(x ast.Expr) (string, bool) {
	tv, ok := c.info.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// returnStmt notes an upgrader returning another map than its parameter.
func (c *collector) returnStmt(r *ast.ReturnStmt) {
	for i, x := range r.Results {
		s := c.eval(x)
		id, ok := ast.Unparen(x).(*ast.Ident)
		switch {
		case i > 0 || ok && (id.Name == "nil" || c.info.ObjectOf(id) == c.raw):
		case s != nil && s.fresh:
			c.opaque = true // attributes it does not write are gone: not a decode failure
			if !c.fresh.returned {
				c.fresh.returned, c.fresh.ret, c.fresh.ids = true, r.Pos(), map[types.Object]bool{}
			}
			c.fresh.ids[s.id] = true
		default:
			c.opaque = true
		}
	}
}

// isNewMap reports make(map[string]any) or a map[string]any literal with
// constant keys.
func (c *collector) isNewMap(x ast.Expr) bool {
	x = ast.Unparen(x)
	if !isRawMap(c.info.TypeOf(x)) {
		return false
	}
	switch x := x.(type) {
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		return ok && id.Name == "make"
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			if _, ok := c.constKey(kv.Key); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// literalEntries records the entries of a map literal held by local id as writes.
func (c *collector) literalEntries(x ast.Expr, id types.Object) {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, el := range lit.Elts {
		kv := el.(*ast.KeyValueExpr) // isNewMap checked
		key, _ := c.constKey(kv.Key)
		c.out = append(c.out, access{key: key, write: true, fresh: id, pos: kv.Pos(), end: kv.End()})
	}
}

// call records delete(m, "k") as a write and notes the state handed to a
// function (other than for printing), which may change it.
func (c *collector) call(x *ast.CallExpr) {
	c.visit(x.Fun)
	if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && len(x.Args) == 2 {
		if b, ok := c.info.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
			base := c.eval(x.Args[0])
			key, ok := c.constKey(x.Args[1])
			switch {
			case base == nil || base.val:
			case ok:
				c.out = append(c.out, access{path: base.path, key: key, write: true, touch: true, pos: x.Pos(), end: x.End()})
			default:
				c.opaque = true
			}
			return
		}
	}
	printing := isPrinting(c.info, x.Fun)
	for _, a := range x.Args {
		s := c.eval(a)
		switch {
		case s == nil || printing:
		case s.val:
			// A value handed on may be changed in place: its key counts as touched.
			n := len(s.path) - 1
			c.out = append(c.out, access{path: s.path[:n], key: s.path[n], write: true, touch: true, pos: a.Pos(), end: a.End()})
		default:
			c.opaque = true
		}
	}
}

func isPrinting(info *types.Info, fun ast.Expr) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt", "log", "github.com/hashicorp/terraform-plugin-log/tflog", "encoding/json":
		return true
	}
	return false
}
