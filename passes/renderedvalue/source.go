// Rules: APPLY-2, VALIDATE-1 (a framework value's debug rendering used as its value).

package renderedvalue

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// kind is what String() of a value gives.
type kind int

const (
	notValue kind = iota
	// quoted: basetypes.StringValue (and types built on it): always the
	// Go-quoted, escaped text, never the value.
	quoted
	// anyValue: an attr.Value whose type is not known here (an element of
	// Elements(), an interface): a string element renders quoted.
	anyValue
	// other: a known non-string value (bool, number, collection, object):
	// its rendering is the value's text only when known and not null, and
	// a collection's is not JSON; only a parser of it is reported.
	other
)

const basetypes = tfapi.Framework + "types/basetypes"

// kindOf classifies a value of type t by its String method.
func kindOf(t types.Type) kind {
	if t == nil {
		return notValue
	}
	if types.IsInterface(t) {
		return interfaceKind(t)
	}
	sel := types.NewMethodSet(t).Lookup(nil, "String")
	if sel == nil {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			return kindOf(p.Elem())
		}
		return notValue
	}
	fn, ok := sel.Obj().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != basetypes {
		return notValue // a type with its own String: not the framework's rendering
	}
	_, name := tfapi.Named(fn.Signature().Recv().Type())
	return receiverKind(name)
}

func receiverKind(name string) kind {
	switch {
	case name == "StringValue":
		return quoted
	case strings.HasSuffix(name, "Value"):
		return other
	}
	return notValue // a Type's String names the type
}

// interfaceKind: attr.Value, a basetypes ...Valuable, or an interface of the
// provider's own holding String beside IsNull or IsUnknown (a value).
func interfaceKind(t types.Type) kind {
	pkg, name := tfapi.Named(t)
	switch {
	case pkg == tfapi.Framework+"attr" && name == "Value":
		return anyValue
	case pkg == basetypes && name == "StringValuable":
		return quoted
	case pkg == basetypes && strings.HasSuffix(name, "Valuable"):
		return other
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return notValue
	}
	has := map[string]bool{}
	for i := 0; i < iface.NumMethods(); i++ {
		has[iface.Method(i).Name()] = true
	}
	if has["String"] && (has["IsNull"] || has["IsUnknown"]) {
		return anyValue
	}
	return notValue
}

// source is one rendering: a String() call, or a fmt call formatting a
// framework string.
type source struct {
	call *ssa.Call
	kind kind
	recv ssa.Value // the rendered value
	fmt  bool      // rendered by fmt's %s/%v
}

// sourceOf recognises a rendering at call.
func sourceOf(call *ssa.Call) (source, bool) {
	cc := call.Common()
	if cc.IsInvoke() {
		if cc.Method.Name() == "String" && len(cc.Args) == 0 {
			if k := interfaceKind(cc.Value.Type()); k != notValue {
				return source{call: call, kind: k, recv: cc.Value}, true
			}
		}
		return source{}, false
	}
	fn := cc.StaticCallee()
	if fn == nil {
		return source{}, false
	}
	if fn.Name() == "String" && fn.Signature.Recv() != nil && len(cc.Args) == 1 {
		if funcPkg(fn) == basetypes {
			_, name := tfapi.Named(fn.Signature.Recv().Type())
			if k := receiverKind(name); k != notValue {
				return source{call: call, kind: k, recv: cc.Args[0]}, true
			}
		}
		return source{}, false
	}
	if v := formatted(call); v != nil {
		return source{call: call, kind: quoted, recv: v, fmt: true}, true
	}
	return source{}, false
}

// formatted: call is fmt.Sprintf/Sprint/Sprintln with a framework string
// among its operands (fmt calls its String method); the operand.
func formatted(call *ssa.Call) ssa.Value {
	fn := call.Call.StaticCallee()
	if fn == nil || funcPkg(fn) != "fmt" {
		return nil
	}
	switch fn.Name() {
	case "Sprintf", "Sprint", "Sprintln":
	default:
		return nil
	}
	args := call.Call.Args
	if len(args) == 0 {
		return nil
	}
	for _, v := range varargs(args[len(args)-1]) {
		if mi, ok := v.(*ssa.MakeInterface); ok && kindOf(mi.X.Type()) == quoted && !types.IsInterface(mi.X.Type()) {
			return mi.X
		}
	}
	return nil
}

// varargs: the values stored into the slice literal a variadic call gets.
func varargs(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// varargCall: addr is an element of the slice literal handed to a variadic
// call; that call.
func varargCall(addr ssa.Value) *ssa.Call {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	alloc, ok := ia.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	for _, r := range *alloc.Referrers() {
		sl, ok := r.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, rr := range *sl.Referrers() {
			if c, ok := rr.(*ssa.Call); ok && len(c.Call.Args) > 0 && c.Call.Args[len(c.Call.Args)-1] == sl {
				return c
			}
		}
	}
	return nil
}

// attrName names the rendered value for the message: the tfsdk tag of the
// model field it was loaded from, or "" when unknown.
func attrName(v ssa.Value) string {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return tfapi.ModelTag(x.X.Type(), x.Field)
	case *ssa.Field:
		return tfapi.ModelTag(x.X.Type(), x.Field)
	}
	return ""
}

// funcPkg: the import path of fn's package (functions of imported packages
// may have no ssa.Package).
func funcPkg(fn *ssa.Function) string {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	if o := fn.Object(); o != nil && o.Pkg() != nil {
		return o.Pkg().Path()
	}
	return ""
}

// elementOf names the collection v is an element of, when v comes from
// ranging over (or indexing) Elements() of a model field: "" otherwise.
func elementOf(v ssa.Value) string {
	var coll ssa.Value
	switch x := v.(type) {
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok {
			if rng, ok := next.Iter.(*ssa.Range); ok {
				coll = rng.X
			}
		}
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			coll = ia.X
		}
	case *ssa.Index:
		coll = x.X
	}
	call, ok := coll.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || len(call.Call.Args) != 1 {
		return ""
	}
	if fn := call.Call.StaticCallee(); fn == nil || fn.Name() != "Elements" {
		return ""
	}
	return attrName(call.Call.Args[0])
}
