// An ID taken from the API answer's name field, which Read saves as the
// name attribute: that attribute is the ID, and changing it in place breaks
// the object's identity (SCHEMA-3).

package mutableid

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// field names one field of an object type: (T, "Name") for t.Name, *t.Name
// and t.GetName().
type field struct {
	owner *types.TypeName
	name  string
}

// echoedIDSources: the keys whose value is the ID although Create never
// builds it from d.Get — Create sets the ID from a field of an object (the
// API's answer: d.SetId(created.GetName())) and Read saves that same field
// of an object of the same type under the key (d.Set("name",
// index.GetName())). The ID and the attribute are then one value.
func echoedIDSources(create, read *ssa.Function) map[string]token.Pos {
	idFrom := map[field]token.Pos{}
	eachCall(create, func(c ssa.CallInstruction) {
		com := c.Common()
		if attruse.ResourceDataMethod(com) != "SetId" || len(com.Args) != 2 {
			return
		}
		if f, ok := fieldOf(com.Args[1], 0); ok {
			idFrom[f] = c.Pos()
		}
	})
	out := map[string]token.Pos{}
	if len(idFrom) == 0 {
		return out
	}
	eachCall(read, func(c ssa.CallInstruction) {
		com := c.Common()
		if attruse.ResourceDataMethod(com) != "Set" || len(com.Args) != 3 {
			return
		}
		k, ok := tfssa.ConstString(com.Args[1])
		f, isField := fieldOf(com.Args[2], 0)
		if at, same := idFrom[f]; ok && isField && same && !strings.Contains(k, ".") {
			out[k] = at
		}
	})
	return out
}

// fieldOf: the field of an object v is read from, through dereferences,
// conversions and func(*T) T helpers (aws.StringValue).
func fieldOf(v ssa.Value, n int) (field, bool) {
	if n > 6 {
		return field{}, false
	}
	switch x := tfssa.StripConversions(v).(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return field{}, false
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return structField(fa.X.Type(), fa.Field)
		}
		return fieldOf(x.X, n+1)
	case *ssa.Field:
		return structField(x.X.Type(), x.Field)
	case *ssa.Call:
		com := x.Common()
		fn := com.StaticCallee()
		if fn == nil {
			return field{}, false
		}
		if recv := fn.Signature.Recv(); recv != nil && len(com.Args) == 1 && strings.HasPrefix(fn.Name(), "Get") && len(fn.Name()) > 3 {
			if tn := ownerOf(recv.Type()); tn != nil {
				return field{tn, strings.TrimPrefix(fn.Name(), "Get")}, true
			}
		}
		if derefHelper(fn) && len(com.Args) == 1 {
			return fieldOf(com.Args[0], n+1)
		}
	}
	return field{}, false
}

// structField: field i of the struct type t (or *t) names.
func structField(t types.Type, i int) (field, bool) {
	tn := ownerOf(t)
	if tn == nil {
		return field{}, false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return field{}, false
	}
	return field{tn, st.Field(i).Name()}, true
}

// ownerOf: the named type t is, or points to.
func ownerOf(t types.Type) *types.TypeName {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// derefHelper: a plain function func(*T) T (aws.StringValue).
func derefHelper(fn *ssa.Function) bool {
	sig := fn.Signature
	if sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	p, ok := sig.Params().At(0).Type().(*types.Pointer)
	return ok && types.Identical(p.Elem(), sig.Results().At(0).Type())
}

// getsKey: fn (or a package function it calls) reads key k of d with a
// getter (d.Get("k"), GetOk, GetChange, HasChange), or with a key it builds.
func getsKey(fn *ssa.Function, k string) bool { return getAt(fn, k, true).IsValid() }

// getAt: where fn (or a package function it calls) first reads key k of d
// with a getter; built: a key not spelled counts as k.
func getAt(fn *ssa.Function, k string, built bool) token.Pos {
	at := token.NoPos
	eachCall(fn, func(c ssa.CallInstruction) {
		com := c.Common()
		switch attruse.ResourceDataMethod(com) {
		case "Get", "GetOk", "GetOkExists", "GetChange", "HasChange":
			key, ok := tfssa.ConstString(com.Args[1])
			name, _, _ := strings.Cut(key, ".")
			if !at.IsValid() && (name == k && ok || !ok && built) {
				at = c.Pos()
			}
		}
	})
	return at
}
