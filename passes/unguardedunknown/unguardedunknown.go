package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports CustomizeDiff code that errors on values that may be unknown.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer, flow.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	if !importsSDK(pass) {
		return nil, nil
	}
	funcs := pass.ResultOf[flow.Analyzer].(*flow.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	blocks := blockKeys(model.SDK)
	seen := map[*ssa.Function]bool{}
	var all []*ssa.Function
	var add func(*ssa.Function)
	add = func(fn *ssa.Function) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		all = append(all, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range funcs {
		add(fn)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Pos() < all[j].Pos() })
	for _, fn := range all {
		if d := diffParam(fn); d != nil {
			if own := owners(model, fn); len(own) > 0 {
				check(rep, fn, d, blockKeys(own))
			} else {
				check(rep, fn, d, blocks)
			}
		}
	}
	return nil, nil
}

// owners: the SDK resources whose CustomizeDiff names fn (or, for a function
// literal, the function it is declared in) or holds it.
func owners(model *facts.Model, fn *ssa.Function) []*facts.SDKResource {
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	var out []*facts.SDKResource
	for _, r := range model.SDK {
		span := r.CustomizeDiffSpan
		if span[0].IsValid() && fn.Pos() >= span[0] && fn.Pos() < span[1] {
			out = append(out, r)
			continue
		}
		if obj, ok := top.Object().(*types.Func); ok {
			for _, name := range r.CustomizeDiffFuncs {
				if name == facts.FuncName(obj) {
					out = append(out, r)
					break
				}
			}
		}
	}
	return out
}

// blockKeys: top-level keys that are blocks (lists or sets of a nested
// resource) in every given SDK resource that has them. A block is
// unknown as a whole only under a dynamic block over unknown values; its
// contents are judged on their own keys.
func blockKeys(resources []*facts.SDKResource) map[string]bool {
	out := map[string]bool{}
	notBlock := map[string]bool{}
	for _, r := range resources {
		for _, a := range r.Schema.Attributes {
			if a.Block && !a.Uncertain {
				out[a.Name] = true
			} else {
				notBlock[a.Name] = true
			}
		}
	}
	for k := range notBlock {
		delete(out, k)
	}
	return out
}

func importsSDK(pass *analysis.Pass) bool {
	for _, p := range pass.Pkg.Imports() {
		if tfapi.SDKSchemaPkgs[p.Path()] != "" {
			return true
		}
	}
	return false
}

// diffParam returns the *schema.ResourceDiff parameter (or free variable) of fn.
func diffParam(fn *ssa.Function) ssa.Value {
	for _, p := range fn.Params {
		if tfapi.IsResourceDiff(p.Type()) {
			return p
		}
	}
	for _, fv := range fn.FreeVars {
		if tfapi.IsResourceDiff(fv.Type()) {
			return fv
		}
	}
	return nil
}

// read is one d.Get/GetOk/GetChange whose value decides a branch.
type read struct {
	key    ssa.Value // the key argument
	name   string    // its constant value, or ""
	pos    token.Pos
	branch token.Pos
}

func check(rep *lint.Reporter, fn *ssa.Function, d ssa.Value, blocks map[string]bool) {
	var reads []read
	known := map[string]bool{}
	knownVals := map[ssa.Value]bool{}
	errs := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok && failing(ret) {
				errs = true
			}
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) < 2 || c.Call.Args[0] != d {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil {
				continue
			}
			key := c.Call.Args[1]
			switch callee.Name() {
			case "NewValueKnown":
				knownVals[key] = true
				if s, ok := constString(key); ok {
					known[s] = true
				}
			case "Get", "GetOk", "GetChange":
				if br, ok := decides(c); ok {
					s, _ := constString(key)
					reads = append(reads, read{key: key, name: s, pos: c.Pos(), branch: br})
				}
			}
		}
	}
	if !errs {
		return
	}
	reported := map[string]bool{}
	for _, r := range reads {
		if knownVals[r.key] || (r.name != "" && (known[r.name] || blocks[strings.TrimSuffix(r.name, ".#")])) {
			continue
		}
		label := r.name
		if label == "" {
			label = "a key held in a variable"
		} else {
			label = fmt.Sprintf("%q", label)
		}
		if reported[label] {
			continue
		}
		reported[label] = true
		rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: r.pos,
			Related: []analysis.RelatedInformation{lint.Related(r.branch, "the value decides this branch of a function that can return an error")},
			Message: fmt.Sprintf("CustomizeDiff code decides on %s without asking d.NewValueKnown first: at plan time a value from another resource is unknown, reads as zero or unset, and a valid configuration is rejected", label)})
	}
}

// decides returns the position of a branch whose condition is derived from
// the call's result (through extracts, type assertions, comparisons, len,
// negation) and which, when the value reads as zero or unset, as an unknown
// does, goes the way of an error return the other way does not reach.
func decides(call *ssa.Call) (token.Pos, bool) {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) (token.Pos, bool)
	walk = func(v ssa.Value, depth int) (token.Pos, bool) {
		if seen[v] || depth > 6 || v.Referrers() == nil {
			return token.NoPos, false
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.If:
				if zeroLeadsToError(r, call) {
					return lint.FirstValid(tfssa.CondPos(r), v.Pos(), call.Pos()), true
				}
			case *ssa.Extract, *ssa.TypeAssert, *ssa.BinOp, *ssa.UnOp, *ssa.ChangeType, *ssa.Convert:
				if p, ok := walk(r.(ssa.Value), depth+1); ok {
					return p, true
				}
			case *ssa.Call:
				if isLen(r) || isSetLen(r) {
					if p, ok := walk(r, depth+1); ok {
						return p, true
					}
				}
			}
		}
		return token.NoPos, false
	}
	return walk(call, 0)
}

// zeroLeadsToError: with the call's value read as zero (what an unknown reads
// as), the branch can be decided, and its taken successor reaches an error
// return that the other successor does not.
func zeroLeadsToError(ifi *ssa.If, call *ssa.Call) bool {
	v := evalZero(ifi.Cond, call, 0)
	if v == nil || v.Kind() != constant.Bool {
		return false
	}
	// The branch must be reachable with the zero value: in
	// "v != "" && v != "x"", the second test runs only for a non-empty v.
	if fn := ifi.Parent(); len(fn.Blocks) == 0 || !zeroReaches(fn.Blocks[0], ifi.Block(), call) {
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
	// The other way must be able to succeed: when it always fails too, the
	// value is not what rejects the configuration.
	if !reachesSuccess(other) {
		return false
	}
	a, b := errorReturns(taken, call), errorReturns(other, nil)
	for r := range a {
		if !b[r] {
			return true
		}
	}
	return false
}

// zeroReaches: to is reachable from from when branches decided by the
// call's zero value go only the way that value takes.
func zeroReaches(from, to *ssa.BasicBlock, call *ssa.Call) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == to {
			return true
		}
		stack = append(stack, zeroSuccs(b, call)...)
	}
	return false
}

// zeroSuccs: b's successors, only the taken one where the call's zero value
// decides b's branch.
func zeroSuccs(b *ssa.BasicBlock, call *ssa.Call) []*ssa.BasicBlock {
	if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		if v := evalZero(ifi.Cond, call, 0); v != nil && v.Kind() == constant.Bool {
			if constant.BoolVal(v) {
				return b.Succs[:1]
			}
			return b.Succs[1:]
		}
	}
	return b.Succs
}

func reachesSuccess(from *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && !failing(ret) {
			return true
		}
		stack = append(stack, b.Succs...)
	}
	return false
}

// zeroMark stands for "the zero value of a non-basic type" (nil interface,
// empty list, set or map) while evaluating.
var zeroMark = constant.MakeUnknown()

// evalZero evaluates v as a constant, reading the call's result as zero or
// unset (GetOk's ok as false). Nil when v depends on anything else.
func evalZero(v ssa.Value, call *ssa.Call, depth int) constant.Value {
	if depth > 8 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return zeroMark
		}
		return v.Value
	case *ssa.Call:
		if v == call {
			if call.Call.StaticCallee().Name() == "Get" {
				return zeroMark
			}
			return nil
		}
		if (isLen(v) || isSetLen(v)) && evalZero(v.Call.Args[0], call, depth+1) == zeroMark {
			return constant.MakeInt64(0)
		}
	case *ssa.Extract:
		if v.Tuple != call {
			return nil
		}
		switch name := call.Call.StaticCallee().Name(); {
		case name == "GetOk" && v.Index == 1:
			return constant.MakeBool(false)
		case name == "GetOk" && v.Index == 0, name == "GetChange" && v.Index == 1:
			return zeroMark
		}
	case *ssa.TypeAssert:
		if v.CommaOk || evalZero(v.X, call, depth+1) != zeroMark {
			return nil
		}
		return zeroOf(v.AssertedType)
	case *ssa.ChangeType:
		return evalZero(v.X, call, depth+1)
	case *ssa.Convert:
		return evalZero(v.X, call, depth+1)
	case *ssa.UnOp:
		x := evalZero(v.X, call, depth+1)
		if v.Op == token.NOT && x != nil && x.Kind() == constant.Bool {
			return constant.MakeBool(!constant.BoolVal(x))
		}
	case *ssa.BinOp:
		return evalBinOp(v, call, depth)
	}
	return nil
}

func evalBinOp(v *ssa.BinOp, call *ssa.Call, depth int) constant.Value {
	x, y := evalZero(v.X, call, depth+1), evalZero(v.Y, call, depth+1)
	if x == nil || y == nil {
		return nil
	}
	if x == zeroMark || y == zeroMark {
		// Only nil comparisons are decidable for a zero list, set or map.
		if x != y || (v.Op != token.EQL && v.Op != token.NEQ) {
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

func constString(v ssa.Value) (string, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// errorReturns: the error returns reachable from a block. With a call given,
// later branches that its zero value decides (a switch's other cases) are
// followed only the way the zero value goes.
func errorReturns(from *ssa.BasicBlock, call *ssa.Call) map[*ssa.Return]bool {
	out := map[*ssa.Return]bool{}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && failing(ret) {
			out[ret] = true
		}
		if call != nil {
			stack = append(stack, zeroSuccs(b, call)...)
		} else {
			stack = append(stack, b.Succs...)
		}
	}
	return out
}

// failing: a return of an error, other than the result of d.ForceNew,
// d.SetNew and the like (which fail only on misuse).
func failing(ret *ssa.Return) bool {
	if tfssa.ReturnKind(ret) != "error" {
		return false
	}
	if c, ok := ret.Results[len(ret.Results)-1].(*ssa.Call); ok {
		if fn := c.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && tfapi.IsResourceDiff(fn.Signature.Recv().Type()) {
			return false
		}
	}
	return true
}
