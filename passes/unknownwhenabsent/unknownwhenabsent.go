package unknownwhenabsent

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

// Analyzer reports Computed attributes that Create or Update set only when
// the API's answer holds them.
var Analyzer = lint.NewAnalyzer(Doc, run, append([]*analysis.Analyzer{modelflow.FillsAnalyzer}, tfssa.Requires...)...)

// depth is how many package calls below Create or Update are followed:
// Create → r.readBack → m.fromAPI.
const depth = 3

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	fills := pass.ResultOf[modelflow.FillsAnalyzer].(modelflow.Fills)
	rep := lint.NewReporter(pass)
	reported := map[token.Pos]bool{}
	inert := attruse.CreateInert(pass, funcs)
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		for _, m := range []string{"Create", "Update"} {
			fn := funcs[facts.Method(pass.Pkg, r.TypeName, m)]
			if fn == nil || m == "Update" && attruse.ReplacesOnEveryChange(r.Schema.Attributes) {
				continue
			}
			cands := attruse.UnknownCandidates(r, m, attruse.PlanWrites(pass, funcs, r), inert)
			for _, s := range absentStores(fn, cands, fills) {
				if !reported[s.store] {
					reported[s.store] = true
					rep.Report(finding(r.TypeName+"."+m, s))
				}
			}
		}
	}
	return nil, nil
}

// absent is the one store of a Computed attribute, made only under a test
// that the API's answer holds the value.
type absent struct {
	attr        string
	store, test token.Pos
	loop        bool // every store lies in a loop over the answer
}

func finding(fn string, s absent) lint.Finding {
	if s.loop {
		return lint.Finding{Rule: "APPLY-1", Pos: s.store,
			Related: []analysis.RelatedInformation{lint.Related(s.test, "the value is saved only in this loop, for an element that matches; when none does, %q keeps the plan's value", s.attr)},
			Message: fmt.Sprintf("%s sets %q (Computed) only inside a loop over the API's answer: when no element matches (or there are none) the state keeps the plan's value, unknown when the configuration does not set it, and Terraform fails with \"Provider returned invalid result object after apply\"; set it to null before the loop", fn, s.attr)}
	}
	return lint.Finding{Rule: "APPLY-1", Pos: s.store,
		Related: []analysis.RelatedInformation{lint.Related(s.test, "the value is saved only when this test finds it in the API's answer; on the other branch %q keeps the plan's value", s.attr)},
		Message: fmt.Sprintf("%s sets %q (Computed) only when the API's answer holds it: otherwise the state keeps the plan's value, unknown when the configuration does not set it, and Terraform fails with \"Provider returned invalid result object after apply\"; set it to null on the other branch", fn, s.attr)}
}

// absentStores: the candidate fields that fn and the package functions it
// calls store exactly once, under a test of the stored value's presence in
// the API's answer. A model replaced wholesale, or handed to code out of
// sight, may get the field there: nothing is said then.
func absentStores(fn *ssa.Function, cands map[string]bool, fills modelflow.Fills) []absent {
	stores := map[string][]*ssa.Store{}
	opaque := false
	setElsewhere := map[string]bool{} // by summarised helpers of other packages
	tfssa.EachInstr(fn, depth, true, func(instr ssa.Instruction) {
		switch in := instr.(type) {
		case *ssa.Store:
			if fa, ok := in.Addr.(*ssa.FieldAddr); ok && modelflow.IsModel(fa.X.Type()) {
				if freshLocal(fa.X, fn) {
					return // a helper's own model starts null, not with the plan's unknowns
				}
				if tag := modelflow.FieldTag(fa); cands[tag] {
					stores[tag] = append(stores[tag], in)
				}
			} else if replacesModel(in, fn) {
				opaque = true
			}
		case ssa.CallInstruction:
			if handsModelAway(in.Common(), fn.Pkg) && !summarised(in.Common(), fills, setElsewhere) {
				opaque = true
			}
		}
	})
	if opaque {
		return nil
	}
	var out []absent
	for tag, ss := range stores {
		if setElsewhere[tag] {
			continue // a helper out of sight may store it on every path
		}
		if loop := inLoops(ss); loop.IsValid() {
			out = append(out, absent{tag, ss[0].Pos(), loop, true})
			continue
		}
		if len(ss) != 1 {
			continue
		}
		if test := presenceTest(ss[0]); test.IsValid() {
			out = append(out, absent{tag, ss[0].Pos(), test, false})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].store < out[j].store })
	return out
}

// freshLocal: x is a model local to a helper (not Create or Update
// itself), made there rather than handed in.
func freshLocal(x ssa.Value, top *ssa.Function) bool {
	a, ok := x.(*ssa.Alloc)
	return ok && a.Parent() != top
}

// replacesModel: a whole model is stored over the one Create or Update
// holds (plan = *fromAPI(out) there, *m = ... in a helper handed it); a
// helper's own locals, and the elements of a list it builds, are not.
func replacesModel(st *ssa.Store, top *ssa.Function) bool {
	if !modelflow.IsModel(st.Val.Type()) {
		return false
	}
	switch st.Addr.(type) {
	case *ssa.Parameter:
		return true
	case *ssa.Alloc:
		return st.Parent() == top
	case *ssa.IndexAddr:
		return false
	}
	return true
}

// handsModelAway: a call of code outside the package (not the framework's
// own Get/Set) is handed a model.
func handsModelAway(c *ssa.CallCommon, pkg *ssa.Package) bool {
	callee := c.StaticCallee()
	if callee != nil && (callee.Pkg == pkg || strings.HasPrefix(tfssa.PkgPath(callee), tfapi.Framework)) {
		return false
	}
	for _, a := range c.Args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if modelflow.IsModel(a.Type()) {
			return true
		}
	}
	return false
}

// summarised: every model the call hands away goes by pointer to a function
// of another package whose FillFact says which fields it leaves; the others
// it may set are added to setElsewhere. False leaves the call opaque.
func summarised(c *ssa.CallCommon, fills modelflow.Fills, setElsewhere map[string]bool) bool {
	callee := c.StaticCallee()
	if callee == nil || fills == nil {
		return false
	}
	set := map[string]bool{}
	for i, a := range c.Args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if !modelflow.IsModel(a.Type()) {
			continue
		}
		left, ok := fills(callee, i)
		st, isPtr := tfapi.DerefStruct(a.Type())
		if _, ptr := types.Unalias(a.Type()).(*types.Pointer); !ok || !isPtr || !ptr {
			return false
		}
		kept := map[string]bool{}
		for _, k := range left {
			kept[k] = true
		}
		facts.EachTagged(st, func(f facts.TaggedField) {
			if !kept[f.Tag] {
				set[f.Tag] = true
			}
		})
	}
	for k := range set {
		setElsewhere[k] = true
	}
	return true
}

// presenceTest: the store writes types.XxxValue(v) (never null), and lies
// under a branch whose condition tests v itself, the comma-ok of the lookup
// that produced it, or the pointer it was loaded through; the condition's
// position, or NoPos.
func presenceTest(st *ssa.Store) token.Pos {
	call, ok := st.Val.(*ssa.Call)
	if !ok || len(call.Call.Args) != 1 || !modelflow.NeverNull(call) {
		return token.NoPos
	}
	srcs := sources(call.Call.Args[0])
	if len(srcs) == 0 {
		return token.NoPos
	}
	for d := st.Block(); d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || !mentions(ifi.Cond, srcs, 0) {
			continue
		}
		other := p.Succs[0]
		if other == d {
			other = p.Succs[1]
		}
		if fails(other) {
			return token.NoPos // absent, the function fails: nothing is saved
		}
		return tfssa.CondPos(ifi)
	}
	return token.NoPos
}

// fails: every path from b adds an error diagnostic or returns an error
// that is not nil.
func fails(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, failed bool) bool
	walk = func(b *ssa.BasicBlock, failed bool) bool {
		if seen[b] {
			return true
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			failed = failed || tfssa.AddsError(instr)
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if failed {
				return true
			}
			if len(ret.Results) == 0 {
				return false
			}
			last := ret.Results[len(ret.Results)-1]
			return tfapi.IsError(last.Type()) && !tfssa.IsNilConst(last) || tfssa.ReturnKind(ret) == "error"
		}
		for _, s := range b.Succs {
			if !walk(s, failed) {
				return false
			}
		}
		return len(b.Succs) > 0
	}
	return walk(b, false)
}

// sources: the values whose test decides whether v is in the API's answer:
// v (through conversions), the tuple it was extracted from (and so that
// tuple's comma-ok), the pointer it was loaded through.
func sources(v ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	for i := 0; i < 4 && v != nil; i++ {
		if _, basic := v.Type().Underlying().(*types.Basic); !basic && i == 0 {
			return nil // a list or an object: its elements are another matter
		}
		out[v] = true
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Extract:
			out[x.Tuple] = true
			return out
		case *ssa.UnOp:
			if x.Op == token.MUL {
				out[x.X] = true
			}
			return out
		default:
			return out
		}
	}
	return out
}

// sameLoad: x loads the same field of the same value as a source does
// (o.Key != nil, then *o.Key: two loads of o.Key).
func sameLoad(x ssa.Value, srcs map[ssa.Value]bool) bool {
	fa := loadedField(x)
	if fa == nil {
		return false
	}
	for v := range srcs {
		if g := loadedField(v); g != nil && g.Field == fa.Field && tfssa.SameValue(g.X, fa.X) {
			return true
		}
	}
	return false
}

func loadedField(v ssa.Value) *ssa.FieldAddr {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		fa, _ := u.X.(*ssa.FieldAddr)
		return fa
	}
	return nil
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// mentions: cond is built (a few steps deep) from one of srcs.
func mentions(x ssa.Value, srcs map[ssa.Value]bool, n int) bool {
	if x == nil || n > 6 {
		return false
	}
	if srcs[x] || sameLoad(x, srcs) {
		return true
	}
	switch y := x.(type) {
	case *ssa.BinOp:
		return mentions(y.X, srcs, n+1) || mentions(y.Y, srcs, n+1)
	case *ssa.UnOp:
		return mentions(y.X, srcs, n+1)
	case *ssa.Extract:
		// The comma-ok of the same lookup; an error beside the value is
		// a failure, not an absence.
		return srcs[y.Tuple] && isBool(y.Type())
	case *ssa.Call:
		if b, ok := y.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
			return mentions(y.Call.Args[0], srcs, n+1)
		}
	}
	return false
}

// inLoops: every store lies in the body of a loop (for i < len(xs), or a
// range over a map), so none is made when the loop finds nothing; the
// position of the first store's loop, or NoPos.
func inLoops(ss []*ssa.Store) token.Pos {
	var first token.Pos
	for _, st := range ss {
		pos, ok := loopOf(st.Block())
		if !ok {
			return token.NoPos
		}
		if !first.IsValid() {
			first = lint.FirstValid(pos, st.Pos())
		}
	}
	return first
}

// loopOf: whether a loop's body dominates b, and where the innermost such
// loop is (its condition, or the first positioned instruction of its
// body: a range loop's test has no position).
func loopOf(b *ssa.BasicBlock) (token.Pos, bool) {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || p.Succs[0] != d || !isLoopCond(ifi.Cond) {
			continue
		}
		if pos := tfssa.CondPos(ifi); pos.IsValid() {
			return pos, true
		}
		for _, instr := range d.Instrs {
			if instr.Pos().IsValid() {
				return instr.Pos(), true
			}
		}
		return token.NoPos, true
	}
	return token.NoPos, false
}

// isLoopCond: i < len(xs), or the ok of a map range's next element.
func isLoopCond(cond ssa.Value) bool {
	switch c := cond.(type) {
	case *ssa.BinOp:
		if c.Op != token.LSS {
			return false
		}
		call, ok := c.Y.(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := call.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "len"
	case *ssa.Extract:
		_, ok := c.Tuple.(*ssa.Next)
		return ok && c.Index == 0
	}
	return false
}
