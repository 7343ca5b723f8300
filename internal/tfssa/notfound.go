package tfssa

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// NotFound is a branch on a test for a missing remote object.
type NotFound struct {
	Succ int    // the successor taken when the object is missing
	What string // how the test reads, for the message
	// LocalNil: a nil object from a helper of the same package, whose nil may
	// mean something else (GitHub's "not modified" for an ETag).
	LocalNil bool
	// Call: for a nil object, the client call that returned it.
	Call *ssa.Call
}

// NotFoundBranch recognises the common shapes of "the object is gone": an
// HTTP 404 or codes.NotFound comparison, a not-found predicate (by name or
// by summary), errors.Is with a not-found target, a "not found" message
// match, a nil object from a client call that also returns an error, and a
// false `exists` from an Exists helper. sums tells which functions are
// summarised as not-found tests, and which never answer a nil object
// without an error (a nil test of theirs is no not-found test).
func NotFoundBranch(ifi *ssa.If, sums Summaries) (NotFound, bool) {
	if sums == nil {
		sums = noSummaries{}
	}
	nf, ok := notFoundCond(ifi.Cond, sums)
	return nf, ok
}

// Summaries is what NotFoundBranch needs of the functions' summaries
// (facts.Model).
type Summaries interface {
	NotFoundPredicate(*types.Func) bool
	NeverNil(*types.Func) bool
}

// noSummaries knows no function.
type noSummaries struct{}

func (noSummaries) NotFoundPredicate(*types.Func) bool { return false }
func (noSummaries) NeverNil(*types.Func) bool          { return false }

func notFoundCond(cond ssa.Value, sums Summaries) (NotFound, bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			nf, ok := notFoundCond(c.X, sums)
			nf.Succ = 1 - nf.Succ
			return nf, ok
		}
	case *ssa.BinOp:
		return notFoundCompare(c, sums)
	case *ssa.Call:
		return notFoundCall(c.Common(), sums.NotFoundPredicate)
	case *ssa.Extract:
		if call, ok := c.Tuple.(*ssa.Call); ok && c.Index == 0 {
			if name := calleeName(call.Common()); isExistsName(name) {
				return NotFound{Succ: 1, What: name + " reported false"}, true
			}
		}
	}
	return NotFound{}, false
}

func notFoundCompare(b *ssa.BinOp, sums Summaries) (NotFound, bool) {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return NotFound{}, false
	}
	succ := 0
	if b.Op == token.NEQ {
		succ = 1
	}
	for _, pair := range [][2]ssa.Value{{b.X, b.Y}, {b.Y, b.X}} {
		c, ok := pair[1].(*ssa.Const)
		if !ok {
			continue
		}
		if tfapi.NotFoundStatus(c.Type(), c.Value) {
			return NotFound{Succ: succ, What: "the status is " + c.Value.ExactString()}, true
		}
		if tfapi.NotFoundText(c.Value) {
			// An API's error code: apiErr.Code == "ResourceNotFound".
			return NotFound{Succ: succ, What: "the code is " + c.Value.ExactString()}, true
		}
		if c.IsNil() {
			if name, ok := nilObject(pair[0]); ok && !neverNil(pair[0].(*ssa.Extract).Tuple.(*ssa.Call), sums) {
				call := pair[0].(*ssa.Extract).Tuple.(*ssa.Call)
				return NotFound{Succ: succ, What: name + " returned a nil object", LocalNil: localCallee(pair[0]), Call: call}, true
			}
		}
	}
	// err == ErrNotFound
	for _, v := range []ssa.Value{b.X, b.Y} {
		if g := globalLoad(v); g != nil && tfapi.NotFoundName(g.Name()) {
			return NotFound{Succ: succ, What: "the error is " + g.Name()}, true
		}
	}
	return NotFound{}, false
}

// nilObject recognises the first result of a client call that also returns
// an error (`obj, err := client.Get(id)`; obj == nil means not found for
// clients such as Vault's and Consul's). *http.Response is excluded: it is
// nil on transport errors, not on a 404.
func nilObject(v ssa.Value) (string, bool) {
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return "", false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return "", false
	}
	res := call.Common().Signature().Results()
	if res.Len() < 2 || !tfapi.IsError(res.At(res.Len()-1).Type()) || tfapi.IsError(ex.Type()) {
		return "", false
	}
	if _, ok := types.Unalias(ex.Type()).(*types.Pointer); !ok {
		return "", false
	}
	for i := 0; i < res.Len(); i++ {
		// Clients that return the HTTP response report a 404 there; a nil
		// object beside it is a defensive "unexpected" check.
		if _, n := tfapi.Named(res.At(i).Type()); strings.HasSuffix(n, "Response") {
			return "", false
		}
	}
	name := calleeName(call.Common())
	if strings.HasPrefix(name, "List") {
		return "", false // an empty listing is not a missing object
	}
	return name, true
}

func notFoundCall(c *ssa.CallCommon, isPredicate func(*types.Func) bool) (NotFound, bool) {
	name := calleeName(c)
	if fn := c.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok && isPredicate != nil && isPredicate(obj) {
			return NotFound{Succ: 0, What: name + " reported not found"}, true
		}
		if pkg := fn.Pkg; pkg != nil && (pkg.Pkg.Path() == "errors" || strings.HasSuffix(pkg.Pkg.Path(), "/errors")) && (fn.Name() == "Is" || fn.Name() == "As") && len(c.Args) == 2 && !readsResourceData(c.Args[0]) {
			if g := globalLoad(c.Args[1]); g != nil && tfapi.NotFoundName(g.Name()) {
				return NotFound{Succ: 0, What: "the error is " + g.Name()}, true
			}
			if tfapi.NotFoundName(types.TypeString(unbox(c.Args[1]).Type(), nil)) {
				return NotFound{Succ: 0, What: "the error is a not-found error"}, true
			}
		}
		if len(c.Args) == 2 && fn.Pkg != nil {
			if k, ok := c.Args[1].(*ssa.Const); ok && tfapi.NotFoundMessageMatch(fn.Pkg.Pkg.Path(), len(c.Args), k.Value) {
				return NotFound{Succ: 0, What: fmt.Sprintf("the message contains %s", k.Value.ExactString())}, true
			}
		}
	}
	if tfapi.NotFoundPredicate(shortName(name), c.Signature()) && !isExistsName(name) {
		return NotFound{Succ: 0, What: name + " reported not found"}, true
	}
	if tfapi.ReturnsBool(c.Signature()) && isExistsName(name) {
		return NotFound{Succ: 1, What: name + " reported false"}, true
	}
	return NotFound{}, false
}

// isExistsName matches an existence check (resourceFooExists, exists), not a
// not-exist predicate.
func isExistsName(name string) bool {
	n := strings.ToLower(shortName(name))
	return strings.Contains(n, "exist") && !tfapi.NotFoundName(n)
}

// unbox looks through the conversion to any of an argument: errors.As's
// target (&nfe) arrives boxed, its type only inside.
func unbox(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}

func shortName(name string) string {
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[i+1:]
	}
	return name
}

func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if fn := c.StaticCallee(); fn != nil {
		return fn.Name()
	}
	return ""
}

func globalLoad(v ssa.Value) *ssa.Global {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		g, _ := u.X.(*ssa.Global)
		return g
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return globalLoad(mi.X)
	}
	return nil
}

// CondPos is where a branch's condition is written, if known; for a result
// of a multi-value call (`ok, err := f(); if !ok`), which has no position of
// its own, the call.
func CondPos(ifi *ssa.If) token.Pos {
	if p := ifi.Cond.Pos(); p.IsValid() {
		return p
	}
	if ex, ok := ifi.Cond.(*ssa.Extract); ok {
		return ex.Tuple.Pos()
	}
	return ifi.Pos()
}

func localCallee(v ssa.Value) bool {
	call := v.(*ssa.Extract).Tuple.(*ssa.Call)
	fn := call.Common().StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Pkg == call.Parent().Pkg
}

// readsResourceData: err comes from a call handed the ResourceData (akamai's
// tf.GetListValue("target", d) answers ErrNotFound for an absent key): a
// missing attribute, not a missing remote object.
func readsResourceData(err ssa.Value) bool {
	if ex, ok := err.(*ssa.Extract); ok {
		err = ex.Tuple
	}
	call, ok := err.(*ssa.Call)
	return ok && HandsResourceData(call.Common())
}

// DependsOnError: v is computed from call's last (error) result through a
// few steps (calls, conversions, field reads; not through errors.As targets).
func DependsOnError(v ssa.Value, call *ssa.Call) bool {
	return dependsOnError(v, call, 6)
}

func dependsOnError(v ssa.Value, call *ssa.Call, depth int) bool {
	if depth == 0 || v == nil {
		return false
	}
	if ex, ok := v.(*ssa.Extract); ok && ex.Tuple == call {
		return ex.Index == call.Common().Signature().Results().Len()-1
	}
	if v == ssa.Value(call) {
		return call.Common().Signature().Results().Len() == 1
	}
	var ops []*ssa.Value
	switch x := v.(type) {
	case *ssa.Call, *ssa.UnOp, *ssa.BinOp, *ssa.ChangeInterface, *ssa.MakeInterface,
		*ssa.TypeAssert, *ssa.Field, *ssa.FieldAddr, *ssa.Extract, *ssa.Convert, *ssa.ChangeType:
		ops = x.(ssa.Instruction).Operands(nil)
	default:
		return false
	}
	for _, op := range ops {
		if op != nil && dependsOnError(*op, call, depth-1) {
			return true
		}
	}
	return false
}

// neverNil: the call's callee is summarised as never answering a nil object
// without an error.
func neverNil(call *ssa.Call, sums Summaries) bool {
	fn := call.Common().StaticCallee()
	if fn == nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && sums.NeverNil(obj)
}

// DefensiveNil: cond tests for nil the object a function answered that is
// summarised as never nil without an error: the branch cannot be taken.
func DefensiveNil(cond ssa.Value, sums Summaries) bool {
	b, ok := cond.(*ssa.BinOp)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	for _, pair := range [][2]ssa.Value{{b.X, b.Y}, {b.Y, b.X}} {
		if !IsNilConst(pair[1]) {
			continue
		}
		if neverNilAnswer(pair[0], sums) || storedNeverNil(pair[0], sums) {
			return true
		}
	}
	return false
}

// neverNilAnswer: v is the object a never-nil function answered.
func neverNilAnswer(v ssa.Value, sums Summaries) bool {
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	return ok && neverNil(call, sums)
}

// storedNeverNil: v loads a variable that is only ever assigned a
// never-nil function's answer, in its function or in the closures that
// capture it (var r *T; retry.RetryContext(ctx, timeout, func()
// *retry.RetryError { r, err = get(ctx, id); ... }); if r == nil).
func storedNeverNil(v ssa.Value, sums Summaries) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	a, ok := load.X.(*ssa.Alloc)
	if !ok || a.Referrers() == nil {
		return false
	}
	stored := 0
	addrs := []ssa.Value{a}
	for _, r := range *a.Referrers() {
		if mc, ok := r.(*ssa.MakeClosure); ok {
			for i, b := range mc.Bindings {
				if b == ssa.Value(a) {
					addrs = append(addrs, mc.Fn.(*ssa.Function).FreeVars[i])
				}
			}
		}
	}
	for _, addr := range addrs {
		for _, r := range *addr.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != addr || !neverNilAnswer(r.Val, sums) {
					return false
				}
				stored++
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.MakeClosure:
				if addr != ssa.Value(a) {
					return false // captured again, deeper: not followed
				}
			default:
				return false // its address escapes: it may be set elsewhere
			}
		}
	}
	return stored > 0
}
