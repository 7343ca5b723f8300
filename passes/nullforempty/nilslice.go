// Rules: APPLY-2, READ-3 (a configurable collection saved as null from a nil Go slice).

package nullforempty

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// valueFrom: types.ListValueFrom, SetValueFrom or MapValueFrom (or
// basetypes.NewXxxValueFrom): the framework converts a nil Go slice or map
// into a null collection.
func valueFrom(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || !strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework) || len(call.Call.Args) != 3 {
		return false
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ListValueFrom", "SetValueFrom", "MapValueFrom":
		return true
	}
	return false
}

// nilConverted: call converts a Go slice that stays nil unless the answer
// has elements.
func (c *checker) nilConverted(call *ssa.Call, b *ssa.BasicBlock) nullOrigin {
	arg := call.Call.Args[2]
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	o := c.nilWhenEmpty(arg, b)
	if o.ok {
		fn := call.Call.StaticCallee()
		o.null, o.ctor = call.Pos(), fn.Object().Pkg().Name()+"."+fn.Name()+" of a nil slice"
		if o.helper != "" {
			o.ctor = fmt.Sprintf("%s.%s of the nil slice %s(...) returns", fn.Object().Pkg().Name(), fn.Name(), o.helper)
			o.helper = ""
		}
	}
	return o
}

// nilWhenEmpty: v is a Go slice declared nil and only appended to (in
// this function or a package helper returning it), and the conversion in
// b is not guarded by a test of it: nil exactly when the answer is empty.
func (c *checker) nilWhenEmpty(v ssa.Value, b *ssa.BasicBlock) nullOrigin {
	web := map[ssa.Value]bool{v: true}
	pos, helper, ok := c.nilWeb(v, web, 0)
	if !ok || testedBefore(b, web) || consultedDirectly(b) || sourceTested(b, web) {
		return nullOrigin{}
	}
	return nullOrigin{ok: true, test: pos, null: pos, helper: helper, nilSlice: true}
}

// nilWeb: v is nil unless something is appended to it: its phis (added to
// web) merge only nil and appends to themselves. It returns an append's
// position, and the helper it was returned by.
func (c *checker) nilWeb(v ssa.Value, web map[ssa.Value]bool, n int) (token.Pos, string, bool) {
	if n > 3 {
		return token.NoPos, "", false
	}
	if _, ok := v.Type().Underlying().(*types.Slice); !ok {
		return token.NoPos, "", false
	}
	idx := 0
	call, _ := v.(*ssa.Call)
	if e, ok := v.(*ssa.Extract); ok {
		call, _ = e.Tuple.(*ssa.Call)
		idx = e.Index
	}
	if call != nil {
		return c.helperWeb(call, idx, n)
	}
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return token.NoPos, "", false
	}
	sawNil, pos := false, token.NoPos
	work := []*ssa.Phi{phi}
	web[phi] = true
	var appends []*ssa.Call
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range p.Edges {
			switch e := e.(type) {
			case *ssa.Const:
				if !e.IsNil() {
					return token.NoPos, "", false
				}
				sawNil = true
			case *ssa.Phi:
				if !web[e] {
					web[e] = true
					work = append(work, e)
				}
			case *ssa.Call:
				if bi, ok := e.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "append" {
					return token.NoPos, "", false
				}
				appends = append(appends, e)
			default:
				return token.NoPos, "", false
			}
		}
	}
	for _, a := range appends {
		if !web[a.Call.Args[0]] {
			return token.NoPos, "", false
		}
		if !pos.IsValid() || a.Pos() < pos {
			pos = a.Pos()
		}
	}
	return pos, "", sawNil && len(appends) > 0
}

// helperWeb: call's idx-th result is such a slice on every return of a
// package helper (other than a nil beside an error).
func (c *checker) helperWeb(call *ssa.Call, idx, n int) (token.Pos, string, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || call.Parent() == nil || callee.Pkg != call.Parent().Pkg || passesFramework(call) {
		return token.NoPos, "", false
	}
	found, pos := false, token.NoPos
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) {
			continue
		}
		r := ret.Results[idx]
		if k, ok := r.(*ssa.Const); ok && k.IsNil() && failing(ret) {
			continue
		}
		p, _, ok := c.nilWeb(r, map[ssa.Value]bool{r: true}, n+1)
		if !ok {
			return token.NoPos, "", false
		}
		found, pos = true, p
	}
	return pos, callee.Name(), found
}

// failing: ret's last result is an error that is not nil.
func failing(ret *ssa.Return) bool {
	if len(ret.Results) < 2 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if k, ok := last.(*ssa.Const); ok && k.IsNil() {
		return false
	}
	return types.Identical(last.Type(), types.Universe.Lookup("error").Type())
}

// testedBefore: an if dominating b tests a value of web (len(keys) > 0,
// keys == nil): the conversion is guarded by the answer's size.
func testedBefore(b *ssa.BasicBlock, web map[ssa.Value]bool) bool {
	for d := b; d != nil; d = d.Idom() {
		for _, p := range d.Preds {
			ifi, ok := lastIf(p)
			if !ok {
				continue
			}
			bin, ok := ifi.Cond.(*ssa.BinOp)
			if !ok {
				continue
			}
			for _, x := range []ssa.Value{bin.X, bin.Y} {
				if call, ok := x.(*ssa.Call); ok {
					if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" {
						x = call.Call.Args[0]
					}
				}
				if web[x] {
					return true
				}
			}
		}
	}
	return false
}

// externalNull: call is a helper of another package (or one whose body is
// not built) that answers a null collection whenever a Go slice or map it
// is handed is empty, as its facts summary says.
func (c *checker) externalNull(call *ssa.Call, callee *ssa.Function, b *ssa.BasicBlock) nullOrigin {
	fn, ok := callee.Object().(*types.Func)
	if !ok || fn == nil || consultedDirectly(b) {
		return nullOrigin{}
	}
	for i, a := range call.Call.Args {
		if derivedFromFramework(a, 0) || !c.model.NullOnEmpty(fn, i) {
			continue
		}
		name := fn.Name()
		if fn.Pkg() != nil {
			name = fn.Pkg().Name() + "." + name
		}
		return nullOrigin{ok: true, null: c.lineStart(fn.Pos()), test: call.Pos(), ctor: "a null collection", helper: name, external: true}
	}
	return nullOrigin{}
}

// consulted: for a nil slice or another package's converter, whose null
// is decided by no test in the caller, only a test that asks a framework
// value itself counts (plan.Roles.IsNull()), not one of an API answer
// fetched with plan.ID.ValueString() (if err != nil).
func (o nullOrigin) consulted(b *ssa.BasicBlock) bool {
	if o.nilSlice || o.external {
		return consultedDirectly(b)
	}
	return consulted(b)
}

func consultedDirectly(b *ssa.BasicBlock) bool { return decidedBy(b, asksDirectly) }

// asksDirectly: v tests a framework value itself, not what one led to.
func asksDirectly(v ssa.Value, n int) bool { return asks(v, n, false) }

// sourceTested: b lies on the non-empty side of a len test of the
// collection the slice's appends range over (if len(out.Chains) > 0 {
// for _, c := range out.Chains { keys = append(keys, ...) } }): the answer
// is not empty there, and the slice is nil only if every element is
// skipped, which the code does not tell.
func sourceTested(b *ssa.BasicBlock, web map[ssa.Value]bool) bool {
	var appends []*ssa.Call
	for w := range web {
		if phi, ok := w.(*ssa.Phi); ok {
			for _, e := range phi.Edges {
				if call, ok := e.(*ssa.Call); ok {
					appends = append(appends, call)
				}
			}
		}
	}
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		other := otherSucc(p, d)
		if other == nil {
			continue
		}
		if _, isLen, ok := emptySide(p, other); !ok || !isLen {
			continue
		}
		if test := lenCall(p); test != nil && rangesOver(appends, test) {
			return true
		}
	}
	return false
}

// rangesOver: an append lies in the body of a loop bounded by the length
// of test's argument (for _, c := range out.Chains: i < len(out.Chains)).
func rangesOver(appends []*ssa.Call, test *ssa.Call) bool {
	x := test.Call.Args[0]
	for _, a := range appends {
		for d := a.Block(); d != nil; d = d.Idom() {
			ifi, ok := lastIf(d)
			if !ok || len(d.Succs) != 2 || !d.Succs[0].Dominates(a.Block()) {
				continue
			}
			bin, ok := ifi.Cond.(*ssa.BinOp)
			if !ok || bin.Op != token.LSS {
				continue
			}
			if call, ok := bin.Y.(*ssa.Call); ok && call != test {
				if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" && sameLoad(call.Call.Args[0], x) {
					return true
				}
			}
		}
	}
	return false
}

// lenCall: the len call p's if tests.
func lenCall(p *ssa.BasicBlock) *ssa.Call {
	ifi, ok := lastIf(p)
	if !ok {
		return nil
	}
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return nil
	}
	for _, x := range []ssa.Value{bin.X, bin.Y} {
		if call, ok := x.(*ssa.Call); ok {
			if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" {
				return call
			}
		}
	}
	return nil
}

// sameLoad: a and b are one value, or loads of one field of one value.
func sameLoad(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ua, ok1 := a.(*ssa.UnOp)
	ub, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || ua.Op != token.MUL || ub.Op != token.MUL {
		return false
	}
	fa, ok1 := ua.X.(*ssa.FieldAddr)
	fb, ok2 := ub.X.(*ssa.FieldAddr)
	return ok1 && ok2 && fa.Field == fb.Field && (fa.X == fb.X || sameLoad(fa.X, fb.X))
}

// lineStart: the start of pos's line. An imported function's position is
// exact when the driver loads its source and line-only from export data
// (go vet): both drivers then report the same evidence.
func (c *checker) lineStart(pos token.Pos) token.Pos {
	f := c.fset.File(pos)
	if f == nil {
		return pos
	}
	return f.LineStart(f.Line(pos))
}
