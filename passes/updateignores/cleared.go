// Attributes a shared request builder stores and Update clears before
// sending: Update never sends them, so they must force a new resource
// (SCHEMA-3).

package updateignores

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// onlyCleared: where Update mentions key k only inside a request builder
// of its package (g := buildGrant(d), shared with Create) that stores the
// value into a field of the struct it returns, a field Update then clears
// (g.ClientID = nil) before anything else uses the request: the new value
// never reaches the API. NoPos otherwise.
func onlyCleared(update, read *ssa.Function, k string) token.Pos {
	cleared := clearedFields(update)
	if len(cleared) == 0 {
		return token.NoPos
	}
	return eachMention(update, read, k, func(instr ssa.Instruction) bool {
		fa := storedField(instr)
		return fa != nil && cleared[builderField{instr.Parent(), fa.Field}]
	})
}

// builderField: field i of the struct a builder function returns.
type builderField struct {
	builder *ssa.Function
	field   int
}

// clearedFields: the fields of builders' results that update sets to a
// constant (nil, "", 0) right after the call, in the call's block, before
// the result is handed anywhere.
func clearedFields(update *ssa.Function) map[builderField]bool {
	out := map[builderField]bool{}
	for _, b := range update.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if _, isConst := st.Val.(*ssa.Const); !ok || !isConst {
				continue
			}
			call, ok := fa.X.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Common().StaticCallee()
			if callee == nil || callee.Pkg != update.Pkg || callee.Blocks == nil || call.Block() != b || handedBefore(call, st) {
				continue
			}
			out[builderField{callee, fa.Field}] = true
		}
	}
	return out
}

// handedBefore: call's result is used, other than to store into its
// fields, before st.
func handedBefore(call *ssa.Call, st *ssa.Store) bool {
	for _, r := range *call.Referrers() {
		if fa, ok := r.(*ssa.FieldAddr); ok && onlyStoredThrough(fa) {
			continue
		}
		if r.Block() == st.Block() && index(r) < index(st) {
			return true
		}
	}
	return false
}

func onlyStoredThrough(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		if st, ok := r.(*ssa.Store); !ok || st.Addr != fa {
			return false
		}
	}
	return true
}

func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// storedField: the field of the struct its function returns that the value
// instr defines is stored into (and used for nothing else), through
// conversions and func(T) *T helpers: &T{ClientID: String(d, "client_id")},
// aws.String(d.Get("k").(string)).
func storedField(instr ssa.Instruction) *ssa.FieldAddr {
	v, ok := instr.(ssa.Value)
	for n := 0; ok && n < 4; n++ {
		if v.Referrers() == nil || len(*v.Referrers()) != 1 {
			return nil
		}
		switch r := (*v.Referrers())[0].(type) {
		case *ssa.Store:
			fa, isField := r.Addr.(*ssa.FieldAddr)
			if r.Val != v || !isField || !returned(fa.X) {
				return nil
			}
			return fa
		case *ssa.TypeAssert, *ssa.Convert, *ssa.ChangeType:
			v = r.(ssa.Value)
		case *ssa.Call:
			if len(r.Call.Args) != 1 || r.Call.Signature().Results().Len() != 1 {
				return nil
			}
			v = r
		default:
			return nil
		}
	}
	return nil
}

// returned: v is what every return of its function gives first.
func returned(v ssa.Value) bool {
	fn := v.Parent()
	found := false
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if len(ret.Results) == 0 || tfssa.StripInterface(ret.Results[0]) != v {
				return false
			}
			found = true
		}
	}
	return found
}
