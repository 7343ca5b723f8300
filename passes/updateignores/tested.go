// Attributes Update only tests (compares with a constant, asks whether they
// are set) to decide what else to read: their new value never reaches the
// API, so they must force a new resource (SCHEMA-3).

package updateignores

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// onlyTested: where Update (its closures and the package functions it
// calls, Read excluded) uses key k only to test it — d.Get("k") compared
// with a constant, or GetOk's ok — and each test decides nothing but
// which other attributes are read: the new value never reaches the API.
// NoPos when k is used any other way, or Update hands d out of sight.
func onlyTested(update, read *ssa.Function, k string) token.Pos {
	return eachMention(update, read, k, func(instr ssa.Instruction) bool {
		c, isCall := instr.(*ssa.Call)
		return isCall && getter(c, k) && testedValue(c, k, 0)
	})
}

// eachMention: where Update (its closures and the package functions it
// calls, Read excluded) first mentions k, when keep holds for every
// instruction that mentions it; NoPos when one does not, or Update hands
// d out of sight.
func eachMention(update, read *ssa.Function, k string, keep func(ssa.Instruction) bool) token.Pos {
	at, ok := token.NoPos, true
	seen := map[*ssa.Function]bool{read: true}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		if f == nil || seen[f] || d > 4 || !ok {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, isCall := instr.(ssa.CallInstruction); isCall {
					callee := call.Common().StaticCallee()
					switch {
					case callee != nil && callee.Pkg == update.Pkg && callee.Blocks != nil:
						visit(callee, d+1)
					case tfssa.HandsResourceData(call.Common()) && !(callee != nil && tfapi.IsPluginLib(tfssa.PkgPath(callee))):
						ok = false // d read out of sight
					}
				}
				if mc, isClosure := instr.(*ssa.MakeClosure); isClosure {
					visit(mc.Fn.(*ssa.Function), d)
				}
				if !mentions(instr, k) {
					continue
				}
				if !keep(instr) {
					ok = false
					continue
				}
				if !at.IsValid() {
					at = instr.Pos()
				}
			}
		}
	}
	visit(update, 0)
	if !ok {
		return token.NoPos
	}
	return at
}

// mentions: instr names k (or a key inside it) in a string constant.
func mentions(instr ssa.Instruction, k string) bool {
	for _, op := range instr.Operands(nil) {
		if c, isConst := (*op).(*ssa.Const); isConst && c.Value != nil && c.Value.Kind() == constant.String {
			if name, _, _ := strings.Cut(constant.StringVal(c.Value), "."); name == k {
				return true
			}
		}
	}
	return false
}

// getter: d.Get("k") or d.GetOk("k").
func getter(c *ssa.Call, k string) bool {
	switch attruse.ResourceDataMethod(c.Common()) {
	case "Get", "GetOk":
		key, ok := tfssa.ConstString(c.Common().Args[1])
		return ok && key == k
	}
	return false
}

// testedValue: every use of v is a test of it whose sides decide nothing
// but reads of other attributes.
func testedValue(v ssa.Value, k string, n int) bool {
	refs := v.Referrers()
	if refs == nil || n > 6 {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Extract:
			if !testedValue(x, k, n+1) {
				return false
			}
		case *ssa.TypeAssert:
			if !testedValue(x, k, n+1) {
				return false
			}
		case *ssa.ChangeType:
			if !testedValue(x, k, n+1) {
				return false
			}
		case *ssa.Convert:
			if !testedValue(x, k, n+1) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.NOT || !testedValue(x, k, n+1) {
				return false
			}
		case *ssa.BinOp:
			if !comparedWithConst(x) || !testedValue(x, k, n+1) {
				return false
			}
		case *ssa.If:
			if !decidesNothing(x.Block(), k) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func comparedWithConst(b *ssa.BinOp) bool {
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	_, x := tfssa.StripInterface(b.X).(*ssa.Const)
	_, y := tfssa.StripInterface(b.Y).(*ssa.Const)
	return x || y
}

// decidesNothing: the blocks only one side of the test ending b runs do
// nothing but read and test attributes — the work done there is decided by
// a nearer test of another attribute (if v, ok := d.GetOk("x"); ok {...})
// — and no value chosen there flows out through a φ.
func decidesNothing(b *ssa.BasicBlock, k string) bool {
	for _, x := range b.Parent().Blocks {
		if x == b || !b.Dominates(x) || !controls(b, x) {
			continue
		}
		for _, s := range x.Succs {
			if !controls(b, s) && choosesValue(s, x) {
				return false
			}
		}
		if inner := nearestTest(x, b); inner != b && decidedByOther(inner, k) {
			continue
		}
		if !readsOnly(x) {
			return false
		}
	}
	return true
}

// controls: x runs only on one side of the test ending b.
func controls(b, x *ssa.BasicBlock) bool {
	return x != b && (tfssa.OnlyThrough(b, 0, x) || tfssa.OnlyThrough(b, 1, x))
}

// nearestTest: the nearest block above x (up to b) ending in a test that
// x runs on one side of.
func nearestTest(x, b *ssa.BasicBlock) *ssa.BasicBlock {
	for d := x.Idom(); d != nil && d != b; d = d.Idom() {
		if _, isIf := d.Instrs[len(d.Instrs)-1].(*ssa.If); isIf && controls(d, x) {
			return d
		}
	}
	return b
}

// decidedByOther: the test ending d is of attributes other than k.
func decidedByOther(d *ssa.BasicBlock, k string) bool {
	keys := attruse.KeysOf(d.Instrs[len(d.Instrs)-1].(*ssa.If).Cond)
	return len(keys) > 0 && !keys[k] && !keys[attruse.IDKey]
}

// choosesValue: a φ of s takes from x a value it does not take elsewhere.
func choosesValue(s, x *ssa.BasicBlock) bool {
	for _, instr := range s.Instrs {
		phi, isPhi := instr.(*ssa.Phi)
		if !isPhi {
			break
		}
		for i, e := range phi.Edges {
			if s.Preds[i] == x {
				for _, o := range phi.Edges {
					if o != e {
						return true
					}
				}
			}
		}
	}
	return false
}

// readsOnly: x reads and tests attributes and does nothing else.
func readsOnly(x *ssa.BasicBlock) bool {
	for _, instr := range x.Instrs {
		switch in := instr.(type) {
		case *ssa.If, *ssa.Jump, *ssa.Phi, *ssa.DebugRef, *ssa.Extract, *ssa.TypeAssert,
			*ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface:
		case *ssa.UnOp:
			if in.Op == token.ARROW {
				return false
			}
		case *ssa.Call:
			switch attruse.ResourceDataMethod(in.Common()) {
			case "Get", "GetOk", "GetOkExists", "HasChange":
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}
