// Which attributes hold the resource ID's value: Create builds the ID from
// them, or sets it to a field of the API's object that Read saves in them.
// An attribute that is (part of) the ID addresses the object by it
// (SCHEMA-3: mutableid, parentkey).

package attruse

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// IDSources: the top-level keys Create's non-empty d.SetId arguments are
// built from (d.Get("k") through conversions, formatting, concatenation and
// package ID builders), with the SetId call.
func IDSources(create *ssa.Function) map[string]token.Pos {
	out := map[string]token.Pos{}
	EachCall(create, func(c ssa.CallInstruction) {
		com := c.Common()
		if ResourceDataMethod(com) != "SetId" || len(com.Args) != 2 || tfssa.EmptyString(com.Args[1]) {
			return
		}
		for k := range KeysOf(com.Args[1]) {
			if _, ok := out[k]; !ok {
				out[k] = c.Pos()
			}
		}
	})
	return out
}

// SetsID: fn or a package function it calls gives the resource a non-empty ID.
func SetsID(fn *ssa.Function) bool {
	found := false
	EachCall(fn, func(c ssa.CallInstruction) {
		com := c.Common()
		found = found || ResourceDataMethod(com) == "SetId" && len(com.Args) == 2 && !tfssa.EmptyString(com.Args[1])
	})
	return found
}

// ReadsID: fn or a package function it calls reads d.Id().
func ReadsID(fn *ssa.Function) bool {
	found := false
	EachCall(fn, func(c ssa.CallInstruction) {
		found = found || ResourceDataMethod(c.Common()) == "Id"
	})
	return found
}

// EachCall visits the calls of fn, its closures and the package functions
// it calls, two deep.
func EachCall(fn *ssa.Function, visit func(ssa.CallInstruction)) {
	tfssa.EachInstr(fn, 2, true, func(instr ssa.Instruction) {
		if c, ok := instr.(ssa.CallInstruction); ok {
			visit(c)
		}
	})
}

// Field names one field of an object type: (T, "Name") for t.Name, *t.Name
// and t.GetName().
type Field struct {
	Owner *types.TypeName
	Name  string
}

// IDFields: the object fields Create (and the package functions it calls)
// sets the ID from (d.SetId(u.Username), d.SetId(created.GetName())), with
// the SetId call.
func IDFields(create *ssa.Function) map[Field]token.Pos {
	out := map[Field]token.Pos{}
	EachCall(create, func(c ssa.CallInstruction) {
		com := c.Common()
		if ResourceDataMethod(com) != "SetId" || len(com.Args) != 2 {
			return
		}
		if f, ok := objField(com.Args[1], 0); ok {
			out[f] = c.Pos()
		}
	})
	return out
}

// FieldAt: the object field addr addresses (&u.Username).
func FieldAt(addr ssa.Value) (Field, bool) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return Field{}, false
	}
	return structField(fa.X.Type(), fa.Field)
}

// EchoedIDSources: the keys whose value is the ID although Create never
// builds it from d.Get — Create sets the ID from a field of an object (the
// API's answer: d.SetId(created.GetName())) and Read saves that same field
// of an object of the same type under the key (d.Set("name",
// index.GetName())). The ID and the attribute are then one value. With
// parts, an ID formatted from several fields (fmt.Sprintf("vaults/%s/items/%s",
// item.Vault.ID, item.ID), also in a package ID builder) holds each of them.
func EchoedIDSources(create, read *ssa.Function, parts bool) map[string]token.Pos {
	idFrom := map[Field]token.Pos{}
	EachCall(create, func(c ssa.CallInstruction) {
		com := c.Common()
		if ResourceDataMethod(com) != "SetId" || len(com.Args) != 2 {
			return
		}
		if f, ok := objField(com.Args[1], 0); ok {
			idFrom[f] = c.Pos()
		} else if parts {
			for _, f := range partsOf(com.Args[1], map[ssa.Value]bool{}, 0) {
				idFrom[f] = c.Pos()
			}
		}
	})
	out := map[string]token.Pos{}
	if len(idFrom) == 0 {
		return out
	}
	EachCall(read, func(c ssa.CallInstruction) {
		com := c.Common()
		if ResourceDataMethod(com) != "Set" || len(com.Args) != 3 {
			return
		}
		k, ok := tfssa.ConstString(com.Args[1])
		f, isField := objField(com.Args[2], 0)
		if at, same := idFrom[f]; ok && isField && same && !strings.Contains(k, ".") {
			out[k] = at
		}
	})
	return out
}

// partsOf: the object fields an ID is formatted from — through the
// standard library's formatting, concatenation and the results of plain
// package functions that call only the standard library (ID builders).
func partsOf(v ssa.Value, seen map[ssa.Value]bool, n int) []Field {
	if seen[v] || n > 10 {
		return nil
	}
	seen[v] = true
	if f, ok := objField(v, 0); ok {
		return []Field{f}
	}
	var out []Field
	add := func(vs ...ssa.Value) {
		for _, x := range vs {
			out = append(out, partsOf(x, seen, n+1)...)
		}
	}
	switch x := v.(type) {
	case *ssa.Call:
		callee := x.Common().StaticCallee()
		switch {
		case callee == nil:
		case tfapi.IsStd(tfssa.PkgPath(callee)):
			add(x.Common().Args...)
		case callee.Pkg == x.Parent().Pkg && callee.Signature.Recv() == nil && onlyStd(callee):
			add(returned(callee)...)
		}
	case *ssa.BinOp:
		add(x.X, x.Y)
	case *ssa.MakeInterface:
		add(x.X)
	case *ssa.Convert:
		add(x.X)
	case *ssa.Slice:
		add(x.X)
	case *ssa.Phi:
		add(x.Edges...)
	case *ssa.Alloc:
		add(storedInto(x)...)
	}
	return out
}

// returned: the first results fn returns.
func returned(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) > 0 {
			out = append(out, r.Results[0])
		}
	}
	return out
}

// objField: the field of an object v is read from, through dereferences,
// conversions and func(*T) T helpers (aws.StringValue).
func objField(v ssa.Value, n int) (Field, bool) {
	if n > 6 {
		return Field{}, false
	}
	switch x := tfssa.StripConversions(v).(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return Field{}, false
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return structField(fa.X.Type(), fa.Field)
		}
		return objField(x.X, n+1)
	case *ssa.Field:
		return structField(x.X.Type(), x.Field)
	case *ssa.Call:
		com := x.Common()
		fn := com.StaticCallee()
		if fn == nil {
			return Field{}, false
		}
		if recv := fn.Signature.Recv(); recv != nil && len(com.Args) == 1 && strings.HasPrefix(fn.Name(), "Get") && len(fn.Name()) > 3 {
			if tn := ownerOf(recv.Type()); tn != nil {
				return Field{tn, strings.TrimPrefix(fn.Name(), "Get")}, true
			}
		}
		if derefHelper(fn) && len(com.Args) == 1 {
			return objField(com.Args[0], n+1)
		}
	}
	return Field{}, false
}

// structField: field i of the struct type t (or *t) names.
func structField(t types.Type, i int) (Field, bool) {
	tn := ownerOf(t)
	if tn == nil {
		return Field{}, false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return Field{}, false
	}
	return Field{tn, st.Field(i).Name()}, true
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

// GetsKey: fn (or a package function it calls) reads key k of d with a
// getter (d.Get("k"), GetOk, GetChange, HasChange), or with a key it builds.
func GetsKey(fn *ssa.Function, k string) bool { return GetAt(fn, k, true).IsValid() }

// GetAt: where fn (or a package function it calls) first reads key k of d
// with a getter; built: a key not spelled counts as k.
func GetAt(fn *ssa.Function, k string, built bool) token.Pos {
	at := token.NoPos
	EachCall(fn, func(c ssa.CallInstruction) {
		com := c.Common()
		switch ResourceDataMethod(com) {
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
