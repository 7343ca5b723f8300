// Following the package's own helpers: a function, closure or method handed
// a possibly unknown value and answering a bool about it
// (isSet(v) { return !v.IsNull() && !v.IsUnknown() }) decides a validation
// as much as the tests it holds would inline.

package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// holder: an unknown that can tell whether a value of its function is the
// possibly unknown value itself (not a read of it), or whether a model of
// its function holds it in the field tagged tag.
type holder interface {
	holds(v ssa.Value) bool
	holdsField(model ssa.Value, tag string) bool
}

func (u fwUnknown) holds(v ssa.Value) bool {
	k, _ := u.s.key(v)
	if k == "" {
		k = pathKey(v) // a path a helper reads the configuration at
	}
	return k != "" && k == u.key
}

// pathLabel names the value at a path key.
func pathLabel(k string) string {
	return fmt.Sprintf("the value at %q", strings.TrimPrefix(k, "path:"))
}

func (u fwUnknown) holdsField(model ssa.Value, tag string) bool {
	k, _ := u.s.fieldKey(model, tag)
	return k != "" && k == u.key
}

// fieldKey: the key of the field tagged tag of a model filled from the
// configuration or the plan, as key gives it for a read of that field.
func (s *fwScope) fieldKey(model ssa.Value, tag string) (string, string) {
	m := tfssa.ModelRoot(throughEmbedded(model))
	if m == nil || tag == "" || !s.fromConfigOrPlan(m) {
		return "", ""
	}
	return fmt.Sprintf("%p.%s", m, tag), fmt.Sprintf("%q", tag)
}

// boundUnknown: the unknown inside a helper it is handed; params maps the
// helper's parameters (and a closure's free variables) to the caller's values.
type boundUnknown struct {
	outer  unknown
	params map[ssa.Value]ssa.Value
	level  int
}

func (b *boundUnknown) holds(v ssa.Value) bool {
	h, isHolder := b.outer.(holder)
	if !isHolder {
		return false
	}
	if a, ok := b.params[v]; ok {
		return h.holds(a)
	}
	// v read from the configuration at a path the helper is handed.
	if p := readAt(v); p != nil {
		if a, ok := b.params[p]; ok {
			return h.holds(a)
		}
	}
	// m.Field of a model the helper is handed (a method's receiver).
	if x, tag := fieldOf(v); x != nil {
		if a, ok := b.params[x]; ok {
			return h.holdsField(a, tag)
		}
	}
	return false
}

// fieldOf: the model and field tag of a read m.Field, through a pointer
// (a pointer receiver) or of the struct value (a value receiver).
func fieldOf(v ssa.Value) (ssa.Value, string) {
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			return fa.X, modelflow.FieldTag(fa)
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < st.NumFields() {
			if tag := reflect.StructTag(st.Tag(v.Field)).Get("tfsdk"); tag != "" && tag != "-" {
				return v.X, tag
			}
		}
	}
	return nil, ""
}

func (b *boundUnknown) holdsField(model ssa.Value, tag string) bool {
	h, isHolder := b.outer.(holder)
	a, ok := b.params[model]
	return isHolder && ok && h.holdsField(a, tag)
}

func (b *boundUnknown) leaf(v ssa.Value) (constant.Value, bool) {
	if a, ok := b.params[v]; ok {
		// A parameter handed a constant (a key name, a flag) reads as it.
		if c, isConst := a.(*ssa.Const); isConst && c.Value != nil {
			return c.Value, true
		}
		return nil, false
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	if readSucceeds(c) {
		return constant.MakeBool(false), true
	}
	if recv, _, ok := recvCall(c); !ok || !b.holds(recv) {
		return nil, false
	}
	return unknownRead(c)
}

// fails: the helper only answers; its caller decides what fails.
func (b *boundUnknown) fails(*ssa.BasicBlock) ssa.Instruction { return nil }

// unknownRead: what a read of a framework value gives while it is unknown —
// IsUnknown() true, IsNull() false, ValueXxx() the zero value, Elements()
// an empty collection.
func unknownRead(c *ssa.Call) (constant.Value, bool) {
	_, name, ok := recvCall(c)
	if !ok || c.Call.IsInvoke() && name != "IsUnknown" && name != "IsNull" { // attr.Value's
		return nil, false
	}
	switch {
	case name == "IsUnknown":
		return constant.MakeBool(true), true
	case name == "IsNull":
		return constant.MakeBool(false), true
	case name == "Elements":
		return zeroMark, true
	case strings.HasPrefix(name, "Value") && c.Call.Signature().Results().Len() == 1:
		if z := zeroOf(c.Call.Signature().Results().At(0).Type()); z != nil && z != zeroMark {
			return z, true
		}
	}
	return nil, false
}

// evalHelper evaluates, with the value unknown, the bool a function of the
// package answers first when handed the value (see answerOf). Nil when it
// cannot tell, when the helper is not handed the value, or three helpers
// deep.
func evalHelper(c *ssa.Call, u unknown) constant.Value {
	fn, bu := bindHelper(c, u)
	if fn == nil {
		return nil
	}
	a, _ := answerOf(fn, bu)
	return a
}

// bindHelper: the helper c calls, and the unknown inside it, when c hands
// it the value; nil otherwise.
func bindHelper(c *ssa.Call, u unknown) (*ssa.Function, *boundUnknown) {
	fn := c.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Blocks) > 40 || c.Parent() == nil || fn.Pkg != c.Parent().Pkg || !answersBool(fn) {
		return nil, nil
	}
	if b, nested := u.(*boundUnknown); nested && b.level >= 2 {
		return nil, nil
	}
	h, ok := u.(holder)
	if !ok {
		return nil, nil
	}
	bu := &boundUnknown{outer: u, params: map[ssa.Value]ssa.Value{}, level: 1}
	if b, nested := u.(*boundUnknown); nested {
		bu.level = b.level + 1
	}
	handed := false
	bind := func(p, a ssa.Value) {
		for _, v := range spilled(fn, p) {
			bu.params[v] = a
		}
		handed = handed || h.holds(a) || readsHeldField(fn, p, a, h)
	}
	for i, a := range c.Call.Args {
		if i < len(fn.Params) {
			bind(fn.Params[i], a)
		}
	}
	if mc, isClosure := c.Call.Value.(*ssa.MakeClosure); isClosure {
		for i, a := range mc.Bindings {
			if i < len(fn.FreeVars) {
				bind(fn.FreeVars[i], a)
			}
		}
	}
	if !handed {
		return nil, nil
	}
	return fn, bu
}

// answerOf: the constant fn answers first under u, and the returns that
// give it; nil when it cannot tell. Either every return the unknown lets
// fn reach answers it, or — where the answer also depends on other values
// — every return whose answer the unknown decides does (a constant with
// the value unknown, undecided with it known: return all || !unset): the
// unknown then gives that answer where a known value could give the other.
func answerOf(fn *ssa.Function, u *boundUnknown) (constant.Value, []*ssa.Return) {
	var rets []*ssa.Return
	walkBlocks(fn.Blocks[0], u, true, func(b *ssa.BasicBlock) bool {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if isRet && len(ret.Results) > 0 {
			rets = append(rets, ret)
		}
		return !isRet
	})
	known := &boundUnknown{params: u.params, level: u.level} // holds nothing: the value read as known
	if knownAnswer(fn, known) != nil {
		return nil, nil // the same answer whatever the value: it decides nothing
	}
	if a := sameAnswer(rets, u); a != nil {
		return a, rets
	}
	var decided []*ssa.Return
	for _, ret := range rets {
		if evalZero(ret.Results[0], known, 1) == nil && evalZero(ret.Results[0], u, 1) != nil {
			decided = append(decided, ret)
		}
	}
	if a := sameAnswer(decided, u); a != nil {
		return a, decided
	}
	return nil, nil
}

// knownAnswer: the constant fn answers first on every way with the value
// known, or nil.
func knownAnswer(fn *ssa.Function, known *boundUnknown) constant.Value {
	var rets []*ssa.Return
	walkBlocks(fn.Blocks[0], known, true, func(b *ssa.BasicBlock) bool {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if isRet && len(ret.Results) > 0 {
			rets = append(rets, ret)
		}
		return !isRet
	})
	return sameAnswer(rets, known)
}

// sameAnswer: the bool constant every one of rets answers first under u,
// or nil.
func sameAnswer(rets []*ssa.Return, u *boundUnknown) constant.Value {
	var out constant.Value
	for _, ret := range rets {
		x := evalZero(ret.Results[0], u, 1)
		if x == nil || out != nil && !sameConst(out, x) {
			return nil
		}
		out = x
	}
	if out == nil || out.Kind() != constant.Bool {
		return nil
	}
	return out
}

// answerTrail: where a helper's answer for the unknown comes from — the
// returns giving it, and those of the helpers it hands the value on to.
func answerTrail(c *ssa.Call, u unknown) []analysis.RelatedInformation {
	fn, bu := bindHelper(c, u)
	if fn == nil {
		return nil
	}
	a, rets := answerOf(fn, bu)
	if a == nil {
		return nil
	}
	var out []analysis.RelatedInformation
	for _, ret := range rets {
		out = append(out, lint.Related(ret.Pos(), "%s answers %s here while the value is unknown", fn.Name(), a.ExactString()))
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if inner, ok := instr.(*ssa.Call); ok && evalHelper(inner, bu) != nil {
				out = append(out, answerTrail(inner, bu)...)
			}
		}
	}
	return out
}

func answersBool(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// readsHeldField: fn reads, from its parameter p handed the model a, a
// field h holds.
func readsHeldField(fn *ssa.Function, p, a ssa.Value, h holder) bool {
	for _, tag := range fieldsRead(fn, p) {
		if h.holdsField(a, tag) {
			return true
		}
	}
	return false
}

// fieldsRead: the tags of the fields fn reads from its parameter p (a
// model pointer: m.Address).
func fieldsRead(fn *ssa.Function, p ssa.Value) []string {
	var tags []string
	var spill ssa.Value = p
	if vs := spilled(fn, p); len(vs) > 1 {
		spill = vs[1]
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var x ssa.Value
			tag := ""
			switch in := instr.(type) {
			case *ssa.FieldAddr:
				x, tag = in.X, modelflow.FieldTag(in)
			case *ssa.Field:
				x, tag = fieldOf(in)
			}
			if x != nil && tag != "" && (x == p || x == spill) {
				tags = append(tags, tag)
			}
		}
	}
	return tags
}

// helperRead is one value a helper call is handed that the scope may hold
// unknown: its key and label.
type helperRead struct{ key, label string }

// helperReads: for a call of a helper of the package answering a bool, the
// values it is handed that may be unknown — an argument (or a closure's
// captured value) the scope keys, or a field the helper reads from a model
// it is handed (a method's receiver): reads the check follows like
// x.IsUnknown().
func helperReads(c *ssa.Call, s *fwScope) []helperRead {
	fn := c.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || c.Parent() == nil || fn.Pkg != c.Parent().Pkg || !answersBool(fn) {
		return nil
	}
	var out []helperRead
	add := func(p, a ssa.Value) {
		// The fields a helper reads from a model it is handed first: the
		// model as a whole is keyed too, but read only field by field.
		n := len(out)
		for _, tag := range fieldsRead(fn, p) {
			if k, label := s.fieldKey(a, tag); k != "" {
				out = append(out, helperRead{k, label})
			}
		}
		if k, label := s.key(a); k != "" && len(out) == n {
			out = append(out, helperRead{k, label})
		}
		if k := pathKey(a); k != "" && readsAtParam(fn, p) {
			out = append(out, helperRead{k, pathLabel(k)})
		}
	}
	for i, a := range c.Call.Args {
		if i < len(fn.Params) {
			add(fn.Params[i], a)
		}
	}
	if mc, isClosure := c.Call.Value.(*ssa.MakeClosure); isClosure {
		for i, a := range mc.Bindings {
			if i < len(fn.FreeVars) {
				add(fn.FreeVars[i], a)
			}
		}
	}
	return out
}

// helperDecides reports c, a call of a package helper handed a value that
// may be unknown, when the helper's answer for the unknown decides an error
// diagnostic the known value can avoid. It tells whether c was such a call.
func helperDecides(rep *lint.Reporter, fn *ssa.Function, s *fwScope, c *ssa.Call, reported map[string]bool) bool {
	reads := helperReads(c, s)
	for _, r := range reads {
		if !reported[r.key] {
			helperDecidesOn(rep, fn, s, c, r, reported)
		}
	}
	return len(reads) > 0
}

// helperDecidesOn reports c when the helper's answer with r unknown decides
// an error diagnostic the other answer avoids.
func helperDecidesOn(rep *lint.Reporter, fn *ssa.Function, s *fwScope, c *ssa.Call, r helperRead, reported map[string]bool) {
	k, label := r.key, r.label
	u := fwUnknown{s, k}
	answer := evalHelper(c, u)
	read := firstResult(c)
	if answer == nil || read == nil {
		return
	}
	br, _, decided := decidesAt(read, nil, u, nil, false)
	if !decided {
		return
	}
	reported[k] = true
	rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: c.Pos(),
		Related: append([]analysis.RelatedInformation{
			lint.Related(br, "the helper's answer decides this branch, which adds an error diagnostic"),
			lint.Related(c.Call.StaticCallee().Pos(), "the helper, which answers %s for an unknown value", answer.ExactString()),
		}, answerTrail(c, u)...),
		Message: fmt.Sprintf("%s hands %s to %s, which answers %s while the value is unknown (it tests IsNull/IsUnknown itself), and that answer adds an error: a value from another resource is unknown at validation and plan time, so a valid configuration is rejected; skip the check while the value is unknown", fn.Name(), label, calleeName(c), answer.ExactString())})
}

// firstResult: the value of c's first result (c itself, or its Extract #0).
func firstResult(c *ssa.Call) ssa.Value {
	if c.Call.Signature().Results().Len() == 1 {
		return c
	}
	for _, r := range *c.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == 0 {
			return e
		}
	}
	return nil
}

// spilled: p, and the local p is copied into when its address is taken (a
// value receiver: t0 = local M (m); *t0 = m; &t0.Region).
func spilled(fn *ssa.Function, p ssa.Value) []ssa.Value {
	out := []ssa.Value{p}
	if len(fn.Blocks) == 0 {
		return out
	}
	for _, instr := range fn.Blocks[0].Instrs {
		if st, ok := instr.(*ssa.Store); ok && st.Val == p {
			if a, isAlloc := st.Addr.(*ssa.Alloc); isAlloc {
				out = append(out, a)
			}
		}
	}
	return out
}
