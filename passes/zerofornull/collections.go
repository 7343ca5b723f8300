package zerofornull

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Collections saved empty where the configuration has null break APPLY-2
// (Create, Update) and READ-3 (Read), as zero scalars do.

// collection: a list, set or map attribute (not a block: an absent block is
// an empty collection, not null).
func collection(a *facts.Attribute) bool {
	switch a.Type {
	case "list", "set", "map":
		return !a.Block
	}
	return false
}

// emptyStoreOf: st stores a framework collection that is never null however
// empty it is: types.ListValueMust/SetValueMust/MapValueMust (or
// ListValue...), or ListValueFrom/SetValueFrom/MapValueFrom of a slice or map
// the function made itself (make or a literal: not nil when nothing was
// added; a nil slice becomes null). It is not an error when a test of the
// collection's emptiness or of the attribute's null decides every path on
// from the store, or a later store to the same field in the same function
// does.
func emptyStoreOf(st *ssa.Store, a *facts.Attribute, others []*ssa.Store) (zeroStore, bool) {
	v := st.Val
	if e, ok := v.(*ssa.Extract); ok && e.Index == 0 {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return zeroStore{}, false
	}
	ctor := collectionCtor(call)
	if ctor == "" || len(call.Call.Args) == 0 {
		return zeroStore{}, false
	}
	if strings.HasSuffix(ctor, "From") {
		if len(call.Call.Args) != 3 || !madeHere(call.Call.Args[2], 0) {
			return zeroStore{}, false
		}
	}
	rel := newRelevance(st, call.Call.Args[len(call.Call.Args)-1])
	if rel.guarded(st.Block()) || !rel.unrepairedPath(st, others) {
		return zeroStore{}, false
	}
	return zeroStore{attr: a, pos: st.Pos(), source: call.Pos(), field: "", ctor: ctor, empty: true}, true
}

func collectionCtor(c *ssa.Call) string {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || fn.Object() == nil || !strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework) {
		return ""
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ListValueMust", "SetValueMust", "MapValueMust", "ListValue", "SetValue", "MapValue",
		"ListValueFrom", "SetValueFrom", "MapValueFrom":
		return fn.Object().Pkg().Name() + "." + fn.Name()
	}
	return ""
}

// madeHere: v is a slice or map this function made (make, a literal), or
// appended to one, possibly through phis: never nil.
func madeHere(v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return madeHere(x.X, depth+1)
	case *ssa.MakeSlice, *ssa.MakeMap:
		return true
	case *ssa.Slice:
		_, isAlloc := x.X.(*ssa.Alloc)
		return isAlloc
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return madeHere(x.Call.Args[0], depth+1)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !madeHere(e, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// relevance says which tests concern the stored collection: a test of its
// elements (the slice handed to the constructor, through appends and phis),
// of an API field of the same name (len(out.Projects) for m.Projects), or
// of the attribute's own framework value (plan.Projects.IsNull()).
type relevance struct {
	chain map[ssa.Value]bool
	name  string // lower-case Go field name of the model field
	tag   string
}

// norm folds a Go, JSON or tfsdk name to compare them: "VMID", "vmid" and
// "mcp_tool_permissions", "mcpToolPermissions" each meet.
func norm(s string) string {
	return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s))
}

// named: an API field, JSON key or map key called as the model field or
// its attribute (out.VMID for m.VMIDs tagged "vmid").
func (r relevance) named(s string) bool {
	return s != "" && (norm(s) == r.name || r.tag != "" && norm(s) == norm(r.tag))
}

func newRelevance(st *ssa.Store, elems ssa.Value) relevance {
	r := relevance{chain: map[ssa.Value]bool{}}
	if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
		r.tag = modelflow.FieldTag(fa)
		if f := fieldVar(fa.X.Type(), fa.Field); f != nil {
			r.name = strings.ToLower(f.Name())
		}
	}
	var walk func(v ssa.Value, n int)
	walk = func(v ssa.Value, n int) {
		if n > 8 || r.chain[v] {
			return
		}
		r.chain[v] = true
		switch x := v.(type) {
		case *ssa.MakeInterface:
			walk(x.X, n+1)
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, n+1)
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
				walk(x.Call.Args[0], n+1)
			}
		}
	}
	walk(elems, 0)
	return r
}

// guarded: a relevant test dominates b (a loop's own test aside).
func (r relevance) guarded(b *ssa.BasicBlock) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && !tfssa.InCycle(p) && r.test(ifi.Cond, 0) {
			return true
		}
	}
	return false
}

// test: cond asks whether the collection is empty or nil, or whether the
// attribute's framework value is null, unknown or equal to something.
func (r relevance) test(x ssa.Value, n int) bool {
	if n > 6 {
		return false
	}
	switch y := x.(type) {
	case *ssa.BinOp:
		if (y.Op == token.EQL || y.Op == token.NEQ) && (tfssa.IsNilConst(y.X) && r.about(y.Y) || tfssa.IsNilConst(y.Y) && r.about(y.X)) {
			return true
		}
		return r.test(y.X, n+1) || r.test(y.Y, n+1)
	case *ssa.UnOp:
		return r.test(y.X, n+1)
	case *ssa.Phi:
		for _, e := range y.Edges {
			if r.test(e, n+1) {
				return true
			}
		}
	case *ssa.Extract:
		// The ok of v, ok := m["projects"].([]any) (or of a map lookup):
		// null in the answer fails it.
		if y.Index == 1 {
			return r.presence(y.Tuple)
		}
	case *ssa.Call:
		if b, ok := y.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
			return r.about(y.Call.Args[0])
		}
		if fn := y.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(y.Call.Args) > 0 {
			switch fn.Name() {
			case "IsNull", "IsUnknown", "Equal":
				return r.about(y.Call.Args[0])
			}
		}
	}
	return false
}

// presence: t is a comma-ok type assertion or map lookup of the
// collection's source (about), or of a map entry keyed by its name.
func (r relevance) presence(t ssa.Value) bool {
	switch x := t.(type) {
	case *ssa.TypeAssert:
		if !x.CommaOk {
			return false
		}
		if l, ok := x.X.(*ssa.Lookup); ok && !l.CommaOk {
			return r.lookupKey(l) || r.about(l)
		}
		return r.about(x.X)
	case *ssa.Lookup:
		return x.CommaOk && r.lookupKey(x)
	}
	return false
}

func (r relevance) lookupKey(l *ssa.Lookup) bool {
	c, ok := l.Index.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && r.named(constant.StringVal(c.Value))
}

// about: v is the elements, or read from a field named as the model field
// (an API field, by its Go or JSON name, or the attribute in the plan or
// another model).
func (r relevance) about(v ssa.Value) bool {
	if r.chain[v] {
		return true
	}
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return r.namedField(x.X.Type(), x.Field) || r.tag != "" && modelflow.FieldTag(x) == r.tag
	case *ssa.Field:
		return r.namedField(x.X.Type(), x.Field)
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && isGetter(fn.Name()) {
			return strings.ToLower(strings.TrimPrefix(fn.Name(), "Get")) == r.name
		}
	}
	return false
}

// namedField: field i of t is named as the model field or its attribute,
// by its Go name or its JSON key.
func (r relevance) namedField(t types.Type, i int) bool {
	f := fieldVar(t, i)
	if f == nil {
		return false
	}
	if r.named(f.Name()) {
		return true
	}
	st, ok := derefStruct(t)
	if !ok {
		return false
	}
	key, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
	return r.named(key)
}

func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// unrepairedPath: a path runs from st to a return of its function with no
// other store to the same field and no relevant test on the way.
func (r relevance) unrepairedPath(st *ssa.Store, others []*ssa.Store) bool {
	rewrites := map[*ssa.BasicBlock]bool{}
	for _, o := range others {
		if o != st && o.Parent() == st.Parent() {
			rewrites[o.Block()] = true
		}
	}
	if rewrites[st.Block()] {
		return false // rewritten in the same block: take it as the repair
	}
	return reachesReturn(st.Block(), rewrites, func(b *ssa.BasicBlock, cond ssa.Value) bool {
		// A range loop's test of the index against len() decides nothing.
		return !tfssa.InCycle(b) && r.test(cond, 0)
	})
}

// reachesReturn: a path runs from start to a return of its function through
// no block of rewrites (start excepted) and no if whose test stops it.
func reachesReturn(start *ssa.BasicBlock, rewrites map[*ssa.BasicBlock]bool, stops func(b *ssa.BasicBlock, cond ssa.Value) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || (b != start && rewrites[b]) {
			continue
		}
		seen[b] = true
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			return true
		case *ssa.If:
			if stops(b, last.Cond) {
				continue
			}
		}
		work = append(work, b.Succs...)
	}
	return false
}
