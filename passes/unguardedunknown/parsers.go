// Parsers that fail on the empty string an unknown value reads as: their
// error is known to be non-nil while the value is unknown. Returned, it
// rejects a valid configuration (VALIDATE-1); swallowed on a way that skips
// d.SetNew, it changes the final plan (PLAN-8).

package unguardedunknown

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// nonNilMark stands for "an error that is not nil" while evaluating.
var nonNilMark = constant.MakeString("\x00non-nil error")

// helperCache remembers which in-package helpers fail when a string
// parameter is "" (one level: a helper's own helpers are not followed).
type helperCache map[helperKey]bool

type helperKey struct {
	fn *ssa.Function
	i  int
}

// withHelpers: an unknown whose evaluation may follow in-package helpers.
type withHelpers interface{ helpers() helperCache }

// parseFails: with the value unknown, v is the error result of a parser (or
// an in-package helper that parses) given "": the error is not nil.
func parseFails(v ssa.Value, u unknown, depth int) *ssa.Call {
	c, ok := v.(*ssa.Call)
	if e, isExtract := v.(*ssa.Extract); isExtract {
		c, ok = e.Tuple.(*ssa.Call)
		if ok && e.Index != c.Call.Signature().Results().Len()-1 {
			return nil
		}
	}
	if !ok || !tfapi.IsError(v.Type()) {
		return nil
	}
	if i, ok := emptyArg(c); ok {
		if isEmpty(evalZero(c.Call.Args[i], u, depth+1)) {
			return c
		}
		return nil
	}
	for i, a := range c.Call.Args {
		if summarisedFails(c, i, u) && isEmpty(evalZero(a, u, depth+1)) {
			return c
		}
	}
	h, ok := u.(withHelpers)
	if !ok || h.helpers() == nil || !isHelper(c) {
		return nil
	}
	for i, a := range c.Call.Args {
		if isEmpty(evalZero(a, u, depth+1)) && h.helpers().fails(c.Call.StaticCallee(), i) {
			return c
		}
	}
	return nil
}

// emptyArg: c calls a parser of emptyFails; the index of its input.
func emptyArg(c *ssa.Call) (int, bool) {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Signature.Recv() != nil {
		return 0, false
	}
	i, ok := facts.EmptyFailsStd[fn.Pkg.Pkg.Path()+"."+fn.Name()]
	return i, ok && i < len(c.Call.Args)
}

// isHelper: c calls a function of the caller's own package whose body we have.
func isHelper(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Pkg == c.Parent().Pkg && len(fn.Blocks) > 0
}

func isEmpty(v constant.Value) bool {
	return v != nil && v != nonNilMark && v.Kind() == constant.String && constant.StringVal(v) == ""
}

// feedsParser: v is the input of a parser, or a string argument of an
// in-package helper, at call c: a value the walk follows into c's error.
func feedsParser(c *ssa.Call, v ssa.Value, u unknown) bool {
	if i, ok := emptyArg(c); ok {
		return c.Call.Args[i] == v
	}
	for i, a := range c.Call.Args {
		if a == v && summarisedFails(c, i, u) {
			return true
		}
	}
	if h, ok := u.(withHelpers); !ok || h.helpers() == nil || !isHelper(c) {
		return false
	}
	for _, a := range c.Call.Args {
		if a == v {
			return true
		}
	}
	return false
}

// fails: fn returns an error on a path reached with its i-th parameter ""
// (a string), decided by that parameter, while another way can succeed.
func (h helperCache) fails(fn *ssa.Function, i int) bool {
	k := helperKey{fn, i}
	if v, ok := h[k]; ok {
		return v
	}
	h[k] = false // recursion stays quiet
	if i >= len(fn.Params) || !isString(fn.Params[i].Type()) {
		return false
	}
	_, ok := decides(fn.Params[i], paramEmpty{fn.Params[i]})
	h[k] = ok
	return ok
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// paramEmpty reads one string parameter of a helper as "" and fails where
// the helper returns an error.
type paramEmpty struct{ p *ssa.Parameter }

func (u paramEmpty) leaf(v ssa.Value) (constant.Value, bool) {
	if v == u.p {
		return constant.MakeString(""), true
	}
	return nil, false
}

func (paramEmpty) fails(b *ssa.BasicBlock) ssa.Instruction {
	return sdkUnknown{}.fails(b)
}

// withModel: an unknown that can ask the provider model what functions of
// other packages do.
type withModel interface{ factsModel() *facts.Model }

// summarisedFails: c calls a function, of any package, summarised as
// returning an error whenever its i-th argument (SSA order: the receiver
// first) is "" — an enum's FromString, a parser of a fixed set of names.
func summarisedFails(c *ssa.Call, i int, u unknown) bool {
	m, ok := u.(withModel)
	fn := c.Call.StaticCallee()
	if !ok || m.factsModel() == nil || fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && m.factsModel().FailsOnEmpty(obj, i)
}

// summarisedAnswer: c calls a function, of any package, summarised as
// answering a constant bool whenever an argument is unknown
// (attribute.IsDefined(v)), handed the value itself; that answer, or nil.
func summarisedAnswer(c *ssa.Call, u unknown) constant.Value {
	m, ok := u.(withModel)
	h, isHolder := u.(holder)
	fn := c.Call.StaticCallee()
	if !ok || !isHolder || m.factsModel() == nil || fn == nil {
		return nil
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	for i, a := range c.Call.Args {
		if answer, ok := m.factsModel().AnswersWhenUnknown(obj, i); ok && h.holds(a) {
			return constant.MakeBool(answer)
		}
	}
	return nil
}
