// Zeros the provider makes itself (APPLY-2, READ-3 in Read): a zero constant
// stored when the API has nothing, or a package helper that can answer one,
// saved for an Optional, non-Computed attribute the plan may hold null.

package zerofornull

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// The API's "nothing" saved as a known zero, in the forms the plain-field
// rule does not see: a zero constant written where the API has no value
// (else { m.Description = types.StringValue("") }, or a local defaulted to ""
// and overwritten only when the API's pointer is set), and a package helper
// whose result is such a zero (stringValueFromPointer(p) answering
// types.StringValue("") for nil; setFromStringSlice making an empty set from
// a nil slice). Either way an Optional, non-Computed attribute the
// configuration leaves out — null in the plan — comes back "", 0, false or
// empty.

// zeroResult says where a value is a known zero and how it is made.
type zeroResult struct {
	pos   token.Pos // the zero constant, or the helper's return of it
	ctor  string    // for the message: types.StringValue(""), or the helper's name
	empty bool      // a collection, not a scalar
}

// zeroArg: v (through conversions) is the zero constant of its basic type,
// or a phi one of whose edges is, on an incoming path that did not find the
// attribute's framework value set. It returns the constant.
func zeroArg(v ssa.Value, key string, attrs map[string]map[string]*facts.Attribute) (ssa.Value, bool) {
	v = unconvert(v)
	if tfssa.ZeroConst(v) {
		return v, true
	}
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return nil, false
	}
	for i, e := range phi.Edges {
		e = unconvert(e)
		if !tfssa.ZeroConst(e) || i >= len(phi.Block().Preds) {
			continue
		}
		if key != "" && testedFields(phi.Block().Preds[i], attrs)[key] {
			continue
		}
		return e, true
	}
	return nil, false
}

func unconvert(v ssa.Value) ssa.Value {
	for {
		switch c := v.(type) {
		case *ssa.Convert:
			v = c.X
			continue
		case *ssa.ChangeType:
			v = c.X
			continue
		}
		return v
	}
}

// constZeroStoreOf: st writes types.XxxValue of a zero constant (directly or
// through a phi) into a scalar candidate field, or the result of a package
// helper that can answer such a zero, and no framework test of the field
// decides it. Other stores of the field must all be of the same kind
// (scalar constructors or helpers): a null or a value copied from the plan
// elsewhere may be the repair.
func constZeroStoreOf(st *ssa.Store, key string, ss []*ssa.Store, attrs map[string]map[string]*facts.Attribute, summaries map[*ssa.Function]*zeroResult) (zeroStore, bool) {
	_, a := modelField(st, attrs)
	if a == nil || collection(a) || testedFields(st.Block(), attrs)[key] {
		return zeroStore{}, false
	}
	if !zeroUnrepaired(st, ss, a) {
		return zeroStore{}, false
	}
	if phi, ok := st.Val.(*ssa.Phi); ok && !consulted(st.Block(), a.Name) {
		// x := types.StringValue(""); if p != nil { x = ... }; m.X = x
		z, ok := zeroValue(phi, st.Block(), st.Parent().Pkg, summaries, 0)
		if !ok {
			return zeroStore{}, false
		}
		z.attr, z.pos = a, st.Pos()
		return z, true
	}
	call, ok := st.Val.(*ssa.Call)
	if !ok {
		return zeroStore{}, false
	}
	if consulted(st.Block(), a.Name) {
		return zeroStore{}, false
	}
	if ctor := scalarCtor(call); ctor != "" && len(call.Call.Args) == 1 {
		if testsValue(st.Block(), unconvert(call.Call.Args[0])) {
			return zeroStore{}, false // if v != "" { m.X = types.StringValue(v) }
		}
		if k, ok := zeroArg(call.Call.Args[0], key, attrs); ok {
			return zeroStore{attr: a, pos: st.Pos(), source: posOr(k, call.Pos()), field: constText(k), ctor: ctor, zero: true}, true
		}
		return zeroStore{}, false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != st.Parent().Pkg {
		return zeroStore{}, false
	}
	z := zeroReturn(callee, summaries, 0)
	if z == nil || z.empty || toldNull(call.Call.Args) {
		return zeroStore{}, false
	}
	for _, arg := range call.Call.Args {
		if guarded(st.Block(), arg, apiField(arg)) {
			return zeroStore{}, false
		}
	}
	return zeroStore{attr: a, pos: st.Pos(), source: z.pos, field: callee.Name(), ctor: z.ctor, zero: true, helper: true}, true
}

// zeroUnrepaired: a path runs from st to a return of its function with no
// other store to the field and no test of the attribute's own framework
// value (plan.Token.IsNull()) on the way; and no other function followed
// writes the field with something else than a known value (a helper that
// puts the null back).
func zeroUnrepaired(st *ssa.Store, ss []*ssa.Store, a *facts.Attribute) bool {
	rewrites := map[*ssa.BasicBlock]bool{}
	for _, o := range ss {
		if o == st {
			continue
		}
		if o.Parent() != st.Parent() {
			if !valueStore(o) {
				return false
			}
			continue
		}
		rewrites[o.Block()] = true
	}
	if rewrites[st.Block()] && storedLater(st, ss) {
		return false
	}
	return reachesReturn(st.Block(), rewrites, func(b *ssa.BasicBlock, cond ssa.Value) bool {
		return testsAttr(cond, a.Name, 0)
	})
}

// storedLater: another store of ss follows st in st's block.
func storedLater(st *ssa.Store, ss []*ssa.Store) bool {
	after := false
	for _, in := range st.Block().Instrs {
		if in == st {
			after = true
			continue
		}
		if o, ok := in.(*ssa.Store); ok && after {
			for _, x := range ss {
				if x == o {
					return true
				}
			}
		}
	}
	return false
}

// testsAttr: cond asks IsNull, IsUnknown or Equal of a model field tagged
// name (plan.Token.IsNull()).
func testsAttr(x ssa.Value, name string, n int) bool {
	if n > 6 {
		return false
	}
	switch y := x.(type) {
	case *ssa.BinOp:
		return testsAttr(y.X, name, n+1) || testsAttr(y.Y, name, n+1)
	case *ssa.UnOp:
		if y.Op == token.NOT {
			return testsAttr(y.X, name, n+1)
		}
	case *ssa.Phi:
		for _, e := range y.Edges {
			if testsAttr(e, name, n+1) {
				return true
			}
		}
	case *ssa.Call:
		fn := y.Call.StaticCallee()
		if fn == nil || fn.Signature.Recv() == nil || len(y.Call.Args) == 0 || !framework(fn) {
			return false
		}
		switch fn.Name() {
		case "IsNull", "IsUnknown", "Equal":
		default:
			return false
		}
		if u, ok := y.Call.Args[0].(*ssa.UnOp); ok && u.Op == token.MUL {
			if fa, ok := u.X.(*ssa.FieldAddr); ok {
				return modelflow.FieldTag(fa) == name
			}
		}
	}
	return false
}

// valueStore: st writes a known value made by a framework scalar constructor
// (types.StringValue, StringPointerValue...) or by a package function: not a
// null, not a value loaded from another model.
func valueStore(st *ssa.Store) bool {
	call, ok := st.Val.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil {
		return false
	}
	if framework(fn) {
		switch n := fn.Name(); {
		case scalarCtor(call) != "":
			return true
		case len(n) > len("PointerValue") && n[len(n)-len("PointerValue"):] == "PointerValue":
			return true
		}
		return false
	}
	return fn.Pkg == st.Parent().Pkg && fn.Blocks != nil
}

func constText(k ssa.Value) string {
	c, ok := k.(*ssa.Const)
	if !ok || c.Value == nil {
		return "zero"
	}
	return c.Value.ExactString()
}

// testsValue: a branch dominating b tests v itself (if v != "" { ... }).
func testsValue(b *ssa.BasicBlock, v ssa.Value) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && usesValue(ifi.Cond, v, 0) {
			return true
		}
	}
	return false
}

func usesValue(x, v ssa.Value, n int) bool {
	if x == nil || n > 6 {
		return false
	}
	if x == v {
		return true
	}
	switch y := x.(type) {
	case *ssa.BinOp:
		return usesValue(y.X, v, n+1) || usesValue(y.Y, v, n+1)
	case *ssa.UnOp:
		return usesValue(y.X, v, n+1)
	case *ssa.Convert:
		return usesValue(y.X, v, n+1)
	case *ssa.ChangeType:
		return usesValue(y.X, v, n+1)
	case *ssa.Phi:
		for _, e := range y.Edges {
			if usesValue(e, v, n+1) {
				return true
			}
		}
	case *ssa.Call:
		for _, a := range y.Call.Args {
			if usesValue(a, v, n+1) {
				return true
			}
		}
	}
	return false
}

// consulted: a branch dominating b reads the attribute's own framework
// value otherwise than by IsNull or IsUnknown (m.X.ValueInt64() == 0,
// known(m.X)): the code asks what the configuration said before writing,
// which it may do right.
func consulted(b *ssa.BasicBlock, name string) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && readsAttr(ifi.Cond, name, 0) {
			return true
		}
	}
	return false
}

func readsAttr(x ssa.Value, name string, n int) bool {
	if x == nil || n > 8 {
		return false
	}
	switch y := x.(type) {
	case *ssa.BinOp:
		return readsAttr(y.X, name, n+1) || readsAttr(y.Y, name, n+1)
	case *ssa.UnOp:
		if y.Op == token.MUL {
			if fa, ok := y.X.(*ssa.FieldAddr); ok {
				return modelflow.FieldTag(fa) == name && n > 0
			}
		}
		return readsAttr(y.X, name, n+1)
	case *ssa.Field:
		return false
	case *ssa.Phi:
		for _, e := range y.Edges {
			if readsAttr(e, name, n+1) {
				return true
			}
		}
	case *ssa.Call:
		if fn := y.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && framework(fn) {
			switch fn.Name() {
			case "IsNull", "IsUnknown":
				return false // decided by polarity (testedFields)
			}
		}
		for _, a := range y.Call.Args {
			if readsAttr(a, name, n+1) {
				return true
			}
		}
	}
	return false
}

// guardedInLoop: as relevance.guarded, for tests inside a loop body (for _,
// s := range skills { if v, ok := s["tags"].([]any); ok { ... } }), a
// range loop's own index test aside.
func guardedInLoop(r relevance, b *ssa.BasicBlock) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || !tfssa.InCycle(p) {
			continue
		}
		if bo, ok := ifi.Cond.(*ssa.BinOp); ok && (bo.Op == token.LSS || bo.Op == token.LEQ || bo.Op == token.GTR || bo.Op == token.GEQ) {
			continue
		}
		if r.test(ifi.Cond, 0) {
			return true
		}
	}
	return false
}

// toldNull: an argument hands the helper a framework value (the plan's or
// the prior state's) or whether one is null (toStringSet(ids,
// state.UserIDs.IsNull())): the helper can keep the null itself.
func toldNull(args []ssa.Value) bool {
	for _, a := range args {
		a = unconvert(a)
		if u, ok := a.(*ssa.UnOp); ok && u.Op == token.NOT {
			a = u.X
		}
		if isFrameworkValue(a.Type()) {
			return true
		}
		if c, ok := a.(*ssa.Call); ok {
			if fn := c.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && framework(fn) {
				switch fn.Name() {
				case "IsNull", "IsUnknown", "Equal":
					return true
				}
			}
		}
	}
	return false
}

// isFrameworkValue: t is (a pointer to) a type of the framework's types or
// basetypes packages (types.String, types.Set...).
func isFrameworkValue(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return strings.HasPrefix(path, tfapi.Framework) && (strings.HasSuffix(path, "/types") || strings.HasSuffix(path, "/basetypes"))
}

// apiField: the struct field v is loaded from, if any.
func apiField(v ssa.Value) types.Object {
	switch x := unconvert(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fieldVar(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return fieldVar(x.X.Type(), x.Field)
	}
	return nil
}

// zeroReturn: fn (a package function) has a return, on a path no framework
// IsNull, IsUnknown or Equal test decides, of a known zero: types.XxxValue
// of a zero constant, a collection constructor that makes an empty
// collection rather than null (ListValue, SetValueMust, or XxxValueFrom of a
// slice the function made, or of nil replaced by one) with no test of its
// elements' emptiness above, or the result of another such helper.
func zeroReturn(fn *ssa.Function, summaries map[*ssa.Function]*zeroResult, n int) *zeroResult {
	if fn == nil || fn.Blocks == nil || n > 2 {
		return nil
	}
	if z, ok := summaries[fn]; ok {
		return z
	}
	summaries[fn] = nil // cycles
	var found *zeroResult
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 || fwGuarded(b) {
			continue
		}
		v := ret.Results[0]
		if e, ok := v.(*ssa.Extract); ok && e.Index == 0 {
			v = e.Tuple
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			continue
		}
		if ctor := scalarCtor(call); ctor != "" && len(call.Call.Args) == 1 {
			if k, ok := zeroArg(call.Call.Args[0], "", nil); ok {
				found = &zeroResult{pos: posOr(k, call.Pos()), ctor: ctor + "(" + constText(k) + ")"}
				break
			}
			continue
		}
		if ctor := collectionCtor(call); ctor != "" && len(call.Call.Args) > 0 {
			elems := call.Call.Args[len(call.Call.Args)-1]
			if len(ctorArgs(ctor)) > 0 && !madeSome(elems, 0) {
				continue
			}
			if elemsGuarded(b, elems, fn) {
				continue
			}
			found = &zeroResult{pos: call.Pos(), ctor: ctor, empty: true}
			break
		}
		if callee := call.Call.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg {
			if z := zeroReturn(callee, summaries, n+1); z != nil {
				found = &zeroResult{pos: call.Pos(), ctor: callee.Name(), empty: z.empty}
				break
			}
		}
	}
	summaries[fn] = found
	return found
}

// ctorArgs: the From constructors take the Go value to convert; a nil one
// becomes null, so only a slice made here is a sure empty.
func ctorArgs(ctor string) string {
	if len(ctor) > 4 && ctor[len(ctor)-4:] == "From" {
		return "from"
	}
	return ""
}

// madeSome: v is a slice or map made here, or a phi one of whose edges is
// (if vals == nil { vals = []string{} }).
func madeSome(v ssa.Value, depth int) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if madeHere(v, depth) {
		return true
	}
	if phi, ok := v.(*ssa.Phi); ok && depth < 4 {
		for _, e := range phi.Edges {
			if madeSome(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// fwGuarded: a test of a framework value (IsNull, IsUnknown, Equal) dominates b.
func fwGuarded(b *ssa.BasicBlock) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && mentions(ifi.Cond, nil, nil, nil, 0) {
			return true
		}
	}
	return false
}

// elemsGuarded: a test that the elements, or a parameter of fn, are empty or
// nil dominates b (if len(tags) == 0 { return types.ListNull(...) }).
func elemsGuarded(b *ssa.BasicBlock, elems ssa.Value, fn *ssa.Function) bool {
	r := relevance{chain: map[ssa.Value]bool{}}
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
			if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
				walk(x.Call.Args[0], n+1)
			}
		case *ssa.UnOp:
			walk(x.X, n+1)
		}
	}
	walk(elems, 0)
	for _, p := range fn.Params {
		walk(p, 0)
	}
	return r.guarded(b)
}

// helperEmptyStoreOf: st stores the result of a package helper that can
// answer an empty collection (zeroReturn), with no test of the helper's
// arguments' emptiness or of the attribute above it and no repair after.
func helperEmptyStoreOf(st *ssa.Store, a *facts.Attribute, others []*ssa.Store, summaries map[*ssa.Function]*zeroResult) (zeroStore, bool) {
	v := st.Val
	if e, ok := v.(*ssa.Extract); ok && e.Index == 0 {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return zeroStore{}, false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != st.Parent().Pkg || framework(callee) {
		return zeroStore{}, false
	}
	z := zeroReturn(callee, summaries, 0)
	if z == nil || !z.empty || toldNull(call.Call.Args) {
		return zeroStore{}, false
	}
	for _, arg := range call.Call.Args {
		rel := newRelevance(st, arg)
		if rel.guarded(st.Block()) || guardedInLoop(rel, st.Block()) || !rel.unrepairedPath(st, others) {
			return zeroStore{}, false
		}
	}
	return zeroStore{attr: a, pos: st.Pos(), source: z.pos, field: callee.Name(), ctor: z.ctor, empty: true, helper: true}, true
}
