// Helpers of the PLAN-1/PLAN-2/PLAN-3 check: where a planned value comes from
// (the configuration, the prior state, the provider) and what the branches
// on the way tested.

package planrewrite

import (
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Value classes of a planned value.
const (
	fromConfig = "config"
	fromPlan   = "plan"
	fromState  = "state"
	isNull     = "null"
	isUnknown  = "unknown"
	other      = "other"
)

// scope knows where the values of one function come from: the request's
// ConfigValue/PlanValue/StateValue fields (plan modifiers) and the models
// filled by req.Config/Plan/State.Get (ModifyPlan).
type scope struct {
	*tfssa.Request
	resp   ssa.Value            // a plan modifier's response: its PlanValue starts as the plan's
	models map[ssa.Value]string // model alloc -> its source
	attrs  map[ssa.Value]string // a local filled by GetAttribute -> the attribute
}

func newScope(fn *ssa.Function, req ssa.Value) *scope {
	s := &scope{Request: tfssa.NewRequest(fn, req), models: map[ssa.Value]string{}, attrs: map[ssa.Value]string{}}
	for m, part := range s.Models {
		s.models[m] = strings.ToLower(part)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) != 4 || c.Call.StaticCallee() == nil || c.Call.StaticCallee().Name() != "GetAttribute" {
				continue
			}
			if m := tfssa.ModelRoot(c.Call.Args[3]); m != nil && s.models[m] != "" {
				if attr := modelflow.PathRoot(c.Call.Args[2]); attr != "" {
					s.attrs[m] = attr
				}
			}
		}
	}
	return s
}

// reqField: for req.X (a field of the request value or of a local copy of
// it), the struct type and field index.
func (s *scope) reqField(v ssa.Value) (types.Type, int, bool) {
	i, ok := s.FieldIndex(v)
	if !ok {
		return nil, 0, false // also a helper's scope, which has no request
	}
	return s.Param.Type(), i, ok
}

// source: which part of the request a value is, and for a model field the
// attribute ("" for a plan modifier's own value).
func (s *scope) source(v ssa.Value) (src, attr string, ok bool) {
	if t, i, ok := s.reqField(v); ok {
		return reqField(t, i)
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if attr, ok := s.attrs[v.X]; ok {
			return s.models[v.X], attr, true
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok && s.resp != nil && fa.X == s.resp && fieldName(fa) == "PlanValue" {
			return fromPlan, "", true
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if src, ok := s.models[s.root(fa.X)]; ok {
				return src, modelflow.FieldTag(fa), true
			}
		}
	}
	return "", "", false
}

// root: the model a value belongs to, a local (tfssa.ModelRoot) or, in a
// helper, the parameter it was handed as.
func (s *scope) root(v ssa.Value) ssa.Value {
	if r := tfssa.ModelRoot(v); r != nil {
		return r
	}
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			if _, ok := s.models[x]; ok {
				return x
			}
			return nil
		case *ssa.UnOp:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

func reqField(t types.Type, i int) (string, string, bool) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return "", "", false
	}
	switch st.Field(i).Name() {
	case "ConfigValue":
		return fromConfig, "", true
	case "PlanValue":
		return fromPlan, "", true
	case "StateValue":
		return fromState, "", true
	}
	return "", "", false
}

var ctorName = regexp.MustCompile(`^(New)?[A-Z][A-Za-z0-9]*(Null|Unknown|Value|ValueMust)$`)

// class says what kind of value v is: one of the request's values, null,
// unknown, or other (anything computed).
func (s *scope) class(v ssa.Value, depth int) string {
	if depth > 6 {
		return other
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return s.class(x.X, depth+1)
	case *ssa.ChangeType:
		return s.class(x.X, depth+1)
	case *ssa.Phi:
		out := ""
		for _, e := range x.Edges {
			c := s.class(e, depth+1)
			if c == other || c == isUnknown || out == "" {
				out = c
			}
		}
		return out
	case *ssa.UnOp:
		if src, _, ok := s.source(x); ok {
			return src
		}
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			if src, ok := s.models[alloc]; ok {
				return src // a value filled by req.X.GetAttribute
			}
		}
	case *ssa.Field:
		if src, _, ok := s.source(x); ok {
			return src
		}
	case *ssa.Call:
		return s.callClass(x, depth)
	case *ssa.Const:
		if x.IsNil() {
			return isNull // a nil pointer or slice field is null
		}
	}
	return other
}

// callClass: XxxNull()/XxxUnknown() constructors of the framework, and
// XxxValue(v.ValueXxx()) which re-wraps a request value unchanged.
func (s *scope) callClass(c *ssa.Call, depth int) string {
	fn := c.Call.StaticCallee()
	if fn != nil && fn.Signature.Recv() != nil {
		switch fn.Name() {
		case "UnknownValue":
			return isUnknown
		case "NullValue":
			return isNull
		}
		// state.X.ValueInt64() handed to SetAttribute: the same value.
		if strings.HasPrefix(fn.Name(), "Value") && len(c.Call.Args) == 1 {
			if cl := s.class(c.Call.Args[0], depth+1); cl == fromConfig || cl == fromPlan || cl == fromState {
				return cl
			}
		}
	}
	if fn != nil && fn.Signature.Recv() == nil {
		// A provider's own helpers: customfield.NullObjectSet[T](ctx), ...
		if n := strings.ToLower(fn.Name()); strings.HasPrefix(n, "null") || strings.HasPrefix(n, "newnull") {
			return isNull
		}
	}
	if fn == nil || fn.Pkg == nil || !strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") || fn.Signature.Recv() != nil {
		return other
	}
	name := fn.Name()
	if !ctorName.MatchString(name) {
		return other
	}
	switch {
	case strings.HasSuffix(name, "Null"):
		return isNull
	case strings.HasSuffix(name, "Unknown"):
		return isUnknown
	}
	if len(c.Call.Args) == 1 {
		if inner, ok := c.Call.Args[0].(*ssa.Call); ok {
			if m := inner.Call.StaticCallee(); m != nil && m.Signature.Recv() != nil && strings.HasPrefix(m.Name(), "Value") && len(inner.Call.Args) == 1 {
				if cl := s.class(inner.Call.Args[0], depth+1); cl != other {
					return cl
				}
			}
		}
	}
	return other
}

// guard is one fact a branch establishes: "config.null", "plan.unknown", ...
// for an attribute ("" in a plan modifier).
type guard struct{ attr, fact string }

// facts maps each block to the guards that hold on every path into it,
// from the IsNull()/IsUnknown() branches taken on the way.
type blockFacts map[*ssa.BasicBlock]map[guard]bool

func (s *scope) facts(fn *ssa.Function) blockFacts {
	in := blockFacts{}
	if len(fn.Blocks) == 0 {
		return in
	}
	in[fn.Blocks[0]] = map[guard]bool{}
	for changed, rounds := true, 0; changed && rounds < 50; rounds++ {
		changed = false
		for _, b := range fn.Blocks {
			cur, ok := in[b]
			if !ok {
				continue
			}
			for i, succ := range b.Succs {
				out := s.edge(b, i, cur, in)
				old, seen := in[succ]
				if !seen {
					in[succ] = out
					changed = true
					continue
				}
				for g := range old {
					if !out[g] {
						delete(old, g)
						changed = true
					}
				}
			}
		}
	}
	return in
}

// edge: the facts after leaving b by its i-th successor.
func (s *scope) edge(b *ssa.BasicBlock, i int, cur map[guard]bool, in blockFacts) map[guard]bool {
	out := make(map[guard]bool, len(cur)+2)
	for g := range cur {
		out[g] = true
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return out
	}
	cond, holds := strip(ifi.Cond, i == 0)
	if phi, ok := cond.(*ssa.Phi); ok && in != nil {
		return s.phiFacts(phi, holds, out, in)
	}
	s.condFacts(cond, holds, out)
	return out
}

// strip removes negations: the condition tested and whether it holds on
// the branch taken.
func strip(cond ssa.Value, holds bool) (ssa.Value, bool) {
	c, h := tfssa.StripNot(cond)
	return c, h == holds
}

// condFacts adds what cond (negations stripped) being holds establishes.
func (s *scope) condFacts(cond ssa.Value, holds bool, out map[guard]bool) {
	if attr, truth, ok := s.pathTest(cond); ok {
		if holds == truth {
			out[guard{"", "path=" + attr}] = true
		}
		return
	}
	src, attr, method, truth, ok := s.test(cond)
	if !ok {
		return
	}
	fact := strings.ToLower(strings.TrimPrefix(method, "Is"))
	if holds != truth {
		fact = "not" + fact
	} else {
		out[guard{attr, src + ".absent"}] = true // null or unknown
	}
	out[guard{attr, src + "." + fact}] = true
}

// phiFacts: a boolean merged from branches (explicit := !a.IsNull() &&
// !b.IsNull(), tested later) holds on the paths into the phi that can
// give it that value and agree with what is known here; what holds is
// what every such path establishes.
func (s *scope) phiFacts(phi *ssa.Phi, holds bool, cur map[guard]bool, in blockFacts) map[guard]bool {
	var out map[guard]bool
	for j, e := range phi.Edges {
		pred := phi.Block().Preds[j]
		pin, ok := in[pred]
		if !ok {
			continue
		}
		path := s.edge(pred, succIndex(pred, phi.Block()), pin, nil)
		if contradicts(path, cur) {
			continue
		}
		for g := range cur {
			path[g] = true
		}
		if k, isConst := e.(*ssa.Const); isConst {
			if k.Value == nil || constant.BoolVal(k.Value) != holds {
				continue
			}
		} else {
			c, h := strip(e, holds)
			s.condFacts(c, h, path)
		}
		if out == nil {
			out = path
			continue
		}
		for g := range out {
			if !path[g] {
				delete(out, g)
			}
		}
	}
	if out == nil {
		return cur
	}
	return out
}

func succIndex(from, to *ssa.BasicBlock) int {
	for i, s := range from.Succs {
		if s == to {
			return i
		}
	}
	return -1
}

// contradicts: one set says null (unknown) where the other says not.
func contradicts(a, b map[guard]bool) bool {
	for g := range a {
		for _, f := range []string{"null", "unknown"} {
			src, fact, ok := strings.Cut(g.fact, ".")
			if !ok {
				continue
			}
			if fact == f && b[guard{g.attr, src + ".not" + f}] || fact == "not"+f && b[guard{g.attr, src + "." + f}] {
				return true
			}
		}
	}
	return false
}

// pathTest recognises req.Path.Equal(path.Root("x")) (negations stripped): a
// plan modifier shared by attributes acting for one of them only.
func (s *scope) pathTest(cond ssa.Value) (attr string, truth, ok bool) {
	truth = true
	c, isCall := cond.(*ssa.Call)
	if !isCall || len(c.Call.Args) != 2 {
		return "", false, false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Name() != "Equal" {
		return "", false, false
	}
	t, i, isReq := s.reqField(c.Call.Args[0])
	if !isReq {
		return "", false, false
	}
	if st, isStruct := t.Underlying().(*types.Struct); !isStruct || i >= st.NumFields() || st.Field(i).Name() != "Path" {
		return "", false, false
	}
	attr = modelflow.PathRoot(c.Call.Args[1])
	return attr, truth, attr != ""
}

// test recognises v.IsNull() / v.IsUnknown() (negations stripped) on a request value.
func (s *scope) test(cond ssa.Value) (src, attr, method string, truth, ok bool) {
	truth = true
	if b, isBin := cond.(*ssa.BinOp); isBin {
		return s.nilTest(b, truth)
	}
	c, isCall := cond.(*ssa.Call)
	if !isCall || len(c.Call.Args) != 1 {
		return
	}
	fn := c.Call.StaticCallee()
	if fn == nil || (fn.Name() != "IsNull" && fn.Name() != "IsUnknown") {
		return
	}
	src, attr, ok = s.source(c.Call.Args[0])
	return src, attr, fn.Name(), truth, ok
}

// nilTest recognises model.Field == nil / != nil: a pointer (a nested
// block's struct) or slice field is null when nil.
func (s *scope) nilTest(b *ssa.BinOp, truth bool) (src, attr, method string, holds, ok bool) {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return
	}
	x, k := b.X, b.Y
	if c, isConst := x.(*ssa.Const); isConst {
		x, k = k, c
	}
	if c, isConst := k.(*ssa.Const); !isConst || !c.IsNil() {
		return
	}
	src, attr, ok = s.source(x)
	if !ok || attr == "" {
		return "", "", "", false, false
	}
	return src, attr, "IsNull", truth == (b.Op == token.EQL), true
}
