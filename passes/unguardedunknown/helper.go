// Following the package's own helpers: a function, closure or method handed
// a possibly unknown value and answering a bool about it
// (isSet(v) { return !v.IsNull() && !v.IsUnknown() }) decides a validation
// as much as the tests it holds would inline.

package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// holder: an unknown that can tell whether a value of its function is the
// possibly unknown value itself (not a read of it).
type holder interface{ holds(v ssa.Value) bool }

func (u fwUnknown) holds(v ssa.Value) bool {
	k, _ := u.s.key(v)
	return k != "" && k == u.key
}

// boundUnknown: the unknown inside a helper it is handed; params maps the
// helper's parameters (and a closure's free variables) to the caller's values.
type boundUnknown struct {
	outer  unknown
	params map[ssa.Value]ssa.Value
	level  int
}

func (b *boundUnknown) holds(v ssa.Value) bool {
	a, ok := b.params[v]
	h, isHolder := b.outer.(holder)
	return ok && isHolder && h.holds(a)
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
	if !ok || len(c.Call.Args) != 1 || c.Call.Signature().Recv() == nil || !b.holds(c.Call.Args[0]) {
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
	switch name := c.Call.StaticCallee().Name(); {
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
// package answers first when handed the value: every return the unknown
// lets it reach must answer the same constant. Nil when it cannot tell,
// when the helper is not handed the value, or two helpers deep.
func evalHelper(c *ssa.Call, u unknown) constant.Value {
	fn := c.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Blocks) > 40 || c.Parent() == nil || fn.Pkg != c.Parent().Pkg || !answersBool(fn) {
		return nil
	}
	if b, nested := u.(*boundUnknown); nested && b.level >= 2 {
		return nil
	}
	h, ok := u.(holder)
	if !ok {
		return nil
	}
	bu := &boundUnknown{outer: u, params: map[ssa.Value]ssa.Value{}, level: 1}
	if b, nested := u.(*boundUnknown); nested {
		bu.level = b.level + 1
	}
	handed := false
	bind := func(p, a ssa.Value) {
		bu.params[p] = a
		handed = handed || h.holds(a)
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
		return nil
	}
	return sameAnswer(fn, bu)
}

// sameAnswer: the constant every return of fn reachable under u answers
// first, or nil.
func sameAnswer(fn *ssa.Function, u *boundUnknown) constant.Value {
	var out constant.Value
	mixed := false
	walkBlocks(fn.Blocks[0], u, true, func(b *ssa.BasicBlock) bool {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || mixed {
			return !mixed
		}
		x := evalZero(ret.Results[0], u, 1)
		if x == nil || out != nil && !sameConst(out, x) {
			mixed = true
		}
		out = x
		return false
	})
	if mixed || out == nil || out.Kind() != constant.Bool {
		return nil
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

// helperReads: the calls of fn to helpers of the package handed a value
// the scope may hold unknown, with the key of that value: reads the check
// follows like x.IsUnknown().
func helperReads(c *ssa.Call, s *fwScope) (string, string, bool) {
	fn := c.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || c.Parent() == nil || fn.Pkg != c.Parent().Pkg || !answersBool(fn) {
		return "", "", false
	}
	args := c.Call.Args
	if mc, isClosure := c.Call.Value.(*ssa.MakeClosure); isClosure {
		args = append(append([]ssa.Value{}, args...), mc.Bindings...)
	}
	for _, a := range args {
		if k, label := s.key(a); k != "" {
			return k, label, true
		}
	}
	return "", "", false
}

// helperDecides reports c, a call of a package helper handed a value that
// may be unknown, when the helper's answer for the unknown decides an error
// diagnostic the known value can avoid. It tells whether c was such a call.
func helperDecides(rep *lint.Reporter, fn *ssa.Function, s *fwScope, c *ssa.Call, reported map[string]bool) bool {
	k, label, ok := helperReads(c, s)
	if !ok {
		return false
	}
	if reported[k] {
		return true
	}
	u := fwUnknown{s, k}
	answer := evalHelper(c, u)
	read := firstResult(c)
	if answer == nil || read == nil {
		return true
	}
	br, _, decided := decidesAt(read, nil, u, nil, false)
	if !decided {
		return true
	}
	reported[k] = true
	rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: c.Pos(),
		Related: []analysis.RelatedInformation{
			lint.Related(br, "the helper's answer decides this branch, which adds an error diagnostic"),
			lint.Related(c.Call.StaticCallee().Pos(), "the helper, which answers %s for an unknown value", answer.ExactString()),
		},
		Message: fmt.Sprintf("%s hands %s to %s, which answers %s while the value is unknown (it tests IsNull/IsUnknown itself), and that answer adds an error: a value from another resource is unknown at validation and plan time, so a valid configuration is rejected; skip the check while the value is unknown", fn.Name(), label, calleeName(c), answer.ExactString())})
	return true
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
