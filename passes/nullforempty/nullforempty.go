package nullforempty

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports configurable collections saved as null because the API's
// answer is empty.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// depth is how many package calls below Create, Update or Read are followed:
// Create → r.read → m.fromAPI → a flatten helper.
const depth = 3

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	reported := map[token.Pos]bool{}
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		attrs := attruse.ByModelCollections(r, model, func(a *facts.Attribute) bool {
			return candidate(a) && !refusesEmpty(pass, a)
		})
		c := &checker{fset: pass.Fset, model: model, r: r, keep: func(a *facts.Attribute) bool { return candidate(a) && !refusesEmpty(pass, a) }, attrs: attrs, summaries: map[*ssa.Function][]nullOrigin{}, nested: map[string]map[string]*facts.Attribute{}}
		// Create and Update first: a store they reach is an apply error,
		// one only Read reaches a change on every plan.
		for _, method := range []string{"Create", "Update", "Read"} {
			fn := funcs[facts.Method(pass.Pkg, r.TypeName, method)]
			for _, s := range c.nullStores(fn) {
				if reported[s.pos] {
					continue
				}
				reported[s.pos] = true
				rep.Report(finding(r, method, s))
			}
		}
	}
	return nil, nil
}

// candidate: a list, set or map attribute (not a block) the configuration
// sets, which the framework stores as it is given: Required or Optional,
// not Computed (a Computed value may be the provider's choice), no custom
// type (whose semantic equality may take null and [] as one).
func candidate(a *facts.Attribute) bool {
	if a.Computed || a.Block || a.WriteOnly || a.CustomType || !(a.Optional || a.Required) {
		return false
	}
	switch a.Type {
	case "list", "set", "map":
		return true
	}
	return false
}

// refusesEmpty: the attribute's validators include SizeAtLeast(n) or
// SizeBetween(n, m) with n >= 1, so the configuration can never hold [].
// Read from the schema's source, when it is in this package.
func refusesEmpty(pass *analysis.Pass, a *facts.Attribute) bool {
	if !a.HasValidators || !a.Lit.IsValid() || !a.LitEnd.IsValid() {
		return false
	}
	found := false
	for _, f := range pass.Files {
		if f.Pos() > a.Lit || a.LitEnd > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found || n == nil || n.End() < a.Lit || n.Pos() > a.LitEnd {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			var name string
			switch fun := call.Fun.(type) {
			case *ast.SelectorExpr:
				name = fun.Sel.Name
			case *ast.Ident:
				name = fun.Name
			}
			if name != "SizeAtLeast" && name != "SizeBetween" {
				return true
			}
			if tv, ok := pass.TypesInfo.Types[call.Args[0]]; ok && tv.Value != nil {
				if n, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok && n >= 1 {
					found = true
				}
			}
			return true
		})
	}
	return found
}

type checker struct {
	fset  *token.FileSet
	model *facts.Model
	r     *facts.FrameworkResource
	keep  func(*facts.Attribute) bool
	attrs map[string]map[string]*facts.Attribute
	// nested: model structs of nested objects the model does not reach
	// through a struct field (built with ObjectValueFrom), bound by name.
	nested map[string]map[string]*facts.Attribute
	// summaries: for each package function, its results that are a null
	// collection made because a value it tests is empty, by result index.
	summaries map[*ssa.Function][]nullOrigin
}

// nullOrigin: where a null collection is made, and the emptiness test
// that chose it.
type nullOrigin struct {
	ok     bool
	null   token.Pos // the XxxNull call
	test   token.Pos // the len test
	ctor   string
	helper string // the package function answering it, when not made here
	// nilSlice: the null is a Go slice or map left nil unless the answer
	// has elements (test is where they are added); external: helper is of
	// another package, null its declaration and test the call.
	nilSlice, external bool
}

type nullStore struct {
	attr *facts.Attribute
	pos  token.Pos
	nullOrigin
}

// nullStores: in fn and the package functions it calls, stores into a
// candidate field of a null collection chosen because the API's collection
// is empty, not repaired from the plan or prior state.
func (c *checker) nullStores(fn *ssa.Function) []nullStore {
	stores := map[string][]*ssa.Store{}
	var updates []*ssa.MapUpdate
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		if f == nil || seen[f] || d > depth {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					if key, _ := c.modelField(in); key != "" {
						stores[key] = append(stores[key], in)
					}
				case *ssa.MapUpdate:
					updates = append(updates, in)
				case ssa.CallInstruction:
					if callee := in.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil {
						visit(callee, d+1)
					}
				}
			}
		}
	}
	visit(fn, 0)
	var out []nullStore
	for key, ss := range stores {
		_, a := c.modelField(ss[0])
		if repaired(ss) {
			continue
		}
		for _, st := range ss {
			o := c.origin(st.Val, st.Block(), 0)
			if !o.ok {
				o = nullThenFilled(st, ss)
			}
			if !o.ok || o.consulted(st.Block()) {
				continue
			}
			_ = key
			out = append(out, nullStore{attr: a, pos: st.Pos(), nullOrigin: o})
		}
	}
	out = append(out, c.mapNulls(updates)...)
	sort.Slice(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

// mapNulls: entries of maps keyed by attribute name, built for a nested
// object (nodePool["taints"] = types.ListNull(...)), that hold a null chosen
// by an emptiness test. The attribute is found by the map's keys, as for
// nestedField.
func (c *checker) mapNulls(updates []*ssa.MapUpdate) []nullStore {
	keysOf := map[ssa.Value][]string{}
	for _, u := range updates {
		if k, ok := constKey(u); ok {
			keysOf[u.Map] = append(keysOf[u.Map], k)
		}
	}
	var out []nullStore
	for _, u := range updates {
		k, ok := constKey(u)
		if !ok {
			continue
		}
		if _, isMap := u.Map.Type().Underlying().(*types.Map); !isMap {
			continue
		}
		v := u.Value
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if !frameworkValue(v.Type()) {
			continue
		}
		o := c.origin(v, u.Block(), 0)
		if !o.ok || consulted(u.Block()) {
			continue
		}
		a := facts.NestedByKeys(c.r.Schema.Attributes, keysOf[u.Map], k, candidate)
		if a == nil {
			continue
		}
		pos := u.Pos()
		if !pos.IsValid() {
			pos = o.null
		}
		out = append(out, nullStore{attr: a, pos: pos, nullOrigin: o})
	}
	return out
}

func constKey(u *ssa.MapUpdate) (string, bool) {
	k, ok := u.Key.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

func (c *checker) modelField(st *ssa.Store) (string, *facts.Attribute) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return "", nil
	}
	name := tfssa.StructName(fa.X.Type())
	tag := modelflow.FieldTag(fa)
	a := c.attrs[name][tag]
	if a == nil && c.attrs[name] == nil && tag != "" {
		a = c.nestedField(fa.X.Type(), name, tag)
	}
	if a == nil {
		return "", nil
	}
	return name + "\x00" + a.Name, a
}

// nestedField: the attribute a field of a nested object's model struct is
// bound to, found by name: among the resource's nested attributes, the one
// whose siblings hold every tag of the struct, when all such agree it is a
// candidate with no Computed parent.
func (c *checker) nestedField(t types.Type, name, tag string) *facts.Attribute {
	m, ok := c.nested[name]
	if !ok {
		m = map[string]*facts.Attribute{}
		c.nested[name] = m
		st, ok := derefStruct(t)
		if ok && modelflow.IsModel(t) {
			var tags []string
			for i := 0; i < st.NumFields(); i++ {
				if tg := tfapi.ModelTag(t, i); tg != "" {
					tags = append(tags, tg)
				}
			}
			top := map[string]*facts.Attribute{}
			for i := range c.r.Schema.Attributes {
				top[c.r.Schema.Attributes[i].Name] = &c.r.Schema.Attributes[i]
			}
			all := len(tags) > 0
			for _, k := range tags {
				if top[k] == nil {
					all = false
				}
			}
			for _, k := range tags {
				if all {
					// The resource's own model, which facts did not resolve.
					if a := top[k]; !a.Uncertain && c.keep(a) {
						m[k] = a
					}
				} else if a := facts.NestedByKeys(c.r.Schema.Attributes, tags, k, candidate); a != nil && c.keep(a) {
					m[k] = a
				}
			}
		}
	}
	return m[tag]
}

func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// origin: v, stored in block b, is a null collection made because a value
// tested for emptiness is empty: an XxxNull call under the empty side of
// the test, a phi taking it on that side, or a package function's result
// that is one.
func (c *checker) origin(v ssa.Value, b *ssa.BasicBlock, n int) nullOrigin {
	if n > 4 {
		return nullOrigin{}
	}
	if n == 0 && sliceOrMap(v.Type()) {
		// A Go slice model field: the framework saves nil as null.
		if o := c.nilWhenEmpty(v, b); o.ok {
			o.ctor = "nil"
			return o
		}
	}
	idx := 0
	if e, ok := v.(*ssa.Extract); ok {
		v, idx = e.Tuple, e.Index
	}
	switch x := v.(type) {
	case *ssa.Const:
		// nil for a Go slice or map model field: the framework saves null.
		if idx == 0 && x.IsNil() && sliceOrMap(x.Type()) {
			test, ok := emptyOnly(b)
			if !ok || consulted(b) {
				return nullOrigin{}
			}
			return nullOrigin{ok: true, null: test, test: test, ctor: "nil"}
		}
	case *ssa.Call:
		if ctor := nullCtor(x); ctor != "" {
			if idx != 0 {
				return nullOrigin{}
			}
			test, ok := emptyOnly(b)
			if !ok || consulted(b) {
				return nullOrigin{}
			}
			return nullOrigin{ok: true, null: x.Pos(), test: test, ctor: ctor}
		}
		if idx == 0 && valueFrom(x) {
			return c.nilConverted(x, b)
		}
		callee := x.Call.StaticCallee()
		if callee != nil && idx == 0 && !passesFramework(x) && (callee.Blocks == nil || x.Parent() == nil || callee.Pkg != x.Parent().Pkg) {
			return c.externalNull(x, callee, b)
		}
		if callee == nil || callee.Blocks == nil || callee.Pkg == nil || x.Parent() == nil || callee.Pkg != x.Parent().Pkg || passesFramework(x) {
			return nullOrigin{}
		}
		rs := c.summary(callee)
		if idx < len(rs) && rs[idx].ok {
			o := rs[idx]
			if o.helper == "" {
				o.helper = callee.Name()
			}
			return o
		}
	case *ssa.Phi:
		for i, e := range x.Edges {
			if i >= len(x.Block().Preds) {
				break
			}
			p := x.Block().Preds[i]
			if call, ok := e.(*ssa.Call); ok && nullCtor(call) != "" {
				// Taken on the empty side of p's test, or in a block that is.
				if test, ok := emptyEdge(p, x.Block()); ok && !consulted(p) {
					return nullOrigin{ok: true, null: call.Pos(), test: test, ctor: nullCtor(call)}
				}
				if o := c.origin(call, p, n+1); o.ok {
					return o
				}
				continue
			}
			if o := c.origin(e, p, n+1); o.ok {
				return o
			}
		}
	}
	return nullOrigin{}
}

// summary: the results of fn that are a null collection chosen by an
// emptiness test, by index.
func (c *checker) summary(fn *ssa.Function) []nullOrigin {
	if rs, ok := c.summaries[fn]; ok {
		return rs
	}
	c.summaries[fn] = nil // recursion stops here
	n := fn.Signature.Results().Len()
	rs := make([]nullOrigin, n)
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, r := range ret.Results {
			if i < n && !rs[i].ok {
				rs[i] = c.origin(r, b, 1)
			}
		}
	}
	c.summaries[fn] = rs
	return rs
}

// passesFramework: the call hands the helper a framework value (the plan's
// or the prior state's collection, a model): it can tell null from [].
func passesFramework(call *ssa.Call) bool {
	for _, a := range call.Call.Args {
		if frameworkValue(a.Type()) {
			return true
		}
	}
	return false
}

func sliceOrMap(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

func frameworkValue(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if modelflow.IsModel(t) {
		return true
	}
	pkg, _ := tfapi.Named(t)
	return pkg == tfapi.Framework+"types" || strings.HasPrefix(pkg, tfapi.Framework+"types/") || pkg == tfapi.Framework+"attr"
}

// valueMethod: fn is a method of a framework value (IsNull, Elements...),
// not of diagnostics or requests.
func valueMethod(fn *ssa.Function) bool {
	return fn != nil && fn.Signature.Recv() != nil && framework(fn) && frameworkValue(fn.Signature.Recv().Type())
}

// nullCtor: types.ListNull, SetNull, MapNull (or basetypes.NewXxxNull).
func nullCtor(c *ssa.Call) string {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || fn.Object() == nil || !strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework) {
		return ""
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ListNull", "SetNull", "MapNull":
		return fn.Object().Pkg().Name() + "." + fn.Name()
	}
	return ""
}

// emptyOnly: b (or a block dominating it) is entered only on the empty
// side of emptiness tests, one of them a len test. It returns that test.
func emptyOnly(b *ssa.BasicBlock) (token.Pos, bool) {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) == 0 {
			break
		}
		var lenTest token.Pos
		all := true
		for _, p := range d.Preds {
			pos, isLen, ok := emptySide(p, d)
			if !ok {
				all = false
				break
			}
			if isLen {
				lenTest = pos
			}
		}
		if all && lenTest.IsValid() {
			return lenTest, true
		}
	}
	return token.NoPos, false
}

// emptyEdge: the edge p → to is the empty side of a len test, or p lies
// under one.
func emptyEdge(p, to *ssa.BasicBlock) (token.Pos, bool) {
	if pos, isLen, ok := emptySide(p, to); ok && isLen {
		return pos, true
	}
	if len(p.Succs) == 1 {
		return emptyOnly(p)
	}
	return token.NoPos, false
}

// emptySide: p ends in an if testing a value the provider holds (not a
// framework value) for emptiness, and to is the side where it is empty:
// len(x) == 0, len(x) > 0 false, x == nil. isLen tells a len test.
func emptySide(p, to *ssa.BasicBlock) (pos token.Pos, isLen, ok bool) {
	if len(p.Instrs) == 0 {
		return token.NoPos, false, false
	}
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
		return token.NoPos, false, false
	}
	whenTrue := p.Succs[0] == to
	cond := ifi.Cond
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond, whenTrue = u.X, !whenTrue
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return token.NoPos, false, false
	}
	op, x, y := bin.Op, bin.X, bin.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
	}
	if tfssa.IsNilConst(y) && (op == token.EQL || op == token.NEQ) {
		if frameworkValue(x.Type()) || derivedFromFramework(x, 0) {
			return token.NoPos, false, false
		}
		switch x.Type().Underlying().(type) {
		case *types.Slice, *types.Map, *types.Pointer:
		default:
			return token.NoPos, false, false
		}
		emptyWhenTrue := op == token.EQL
		return bin.Pos(), false, emptyWhenTrue == whenTrue
	}
	call, ok := x.(*ssa.Call)
	if !ok {
		return token.NoPos, false, false
	}
	bi, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || bi.Name() != "len" || derivedFromFramework(call.Call.Args[0], 0) {
		return token.NoPos, false, false
	}
	k, ok := y.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return token.NoPos, false, false
	}
	n, _ := constant.Int64Val(k.Value)
	var emptyWhenTrue bool
	switch {
	case op == token.EQL && n == 0, op == token.LSS && n == 1, op == token.LEQ && n == 0:
		emptyWhenTrue = true
	case op == token.NEQ && n == 0, op == token.GTR && n == 0, op == token.GEQ && n == 1:
		emptyWhenTrue = false
	default:
		return token.NoPos, false, false
	}
	pos = bin.Pos()
	if !pos.IsValid() {
		pos = call.Pos()
	}
	return pos, true, emptyWhenTrue == whenTrue
}

// derivedFromFramework: v is read from a framework value (plan.X.Elements(),
// a slice filled by ElementsAs is not followed).
func derivedFromFramework(v ssa.Value, n int) bool {
	if n > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		if valueMethod(x.Call.StaticCallee()) {
			return true
		}
		if x.Call.IsInvoke() {
			return frameworkValue(x.Call.Value.Type())
		}
	case *ssa.UnOp:
		return derivedFromFramework(x.X, n+1)
	case *ssa.FieldAddr:
		return modelflow.IsModel(derefType(x.X.Type())) || derivedFromFramework(x.X, n+1)
	case *ssa.Field:
		return modelflow.IsModel(x.X.Type())
	case *ssa.Phi:
		for _, e := range x.Edges {
			if derivedFromFramework(e, n+1) {
				return true
			}
		}
	}
	return false
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func framework(fn *ssa.Function) bool { return tfapi.IsPluginLib(tfssa.PkgPath(fn)) }

// consulted: a test dominating b asks a framework value (the plan's, the
// prior state's): IsNull, IsUnknown, Equal, Elements... — null is chosen
// with the configuration in view.
func consulted(b *ssa.BasicBlock) bool { return decidedBy(b, asksFramework) }

// decidedBy: every way into b or a block dominating it is decided by a test
// ask accepts (a || b splits one test over several blocks).
func decidedBy(b *ssa.BasicBlock, ask func(ssa.Value, int) bool) bool {
	for d := b; d != nil; d = d.Idom() {
		all := len(d.Preds) > 0
		for _, p := range d.Preds {
			ifi, ok := lastIf(p)
			if !ok || !ask(ifi.Cond, 0) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func lastIf(p *ssa.BasicBlock) (*ssa.If, bool) {
	if len(p.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	return ifi, ok
}

func asksFramework(v ssa.Value, n int) bool { return asks(v, n, true) }

// asks: v tests a framework value: a method of one, or a call handed one;
// deep also follows call arguments and tuple extracts (a test of what a
// framework value led to, such as the error of a fetch given plan.ID).
func asks(v ssa.Value, n int, deep bool) bool {
	if n > 8 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		if valueMethod(x.Call.StaticCallee()) || (x.Call.IsInvoke() && frameworkValue(x.Call.Value.Type())) {
			return true
		}
		for _, a := range x.Call.Args {
			if frameworkValue(a.Type()) || (deep && asks(a, n+1, deep)) {
				return true
			}
		}
	case *ssa.BinOp:
		return asks(x.X, n+1, deep) || asks(x.Y, n+1, deep)
	case *ssa.UnOp:
		return asks(x.X, n+1, deep)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if asks(e, n+1, deep) {
				return true
			}
		}
	case *ssa.Extract:
		return deep && asks(x.Tuple, n+1, deep)
	}
	return false
}

// nullThenFilled: st stores a null collection that a later store in the
// same function replaces only on the non-empty side of a len test
// (m.Tags = types.SetNull(...); if len(out.Tags) > 0 { m.Tags = ... }).
func nullThenFilled(st *ssa.Store, ss []*ssa.Store) nullOrigin {
	call, ok := st.Val.(*ssa.Call)
	if !ok || nullCtor(call) == "" {
		return nullOrigin{}
	}
	for _, o := range ss {
		// Another store made with the plan or prior state in view (if
		// prior.X.IsNull() { m.X = types.ListNull(...) }) settles the
		// empty answer.
		if o != st && o.Parent() == st.Parent() && consulted(o.Block()) {
			return nullOrigin{}
		}
	}
	for _, o := range ss {
		if o == st || o.Parent() != st.Parent() || !st.Block().Dominates(o.Block()) || o.Block() == st.Block() {
			continue
		}
		for d := o.Block(); d != nil && d != st.Block(); d = d.Idom() {
			if len(d.Preds) != 1 {
				continue
			}
			p := d.Preds[0]
			other := otherSucc(p, d)
			if other == nil {
				continue
			}
			if test, isLen, ok := emptySide(p, other); ok && isLen {
				return nullOrigin{ok: true, null: call.Pos(), test: test, ctor: nullCtor(call)}
			}
		}
	}
	return nullOrigin{}
}

func otherSucc(p, d *ssa.BasicBlock) *ssa.BasicBlock {
	if len(p.Succs) != 2 {
		return nil
	}
	if p.Succs[0] == d {
		return p.Succs[1]
	}
	if p.Succs[1] == d {
		return p.Succs[0]
	}
	return nil
}

// repaired: some store to the field puts back a framework value of the
// same attribute (m.Tags = plan.Tags, m.Members = keepEmpty(prior, m.Members)):
// the provider settles null against [] with the configuration in view.
func repaired(ss []*ssa.Store) bool {
	tag := ""
	if fa, ok := ss[0].Addr.(*ssa.FieldAddr); ok {
		tag = modelflow.FieldTag(fa)
	}
	for _, s := range ss {
		if readsFramework(s.Val, 0) || rereads(s.Val, tag, 0) {
			return true
		}
	}
	return false
}

// rereads: v is computed (through calls, phis, extracts) from a model
// field of the same attribute: the value the plan or the prior state held
// (data.FormFields = reconcile(planned, data.FormFields)).
func rereads(v ssa.Value, tag string, n int) bool {
	if n > 6 || tag == "" {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return modelflow.FieldTag(fa) == tag
		}
	case *ssa.Extract:
		return rereads(x.Tuple, tag, n+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if rereads(e, tag, n+1) {
				return true
			}
		}
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && framework(fn) {
			return false
		}
		for _, a := range x.Call.Args {
			if rereads(a, tag, n+1) {
				return true
			}
		}
	}
	return false
}

// readsFramework: v is (built from) a framework value held by a model or a
// parameter, not one made by a constructor.
func readsFramework(v ssa.Value, n int) bool {
	if n > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return modelflow.IsModel(derefType(fa.X.Type()))
		}
	case *ssa.Field:
		return modelflow.IsModel(x.X.Type())
	case *ssa.Parameter:
		return frameworkValue(x.Type())
	case *ssa.Extract:
		return readsFramework(x.Tuple, n+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if readsFramework(e, n+1) {
				return true
			}
		}
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && framework(fn) {
			return false
		}
		for _, a := range x.Call.Args {
			if frameworkValue(a.Type()) && readsFramework(a, n+1) {
				return true
			}
		}
	}
	return false
}

func finding(r *facts.FrameworkResource, method string, s nullStore) lint.Finding {
	flag := "Optional, not Computed"
	if s.attr.Required {
		flag = "Required"
	}
	what := s.ctor
	related := evidence(s)
	if s.helper != "" {
		what = s.helper + "(...)"
	}
	if s.attr.Pos.IsValid() {
		related = append(related, lint.Related(s.attr.Pos, "%q is declared %s here, with no validator refusing an empty value", s.attr.Name, flag))
	}
	if method == "Read" {
		return lint.Finding{Rule: "READ-3", Pos: s.pos, Related: related,
			Message: fmt.Sprintf("%s.Read saves %q (%s) as %s when the API's answer is empty: a configuration that sets it to [] gets null in state and every plan shows a change back to []; keep the prior value when the answer is empty (null only when it was null)", r.TypeName, s.attr.Name, flag, what)}
	}
	return lint.Finding{Rule: "APPLY-2", Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s.%s saves %q (%s) as %s when the API's answer is empty: a configuration that sets it to [] plans an empty collection and gets null back, so Terraform fails with \"Provider produced inconsistent result after apply\"; keep the plan's value when the answer is empty (null only when the plan held null)", r.TypeName, method, s.attr.Name, flag, what)}
}

// evidence: where the emptiness decides the null, and where the null is made.
func evidence(s nullStore) []analysis.RelatedInformation {
	switch {
	case s.nilSlice:
		out := []analysis.RelatedInformation{lint.Related(s.test, "the Go slice stays nil unless the API's answer has an element to append here")}
		if s.null != s.test && s.null != s.pos {
			out = append(out, lint.Related(s.null, "%s turns a nil slice into a null collection", s.ctor))
		}
		return out
	case s.external:
		return []analysis.RelatedInformation{
			lint.Related(s.test, "the API's collection is handed to %s here", s.helper),
			lint.Related(s.null, "%s answers a null collection whenever the collection it is handed is empty", s.helper),
		}
	}
	related := []analysis.RelatedInformation{lint.Related(s.test, "the API's collection is tested for emptiness here; on the empty side the null is chosen without looking at the plan")}
	if s.helper != "" {
		related = append(related, lint.Related(s.null, "%s answers %s here when the collection it is handed is empty", s.helper, s.ctor))
	} else if s.null != s.pos {
		related = append(related, lint.Related(s.null, "%s is made here", s.ctor))
	}
	return related
}
