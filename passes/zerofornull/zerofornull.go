package zerofornull

import (
	"fmt"
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

// Analyzer reports Optional, non-Computed attributes saved as the API's zero value.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// depth is how many package calls below Create, Update or Read are followed:
// Create → r.read → m.fromAPI → a nested helper.
const depth = 3

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	reported := map[token.Pos]bool{}
	runSDK(rep, model, funcs, reported)
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		attrs := attruse.ByModel(r, model, candidate)
		fixed := computedOnly(r, model)
		// Create and Update first: a store they reach is an apply error,
		// one only Read reaches a change on every plan.
		for _, method := range []string{"Create", "Update", "Read"} {
			fn := funcs[facts.Method(pass.Pkg, r.TypeName, method)]
			stores := zeroStores(fn, attrs, fixed)
			stores = append(stores, objectZeros(fn, r, map[*ssa.Function]*zeroResult{})...)
			for _, s := range stores {
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

// candidate: an Optional, non-Computed scalar the framework stores as it
// is given (no custom type that could compare "" and null as equal).
func candidate(a *facts.Attribute) bool {
	if !a.Optional || a.Computed || a.Required || a.CustomType || a.Block || a.WriteOnly || a.HasDefault {
		return false
	}
	switch a.Type {
	case "string", "bool", "int64", "int32", "float64", "float32", "number":
		return true
	}
	return collection(a)
}

// computedOnly: the top-level attributes the configuration cannot set (the
// ID), by the resource's models: a test of their value says nothing about
// what the configuration holds. (attruse.ByModel leaves Computed ones out.)
func computedOnly(r *facts.FrameworkResource, model *facts.Model) map[string]map[string]*facts.Attribute {
	out := map[string]map[string]*facts.Attribute{}
	for _, name := range r.Models {
		mf := model.Models[name]
		if mf == nil {
			continue
		}
		for i := range r.Schema.Attributes {
			a := &r.Schema.Attributes[i]
			if !a.Computed || a.Optional || a.Required || a.Uncertain {
				continue
			}
			if _, ok := mf.Field(a.Name); ok {
				if out[name] == nil {
					out[name] = map[string]*facts.Attribute{}
				}
				out[name][a.Name] = a
			}
		}
	}
	return out
}

type zeroStore struct {
	attr   *facts.Attribute
	pos    token.Pos
	source token.Pos // where the API's value is read
	field  string    // the Go expression's last selector, for the message
	ctor   string
	empty  bool // a collection that is empty, never null
	zero   bool // a zero constant, or a helper answering one, not the API's field
	helper bool // source is inside the helper named by field
}

// zeroStores: stores into a candidate field of the models, in fn and the
// package functions it calls, of types.XxxValue(v) where v is a plain value
// the API answered (a non-pointer field or a GetXxx() getter), not guarded by
// a test of that value or of the attribute, and not overridden in the same
// function by another store to the field.
func zeroStores(fn *ssa.Function, attrs, fixed map[string]map[string]*facts.Attribute) []zeroStore {
	// Stores are counted over every function followed: a later helper
	// that puts the null back (preserveNulls(&result, plan)) counts.
	stores := map[string][]*ssa.Store{}
	seen := map[*ssa.Function]bool{}
	var calls []callEdge
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
					if key, _ := modelField(in, attrs); key != "" {
						stores[key] = append(stores[key], in)
					}
				case ssa.CallInstruction:
					if callee := in.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil {
						calls = append(calls, callEdge{b, callee})
						visit(callee, d+1)
					}
				}
			}
		}
	}
	visit(fn, 0)
	outer := callerGuards(fn, calls, attrs)
	summaries := map[*ssa.Function]*zeroResult{}
	var out []zeroStore
	for key, ss := range stores {
		if _, a := modelField(ss[0], attrs); a != nil && collection(a) {
			// Rewrites are judged by path: one only some paths reach
			// (a member not yet confirmed) leaves the others empty.
			for _, st := range ss {
				if outer[st.Parent()][key] {
					continue
				}
				if s, ok := emptyStoreOf(st, a, ss); ok && sameFunc(ss) {
					out = append(out, s)
				} else if s, ok := helperEmptyStoreOf(st, a, ss, summaries); ok && sameFunc(ss) {
					out = append(out, s)
				}
			}
			continue
		}
		if len(ss) == 1 && !outer[ss[0].Parent()][key] {
			if s, ok := zeroStoreOf(ss[0], attrs, fixed); ok {
				out = append(out, s)
				continue
			}
		}
		// A zero constant (or a helper's) is no answer of the API's: it is
		// wrong wherever it is written, however many other stores there are.
		for _, st := range ss {
			if outer[st.Parent()][key] {
				continue
			}
			if s, ok := constZeroStoreOf(st, key, ss, attrs, summaries); ok {
				out = append(out, s)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	return out
}

// callEdge: a call from block b to a package function followed.
type callEdge struct {
	b      *ssa.BasicBlock
	callee *ssa.Function
}

// callerGuards: for each function followed below root, the model fields
// every call reaching it tests (if !data.SSL.IsNull() { readSSL(&data) }):
// a helper called only when the attribute is set saves no null's zero
// value. Guards pass down the calls; a function reached by several calls
// keeps what they all test.
func callerGuards(root *ssa.Function, calls []callEdge, attrs map[string]map[string]*facts.Attribute) map[*ssa.Function]map[string]bool {
	guards := map[*ssa.Function]map[string]bool{root: {}}
	for changed, round := true, 0; changed && round < 2*depth+2; round++ {
		next := map[*ssa.Function]map[string]bool{root: {}}
		for _, c := range calls {
			from, ok := guards[c.b.Parent()]
			if !ok || c.callee == root {
				continue
			}
			here := testedFields(c.b, attrs)
			for k := range from {
				here[k] = true
			}
			if prev, seen := next[c.callee]; seen {
				for k := range prev {
					if !here[k] {
						delete(prev, k)
					}
				}
			} else {
				next[c.callee] = here
			}
		}
		changed = len(next) != len(guards) || !sameGuards(next, guards)
		guards = next
	}
	return guards
}

func sameGuards(a, b map[*ssa.Function]map[string]bool) bool {
	for f, ga := range a {
		gb, ok := b[f]
		if !ok || len(ga) != len(gb) {
			return false
		}
		for k := range ga {
			if !gb[k] {
				return false
			}
		}
	}
	return true
}

// testedFields: the candidate model fields known set above b: b lies on the
// branch where a test of their framework value's IsNull or IsUnknown is
// false, or under an Equal test of it.
func testedFields(b *ssa.BasicBlock, attrs map[string]map[string]*facts.Attribute) map[string]bool {
	out := map[string]bool{}
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && !tfssa.InCycle(p) {
			frameworkTest(ifi.Cond, d == p.Succs[0], attrs, out)
		}
	}
	return out
}

// frameworkTest: cond, holding (taken) or not, asks a candidate field's
// framework value IsNull or IsUnknown and finds it set, or asks Equal.
func frameworkTest(cond ssa.Value, taken bool, attrs map[string]map[string]*facts.Attribute, out map[string]bool) {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond, taken = u.X, !taken
	}
	call, ok := cond.(*ssa.Call)
	if !ok {
		return
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(call.Call.Args) == 0 || !framework(fn) {
		return
	}
	switch fn.Name() {
	case "IsNull", "IsUnknown":
		if taken {
			return
		}
	case "Equal":
	default:
		return
	}
	if u, ok := call.Call.Args[0].(*ssa.UnOp); ok && u.Op == token.MUL {
		if fa, ok := u.X.(*ssa.FieldAddr); ok {
			if key, _ := fieldKey(fa, attrs); key != "" {
				out[key] = true
			}
		}
	}
}

// modelField names the candidate field a store writes: "model\x00tag".
func modelField(st *ssa.Store, attrs map[string]map[string]*facts.Attribute) (string, *facts.Attribute) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return "", nil
	}
	return fieldKey(fa, attrs)
}

func fieldKey(fa *ssa.FieldAddr, attrs map[string]map[string]*facts.Attribute) (string, *facts.Attribute) {
	name := tfssa.StructName(fa.X.Type())
	a := attrs[name][modelflow.FieldTag(fa)]
	if a == nil {
		return "", nil
	}
	return name + "\x00" + a.Name, a
}

func zeroStoreOf(st *ssa.Store, attrs, fixed map[string]map[string]*facts.Attribute) (zeroStore, bool) {
	_, a := modelField(st, attrs)
	call, ok := st.Val.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return zeroStore{}, false
	}
	ctor := scalarCtor(call)
	if ctor == "" {
		return zeroStore{}, false
	}
	src, v := apiScalar(call.Call.Args[0])
	if src == nil || guardedBy(st.Block(), v, src, fixed) {
		return zeroStore{}, false
	}
	return zeroStore{attr: a, pos: st.Pos(), source: call.Pos(), field: src.Name(), ctor: ctor}, true
}

// scalarCtor: types.StringValue, BoolValue, Int64Value... (or basetypes.NewXxxValue)
// of the framework, which never make a null.
func scalarCtor(c *ssa.Call) string {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || fn.Object() == nil || !strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework) {
		return ""
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "StringValue", "BoolValue", "Int64Value", "Int32Value", "Float64Value", "Float32Value":
		return fn.Object().Pkg().Name() + "." + fn.Name()
	}
	return ""
}

// apiScalar: v, through conversions between basic types, is a plain value
// read from a struct that is not a model (the API's answer): a non-pointer
// field, or a GetXxx() getter of such a struct. It returns the field (or
// getter) and the value read.
func apiScalar(v ssa.Value) (types.Object, ssa.Value) {
	for {
		switch c := v.(type) {
		case *ssa.Convert:
			v = c.X
			continue
		case *ssa.ChangeType:
			v = c.X
			continue
		}
		break
	}
	if _, ok := v.Type().Underlying().(*types.Basic); !ok {
		return nil, nil
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && !modelflow.IsModel(fa.X.Type()) && !subObject(fa.X) {
			return fieldVar(fa.X.Type(), fa.Field), x
		}
	case *ssa.Field:
		if !modelflow.IsModel(x.X.Type()) {
			return fieldVar(x.X.Type(), x.Field), x
		}
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(x.Call.Args) == 1 &&
			isGetter(fn.Name()) && !modelflow.IsModel(fn.Signature.Recv().Type()) && !framework(fn) && !subObject(x.Call.Args[0]) {
			return fn.Object(), x
		}
	}
	return nil, nil
}

// subObject: p is loaded from a pointer field of another struct (out.Pool in
// out.Pool.ID): a related object the API answers only when it exists, which
// in turn the configuration chose; whether its fields can be zero is not ours
// to say.
func subObject(p ssa.Value) bool {
	switch x := p.(type) {
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.FieldAddr)
		return ok && x.Op == token.MUL
	case *ssa.Field:
		return true // a pointer field of a struct held by value
	}
	return false
}

func isGetter(name string) bool {
	return len(name) > 3 && strings.HasPrefix(name, "Get") && name[3] >= 'A' && name[3] <= 'Z'
}

func framework(fn *ssa.Function) bool { return tfapi.IsPluginLib(tfssa.PkgPath(fn)) }

func fieldVar(t types.Type, i int) types.Object {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// sameFunc: the stores are all in one function (a rewrite in a helper
// called later cannot be placed on a path).
func sameFunc(ss []*ssa.Store) bool {
	for _, s := range ss {
		if s.Parent() != ss[0].Parent() {
			return false
		}
	}
	return true
}

func finding(r *facts.FrameworkResource, method string, s zeroStore) lint.Finding {
	if s.empty {
		return emptyFinding(r, method, s)
	}
	if s.zero {
		return zeroFinding(r, method, s)
	}
	related := []analysis.RelatedInformation{lint.Related(s.source, "the API's %s is read here; it is its zero value when the configuration leaves %q out", s.field, s.attr.Name)}
	if s.attr.Pos.IsValid() {
		related = append(related, lint.Related(s.attr.Pos, "%q is declared Optional, not Computed, here", s.attr.Name))
	}
	if method == "Read" {
		return lint.Finding{Rule: "READ-3", Pos: s.pos, Related: related,
			Message: fmt.Sprintf("%s.Read saves %q (Optional, not Computed) as %s(%s): when the configuration leaves it out, state holds the API's zero value where the configuration has null, and every plan shows a change back to null; save null for the zero value (a pointer with %sPointerValue, or test the value first)", r.TypeName, s.attr.Name, s.ctor, s.field, strings.TrimSuffix(s.ctor, "Value"))}
	}
	return lint.Finding{Rule: "APPLY-2", Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s.%s saves %q (Optional, not Computed) as %s(%s): when the configuration leaves it out, the plan holds null and the API answers its zero value, so Terraform fails with \"Provider produced inconsistent result after apply\"; save null for the zero value (a pointer with %sPointerValue, or test the value first), or make the attribute Computed", r.TypeName, method, s.attr.Name, s.ctor, s.field, strings.TrimSuffix(s.ctor, "Value"))}
}

// guarded: b lies under a branch whose condition tests the API's value (the
// same field or getter), or asks a framework value IsNull/IsUnknown (the
// plan's value decides), in the function itself.
func guarded(b *ssa.BasicBlock, v ssa.Value, src types.Object) bool {
	return guardedBy(b, v, src, nil)
}

// guardedBy is guarded where a test of a model field bound to one of fixed
// (attributes the configuration cannot set, such as the ID: if
// state.ID.IsNull() { return err } before a sync) does not count as the plan
// deciding.
func guardedBy(b *ssa.BasicBlock, v ssa.Value, src types.Object, fixed map[string]map[string]*facts.Attribute) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		if ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && mentions(ifi.Cond, v, src, fixed, 0) {
			return true
		}
	}
	return false
}

// mentions: cond is built (a few steps deep) from v, another read of src,
// or a framework IsNull/IsUnknown/Equal call (not of a field bound to one
// of fixed).
func mentions(x ssa.Value, v ssa.Value, src types.Object, fixed map[string]map[string]*facts.Attribute, n int) bool {
	if x == nil || n > 6 {
		return false
	}
	if x == v || sameSource(x, src) {
		return true
	}
	switch y := x.(type) {
	case *ssa.BinOp:
		return mentions(y.X, v, src, fixed, n+1) || mentions(y.Y, v, src, fixed, n+1)
	case *ssa.UnOp:
		return mentions(y.X, v, src, fixed, n+1)
	case *ssa.Convert:
		return mentions(y.X, v, src, fixed, n+1)
	case *ssa.Phi:
		for _, e := range y.Edges {
			if mentions(e, v, src, fixed, n+1) {
				return true
			}
		}
	case *ssa.Extract:
		return mentions(y.Tuple, v, src, fixed, n+1)
	case *ssa.Call:
		if fn := y.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
			if presence(fn.Name(), src) {
				return true
			}
			switch fn.Name() {
			case "IsNull", "IsUnknown", "Equal":
				return !boundTo(y.Call.Args[0], fixed)
			}
		}
		for _, a := range y.Call.Args {
			if mentions(a, v, src, fixed, n+1) {
				return true
			}
		}
	}
	return false
}

// boundTo: recv is a load of a model field bound to one of attrs.
func boundTo(recv ssa.Value, attrs map[string]map[string]*facts.Attribute) bool {
	u, ok := recv.(*ssa.UnOp)
	if !ok || u.Op != token.MUL || len(attrs) == 0 {
		return false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	key, _ := fieldKey(fa, attrs)
	return key != ""
}

// sameField: f is src, or the field the getter src is named after.
func sameField(f, src types.Object) bool {
	if f == nil || src == nil {
		return false
	}
	return f == src || isGetter(src.Name()) && f.Name() == strings.TrimPrefix(src.Name(), "Get")
}

// presence: name asks whether the getter src's value is set, as generated
// API clients spell it (GetNameOk, HasName).
func presence(name string, src types.Object) bool {
	if src == nil || !isGetter(src.Name()) {
		return false
	}
	return name == src.Name()+"Ok" || name == "Has"+strings.TrimPrefix(src.Name(), "Get")
}

// sameSource: x reads the field or calls the getter src, or reads the
// field a getter GetX reads (if resp.X != nil { ... resp.GetX() }).
func sameSource(x ssa.Value, src types.Object) bool {
	switch y := x.(type) {
	case *ssa.UnOp:
		if fa, ok := y.X.(*ssa.FieldAddr); ok && y.Op == token.MUL {
			return sameField(fieldVar(fa.X.Type(), fa.Field), src)
		}
	case *ssa.Field:
		return sameField(fieldVar(y.X.Type(), y.Field), src)
	case *ssa.Call:
		if fn := y.Call.StaticCallee(); fn != nil {
			return fn.Object() == src
		}
	}
	return false
}

// zeroFinding: a zero constant, or a helper that answers one, saved into an
// Optional, non-Computed attribute.
func zeroFinding(r *facts.FrameworkResource, method string, s zeroStore) lint.Finding {
	what := fmt.Sprintf("%s(%s)", s.ctor, s.field)
	rel := lint.Related(s.source, "the zero constant %s is made here, not the API's value, when there is none", s.field)
	if s.helper {
		what = s.field + "(...)"
		rel = lint.Related(s.source, "%s answers %s here: a known zero, never null", s.field, s.ctor)
	}
	related := []analysis.RelatedInformation{rel}
	if s.attr.Pos.IsValid() {
		related = append(related, lint.Related(s.attr.Pos, "%q is declared Optional, not Computed, here", s.attr.Name))
	}
	if method == "Read" {
		return lint.Finding{Rule: "READ-3", Pos: s.pos, Related: related,
			Message: fmt.Sprintf("%s.Read saves %q (Optional, not Computed) as %s: when the configuration leaves it out and the API has no value, state holds a zero value where the configuration has null, and every plan shows a change; save null there (or the prior value)", r.TypeName, s.attr.Name, what)}
	}
	return lint.Finding{Rule: "APPLY-2", Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s.%s saves %q (Optional, not Computed) as %s: when the configuration leaves it out, the plan holds null and the API has no value, so the zero value is saved and Terraform fails with \"Provider produced inconsistent result after apply\"; save null there (or the plan's value), or make the attribute Computed", r.TypeName, method, s.attr.Name, what)}
}

func emptyFinding(r *facts.FrameworkResource, method string, s zeroStore) lint.Finding {
	related := []analysis.RelatedInformation{lint.Related(s.source, "%s makes a known collection, empty when there is nothing to put in it, never null", s.ctor)}
	if s.helper {
		s.ctor = s.field + "(...) (" + s.ctor + " inside)"
	}
	if s.attr.Pos.IsValid() {
		related = append(related, lint.Related(s.attr.Pos, "%q is declared Optional, not Computed, here", s.attr.Name))
	}
	if method == "Read" {
		return lint.Finding{Rule: "READ-3", Pos: s.pos, Related: related,
			Message: fmt.Sprintf("%s.Read saves %q (Optional, not Computed) as %s on every path: when the configuration leaves it out and the API has nothing, state holds an empty collection where the configuration has null, and every plan shows a change; save null when it is empty (or when the prior state held null)", r.TypeName, s.attr.Name, s.ctor)}
	}
	return lint.Finding{Rule: "APPLY-2", Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s.%s saves %q (Optional, not Computed) as %s on every path: when the configuration leaves it out, the plan holds null and the saved value is an empty collection, so Terraform fails with \"Provider produced inconsistent result after apply\"; save null when it is empty (or when the plan held null), or make the attribute Computed", r.TypeName, method, s.attr.Name, s.ctor)}
}
