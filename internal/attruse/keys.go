package attruse

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// IDKey stands for d.Id() among the keys KeysOf returns.
const IDKey = "#id"

// KeysOf returns the top-level d.Get keys v is computed from (IDKey for
// d.Id()). It stops at anything else — a value of the API's answer, a
// parameter — so an ID the API assigns has none.
func KeysOf(v ssa.Value) map[string]bool { return keysOf(v, map[ssa.Value]bool{}, 0) }

func keysOf(v ssa.Value, seen map[ssa.Value]bool, depth int) map[string]bool {
	out := map[string]bool{}
	if seen[v] || depth > 12 {
		return out
	}
	seen[v] = true
	add := func(vs ...ssa.Value) {
		for _, x := range vs {
			for k := range keysOf(x, seen, depth+1) {
				out[k] = true
			}
		}
	}
	switch x := v.(type) {
	case *ssa.Call:
		com := x.Common()
		switch m := ResourceDataMethod(com); {
		case m == "Id":
			out[IDKey] = true
		case m == "Get" || m == "GetOk":
			if c, ok := com.Args[1].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
				name, _, _ := strings.Cut(constant.StringVal(c.Value), ".")
				out[name] = true
			}
		case m != "":
		case builds(x, com):
			add(com.Args...)
		}
	case *ssa.Extract:
		add(x.Tuple)
	case *ssa.TypeAssert:
		add(x.X)
	case *ssa.Convert:
		add(x.X)
	case *ssa.ChangeType:
		add(x.X)
	case *ssa.MakeInterface:
		add(x.X)
	case *ssa.BinOp:
		add(x.X, x.Y)
	case *ssa.Phi:
		add(x.Edges...)
	case *ssa.Slice:
		add(x.X)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			add(x.X)
		}
	case *ssa.Alloc:
		add(storedInto(x)...)
	}
	return out
}

// builds: a call that makes a value out of its arguments — the standard
// library's formatting and conversions, or a plain function of the
// provider's package that calls nothing else (an ID builder). Methods and
// calls into other packages ask the API.
func builds(call *ssa.Call, com *ssa.CallCommon) bool {
	callee := com.StaticCallee()
	if callee == nil {
		return false
	}
	if tfapi.IsStd(tfssa.PkgPath(callee)) {
		return true
	}
	return callee.Pkg == call.Parent().Pkg && callee.Signature.Recv() == nil && onlyStd(callee)
}

// onlyStd: every call fn makes is a static call into the standard library.
func onlyStd(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := c.Common().StaticCallee(); callee == nil || !tfapi.IsStd(tfssa.PkgPath(callee)) {
				return false
			}
		}
	}
	return true
}

// storedInto: the values stored into a local (a variable whose address is
// taken, a variadic argument array).
func storedInto(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	refs := append([]ssa.Instruction(nil), *a.Referrers()...)
	for i := 0; i < len(refs); i++ {
		switch r := refs[i].(type) {
		case *ssa.Store:
			out = append(out, r.Val)
		case *ssa.IndexAddr:
			if r.Referrers() != nil {
				refs = append(refs, *r.Referrers()...)
			}
		}
	}
	return out
}
