// Helpers of the VALIDATE-1 check: which way a branch goes on the zero value
// an unknown reads as, and whether that way fails while the other can succeed.

package unguardedunknown

import (
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// unknown is one value that may be unknown at plan time, as the code reads
// it: leaf gives the constant a read of it yields when it is unknown (zero,
// unset, IsUnknown() true); fails tells the blocks that reject the
// configuration (an error return, an error diagnostic).
type unknown interface {
	leaf(v ssa.Value) (constant.Value, bool)
	fails(b *ssa.BasicBlock) ssa.Instruction
}

// decides returns the position of a branch whose condition is derived from
// the read (through extracts, type assertions, comparisons, len, negation,
// the error of a parser given it) and which, with the value unknown, goes
// the way of a failure the other way does not reach.
func decides(read ssa.Value, u unknown) (token.Pos, bool) {
	pos, _, ok := decidesAt(read, nil, u, nil, false)
	return pos, ok
}

// decidesAt walks from the read to the branches it decides and returns the
// first where at holds, with the parser call the value went through (via
// at the start, nil when it went through none). A nil at stands for
// zeroLeadsToFailure, where the error of a parser, returned as it is,
// counts as a branch of its own (return json.Unmarshal(...)). With parsed,
// only branches the value reaches through a parser count.
func decidesAt(read ssa.Value, via *ssa.Call, u unknown, at func(ifi *ssa.If) bool, parsed bool) (token.Pos, *ssa.Call, bool) {
	fails := at == nil
	if fails {
		at = func(ifi *ssa.If) bool { return zeroLeadsToFailure(ifi, u) }
	}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int, via *ssa.Call) (token.Pos, *ssa.Call, bool)
	walk = func(v ssa.Value, depth int, via *ssa.Call) (token.Pos, *ssa.Call, bool) {
		if seen[v] || depth > 6 || v.Referrers() == nil {
			return token.NoPos, nil, false
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			next, nextVia := ssa.Value(nil), via
			switch r := r.(type) {
			case *ssa.If:
				if (via != nil || !parsed) && at(r) {
					return lint.FirstValid(tfssa.CondPos(r), v.Pos(), read.Pos()), via, true
				}
			case *ssa.Return:
				if fails && via != nil && returnsParseError(r, v, u) {
					return lint.FirstValid(via.Pos(), read.Pos()), via, true
				}
			case *ssa.Extract, *ssa.TypeAssert, *ssa.BinOp, *ssa.UnOp, *ssa.ChangeType, *ssa.Convert:
				next = r.(ssa.Value)
			case *ssa.Call:
				if isLen(r) || isSetLen(r) || isStringsFunc(r) || isRegexpMatch(r, v) {
					next = r
				} else if feedsParser(r, v, u) {
					next, nextVia = r, r
				}
			}
			if next == nil {
				continue
			}
			if p, c, ok := walk(next, depth+1, nextVia); ok {
				return p, c, true
			}
		}
		return token.NoPos, nil, false
	}
	return walk(read, 0, via)
}

// returnsParseError: ret, reached with the value unknown, returns v as its
// error, and v is a parser's error that is not nil then.
func returnsParseError(ret *ssa.Return, v ssa.Value, u unknown) bool {
	if len(ret.Results) == 0 || ret.Results[len(ret.Results)-1] != v || u.fails(ret.Block()) == nil {
		return false
	}
	fn := ret.Parent()
	return evalZero(v, u, 0) == nonNilMark && zeroReaches(fn.Blocks[0], ret.Block(), u)
}

// zeroLeadsToFailure: with the value unknown the branch can be decided, is
// reached, and its taken successor reaches a failure the other does not,
// while the other can succeed (when both ways fail, the value is not what
// rejects the configuration).
func zeroLeadsToFailure(ifi *ssa.If, u unknown) bool {
	v := evalZero(ifi.Cond, u, 0)
	if v == nil || v.Kind() != constant.Bool {
		return false
	}
	// In "v != "" && v != "x"", the second test runs only for a non-empty v.
	if fn := ifi.Parent(); len(fn.Blocks) == 0 || !zeroReaches(fn.Blocks[0], ifi.Block(), u) {
		return false
	}
	succs := ifi.Block().Succs
	if len(succs) != 2 {
		return false
	}
	taken, other := succs[0], succs[1]
	if !constant.BoolVal(v) {
		taken, other = other, taken
	}
	if !canSucceed(other, u) {
		return false
	}
	a, b := failures(taken, u, true), failures(other, u, false)
	for r := range a {
		if !b[r] {
			return true
		}
	}
	return false
}

// zeroReaches: to is reachable from from when branches the unknown value
// decides go only the way it takes.
func zeroReaches(from, to *ssa.BasicBlock, u unknown) bool {
	found := false
	walkBlocks(from, u, true, func(b *ssa.BasicBlock) bool {
		found = found || b == to
		return !found
	})
	return found
}

// stopper is an unknown read per element of a loop: the blocks where it
// stops take the next element, so the walks of the ways a branch goes end there.
type stopper interface{ stops(b *ssa.BasicBlock) bool }

// passer: an unknown whose element passed when the loop takes the next one
// (a validator's error for an element is added where it is found).
type passer interface{ passesAtNext() bool }

func passes(u unknown) bool {
	p, ok := u.(passer)
	return ok && p.passesAtNext()
}

func stops(u unknown, b *ssa.BasicBlock) bool {
	s, ok := u.(stopper)
	return ok && s.stops(b)
}

func canSucceed(from *ssa.BasicBlock, u unknown) bool {
	ok := false
	walkBlocks(from, u, false, func(b *ssa.BasicBlock) bool {
		if stops(u, b) {
			ok = ok || passes(u)
			return false
		}
		if u.fails(b) != nil {
			return false
		}
		if _, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return); isRet {
			ok = true
		}
		return !ok
	})
	return ok
}

// failures: the failing instructions reachable from a block; pruned, the
// branches the unknown value decides (a switch's other cases) go only its way.
func failures(from *ssa.BasicBlock, u unknown, prune bool) map[ssa.Instruction]bool {
	out := map[ssa.Instruction]bool{}
	walkBlocks(from, u, prune, func(b *ssa.BasicBlock) bool {
		if stops(u, b) {
			return false
		}
		if f := u.fails(b); f != nil {
			out[f] = true
			return false
		}
		return true
	})
	return out
}

// walkBlocks visits the blocks reachable from from; visit returns whether
// to go on past a block.
func walkBlocks(from *ssa.BasicBlock, u unknown, prune bool, visit func(*ssa.BasicBlock) bool) {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if !visit(b) {
			continue
		}
		if prune {
			stack = append(stack, zeroSuccs(b, u)...)
		} else {
			stack = append(stack, b.Succs...)
		}
	}
}

// zeroSuccs: b's successors, only the taken one where the unknown value
// decides b's branch.
func zeroSuccs(b *ssa.BasicBlock, u unknown) []*ssa.BasicBlock {
	if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		if v := evalZero(ifi.Cond, u, 0); v != nil && v.Kind() == constant.Bool {
			if constant.BoolVal(v) {
				return b.Succs[:1]
			}
			return b.Succs[1:]
		}
	}
	return b.Succs
}

// zeroMark stands for "the zero value of a non-basic type" (nil interface,
// empty list, set or map) while evaluating.
var zeroMark = constant.MakeUnknown()

// evalZero evaluates v as a constant with the value unknown. Nil when v
// depends on anything else.
func evalZero(v ssa.Value, u unknown, depth int) constant.Value {
	if depth > 8 {
		return nil
	}
	if c, ok := u.leaf(v); ok {
		return c
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return zeroMark
		}
		return v.Value
	case *ssa.Call:
		if (isLen(v) || isSetLen(v)) && evalZero(v.Call.Args[0], u, depth+1) == zeroMark {
			return constant.MakeInt64(0)
		}
		if isLen(v) {
			if x := evalZero(v.Call.Args[0], u, depth+1); x != nil && x.Kind() == constant.String {
				return constant.MakeInt64(int64(len(constant.StringVal(x))))
			}
		}
		if parseFails(v, u, depth) != nil {
			return nonNilMark
		}
		if x := evalRegexp(v, u, depth); x != nil {
			return x
		}
		if x := evalHelper(v, u); x != nil {
			return x
		}
		if x := summarisedAnswer(v, u); x != nil {
			return x
		}
		return evalStrings(v, u, depth)
	case *ssa.Extract:
		if parseFails(v, u, depth) != nil {
			return nonNilMark
		}
		if c, ok := v.Tuple.(*ssa.Call); ok && v.Index == 0 {
			if x := evalHelper(c, u); x != nil {
				return x
			}
			return summarisedAnswer(c, u)
		}
	case *ssa.TypeAssert:
		if v.CommaOk || evalZero(v.X, u, depth+1) != zeroMark {
			return nil
		}
		return zeroOf(v.AssertedType)
	case *ssa.ChangeType:
		return evalZero(v.X, u, depth+1)
	case *ssa.MakeInterface:
		if c, ok := v.X.(*ssa.Const); ok && c.Value != nil {
			return c.Value // d.Get(k) == "": the constant boxed to compare
		}
	case *ssa.Convert:
		return evalZero(v.X, u, depth+1)
	case *ssa.UnOp:
		x := evalZero(v.X, u, depth+1)
		if v.Op == token.NOT && x != nil && x.Kind() == constant.Bool {
			return constant.MakeBool(!constant.BoolVal(x))
		}
	case *ssa.BinOp:
		return evalBinOp(v, u, depth)
	case *ssa.Phi:
		return evalPhi(v, u, depth)
	}
	return nil
}

// evalPhi: a value every way in gives alike (ok := id == "" && v != "",
// false whichever way an unknown v goes).
func evalPhi(v *ssa.Phi, u unknown, depth int) constant.Value {
	if len(v.Edges) > 4 {
		return nil
	}
	var out constant.Value
	for _, e := range v.Edges {
		x := evalZero(e, u, depth+1)
		if x == nil || out != nil && !sameConst(out, x) {
			return nil
		}
		out = x
	}
	return out
}

func sameConst(a, b constant.Value) bool {
	if a == zeroMark || b == zeroMark || a == nonNilMark || b == nonNilMark {
		return a == b
	}
	return a.Kind() == b.Kind() && constant.Compare(a, token.EQL, b)
}

// evalStrings evaluates the pure functions of package strings that
// validators test with, on constant arguments.
func evalStrings(c *ssa.Call, u unknown, depth int) constant.Value {
	if isSlicesContains(c) {
		return evalSlicesContains(c, u, depth)
	}
	if !isStringsFunc(c) {
		return nil
	}
	fn := c.Call.StaticCallee()
	if v := emptyHasNone(c, u, depth); v != nil {
		return v
	}
	var args []string
	for _, a := range c.Call.Args {
		x := evalZero(a, u, depth+1)
		if x == nil || x.Kind() != constant.String {
			return nil
		}
		args = append(args, constant.StringVal(x))
	}
	switch {
	case len(args) == 1 && fn.Name() == "TrimSpace":
		return constant.MakeString(strings.TrimSpace(args[0]))
	case len(args) == 1 && fn.Name() == "ToLower":
		return constant.MakeString(strings.ToLower(args[0]))
	case len(args) == 1 && fn.Name() == "ToUpper":
		return constant.MakeString(strings.ToUpper(args[0]))
	case len(args) == 2 && fn.Name() == "HasPrefix":
		return constant.MakeBool(strings.HasPrefix(args[0], args[1]))
	case len(args) == 2 && fn.Name() == "HasSuffix":
		return constant.MakeBool(strings.HasSuffix(args[0], args[1]))
	case len(args) == 2 && fn.Name() == "Contains":
		return constant.MakeBool(strings.Contains(args[0], args[1]))
	case len(args) == 2 && fn.Name() == "EqualFold":
		return constant.MakeBool(strings.EqualFold(args[0], args[1]))
	}
	return nil
}

// emptyHasNone: strings.HasPrefix/HasSuffix/Contains of the unknown's ""
// and a needle that cannot be empty (a constant, or a concatenation with
// one: projectKey + "-") is false, whatever the needle's other parts.
func emptyHasNone(c *ssa.Call, u unknown, depth int) constant.Value {
	switch c.Call.StaticCallee().Name() {
	case "HasPrefix", "HasSuffix", "Contains":
	default:
		return nil
	}
	if len(c.Call.Args) != 2 || !nonEmpty(c.Call.Args[1], 0) {
		return nil
	}
	if x := evalZero(c.Call.Args[0], u, depth+1); x != nil && x.Kind() == constant.String && constant.StringVal(x) == "" {
		return constant.MakeBool(false)
	}
	return nil
}

func nonEmpty(v ssa.Value, n int) bool {
	if n > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value != nil && x.Value.Kind() == constant.String && constant.StringVal(x.Value) != ""
	case *ssa.BinOp:
		return x.Op == token.ADD && (nonEmpty(x.X, n+1) || nonEmpty(x.Y, n+1))
	}
	return false
}

func evalBinOp(v *ssa.BinOp, u unknown, depth int) constant.Value {
	x, y := evalZero(v.X, u, depth+1), evalZero(v.Y, u, depth+1)
	if x == nil || y == nil {
		return nil
	}
	if x == nonNilMark || y == nonNilMark {
		// err != nil of a parser that failed; nothing else is decidable.
		if (v.Op == token.EQL || v.Op == token.NEQ) && (isNil(v.X) || isNil(v.Y)) {
			return constant.MakeBool(v.Op == token.NEQ)
		}
		return nil
	}
	if x == zeroMark || y == zeroMark {
		if v.Op != token.EQL && v.Op != token.NEQ {
			return nil
		}
		// d.Get(k) == "" compares the interface d.Get returns, which holds
		// the zero value of k's type for an unknown, with a boxed zero.
		if x != y && types.IsInterface(v.X.Type()) && (isZeroConst(x) || isZeroConst(y)) {
			return constant.MakeBool(v.Op == token.EQL)
		}
		// Only nil comparisons are decidable for a zero list, set or map.
		if x != y {
			return nil
		}
		return constant.MakeBool(v.Op == token.EQL)
	}
	if x.Kind() != y.Kind() && !(isNumber(x) && isNumber(y)) {
		return nil
	}
	switch v.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.MakeBool(constant.Compare(x, v.Op, y))
	case token.LAND, token.LOR, token.ADD, token.SUB, token.MUL:
		return constant.BinaryOp(x, v.Op, y)
	}
	return nil
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// isZeroConst: "", 0 or false.
func isZeroConst(c constant.Value) bool {
	switch c.Kind() {
	case constant.String:
		return constant.StringVal(c) == ""
	case constant.Int, constant.Float:
		return constant.Sign(c) == 0
	case constant.Bool:
		return !constant.BoolVal(c)
	}
	return false
}

func isNumber(v constant.Value) bool {
	return v.Kind() == constant.Int || v.Kind() == constant.Float
}

func zeroOf(t types.Type) constant.Value {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return zeroMark
	}
	switch {
	case b.Info()&types.IsString != 0:
		return constant.MakeString("")
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsInteger != 0:
		return constant.MakeInt64(0)
	case b.Info()&types.IsFloat != 0:
		return constant.MakeFloat64(0)
	}
	return nil
}

func isStringsFunc(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" || isSlicesContains(c)
}

// isSlicesContains: slices.Contains(s, v) (an instance of the generic function).
func isSlicesContains(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || len(c.Call.Args) != 2 {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if o := fn.Origin(); o != nil {
		obj, ok = o.Object().(*types.Func)
	}
	return ok && obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "slices" && obj.Name() == "Contains"
}

// evalSlicesContains: slices.Contains of a slice literal of string
// constants and a value that evaluates to a constant string.
func evalSlicesContains(c *ssa.Call, u unknown, depth int) constant.Value {
	elems, ok := constStrings(c.Call.Args[0])
	if !ok {
		return nil
	}
	x := evalZero(c.Call.Args[1], u, depth+1)
	if x == nil || x.Kind() != constant.String {
		return nil
	}
	for _, e := range elems {
		if e == constant.StringVal(x) {
			return constant.MakeBool(true)
		}
	}
	return constant.MakeBool(false)
}

// constStrings: the elements of a slice literal ([]string{"a", "b"}) when
// each is a string constant stored once and nothing else writes the array.
func constStrings(v ssa.Value) ([]string, bool) {
	sl, ok := v.(*ssa.Slice)
	if !ok || sl.Low != nil || sl.High != nil || sl.Max != nil {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	at, ok := arr.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]string, at.Len())
	set := make([]bool, at.Len())
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice:
			if r != sl {
				return nil, false
			}
		case *ssa.IndexAddr:
			i, ok := r.Index.(*ssa.Const)
			if !ok || i.Value == nil {
				return nil, false
			}
			n, exact := constant.Int64Val(constant.ToInt(i.Value))
			if !exact || n < 0 || n >= at.Len() {
				return nil, false
			}
			for _, rr := range *r.Referrers() {
				st, ok := rr.(*ssa.Store)
				if !ok || st.Addr != r || set[n] {
					return nil, false
				}
				k, ok := st.Val.(*ssa.Const)
				if !ok || k.Value == nil || k.Value.Kind() != constant.String {
					return nil, false
				}
				out[n], set[n] = constant.StringVal(k.Value), true
			}
		default:
			return nil, false
		}
	}
	for _, ok := range set {
		if !ok {
			return nil, false
		}
	}
	return out, true
}

func isLen(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len" && len(c.Call.Args) == 1
}

// isSetLen: s.Len() on a *schema.Set (an unknown set reads as empty).
func isSetLen(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Name() != "Len" || fn.Signature.Recv() == nil || len(c.Call.Args) != 1 {
		return false
	}
	p, n := tfapi.Named(fn.Signature.Recv().Type())
	return n == "Set" && tfapi.SDKSchemaPkgs[p] != ""
}

// evalRegexp: re.MatchString(s) of a regexp compiled from a constant
// pattern (regexp.MustCompile("^[0-9]+$"), at the call or in a package
// variable set once by the package's initialisation) on a value that
// evaluates to a constant string: the unknown's "" is matched like any other
// string, so a pattern that needs one character rejects it.
func evalRegexp(c *ssa.Call, u unknown, depth int) constant.Value {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Name() != "MatchString" || fn.Signature.Recv() == nil || len(c.Call.Args) != 2 {
		return nil
	}
	if p, n := tfapi.Named(fn.Signature.Recv().Type()); p != "regexp" || n != "Regexp" {
		return nil
	}
	pat, ok := regexpPattern(c.Call.Args[0])
	if !ok {
		return nil
	}
	x := evalZero(c.Call.Args[1], u, depth+1)
	if x == nil || x.Kind() != constant.String {
		return nil
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil
	}
	return constant.MakeBool(re.MatchString(constant.StringVal(x)))
}

// isRegexpMatch: re.MatchString(v), v the string matched, re compiled from
// a constant pattern.
func isRegexpMatch(c *ssa.Call, v ssa.Value) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Name() != "MatchString" || fn.Signature.Recv() == nil || len(c.Call.Args) != 2 || c.Call.Args[1] != v {
		return false
	}
	if p, n := tfapi.Named(fn.Signature.Recv().Type()); p != "regexp" || n != "Regexp" {
		return false
	}
	_, ok := regexpPattern(c.Call.Args[0])
	return ok
}

// regexpPattern: the constant pattern of regexp.MustCompile(pattern), the
// value itself or the package variable it was stored in, once, by the
// package's init.
func regexpPattern(v ssa.Value) (string, bool) {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		g, ok := ld.X.(*ssa.Global)
		if !ok || g.Pkg == nil {
			return "", false
		}
		init := g.Pkg.Func("init")
		if init == nil {
			return "", false
		}
		var val ssa.Value
		for _, b := range init.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && st.Addr == g {
					if val != nil {
						return "", false
					}
					val = st.Val
				}
			}
		}
		if val == nil {
			return "", false
		}
		v = val
	}
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 {
		return "", false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Name() != "MustCompile" || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "regexp" {
		return "", false
	}
	k, ok := call.Call.Args[0].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}
