package undeclaredkey

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// The SDK stores a d.Set value by decoding it into the attribute's type
// (helper/schema field_writer_map.go, with mapstructure and no weak typing):
//
//   - TypeString takes a string kind only; TypeInt and TypeFloat any integer
//     or float kind (json.Number too); TypeBool a bool only;
//   - TypeList takes a slice or array (a *schema.Set is refused); TypeSet a
//     slice, an array or a *schema.Set (anything else panics);
//   - TypeMap takes a map with string keys;
//   - each element of a list, set or map is decoded the same way into the
//     element type; a block element must be a map (a struct decodes into a
//     map keyed by its Go field names, which no schema declares: "Invalid
//     address to set").
//
// A pointer is followed once (d.Set dereferences it). Anything else makes
// d.Set return an error and store nothing.

// setMismatch says why the SDK refuses a value of static type t for a, or
// "" when it takes it or the type says too little (an interface).
func setMismatch(t types.Type, a *facts.Attribute) string {
	t = deref(t)
	if t == nil || isInterface(t) {
		return ""
	}
	switch a.Type {
	case "string", "int", "float", "bool":
		return primitiveMismatch(t, a.Type)
	case "list", "set":
		if a.Type == "set" && isSDKSet(t) {
			return ""
		}
		elem, ok := sliceElem(t)
		if !ok {
			if a.Type == "set" {
				return fmt.Sprintf("a set takes a slice or a *schema.Set, not %s (d.Set panics)", typeName(t))
			}
			return fmt.Sprintf("a list takes a slice, not %s", typeName(t))
		}
		if a.Block {
			if why := blockElemMismatch(elem, a); why != "" {
				return "its elements are blocks: " + why
			}
			return ""
		}
		if a.ElemType != "" {
			if why := primitiveMismatch(deref(elem), a.ElemType); why != "" && !isInterface(deref(elem)) {
				return fmt.Sprintf("its elements are %ss: %s", a.ElemType, why)
			}
		}
		return ""
	case "map":
		m, ok := t.Underlying().(*types.Map)
		if !ok {
			return fmt.Sprintf("a map takes a map, not %s", typeName(t))
		}
		if b, ok := m.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			if !isInterface(m.Key()) {
				return fmt.Sprintf("a map takes string keys, not %s", typeName(m.Key()))
			}
			return ""
		}
		if a.ElemType != "" {
			if e := deref(m.Elem()); e != nil && !isInterface(e) {
				if why := primitiveMismatch(e, a.ElemType); why != "" {
					return fmt.Sprintf("its values are %ss: %s", a.ElemType, why)
				}
			}
		}
	}
	return ""
}

// primitiveMismatch: why a value of type t (dereferenced) cannot be decoded
// into a primitive of the given schema type.
func primitiveMismatch(t types.Type, typ string) string {
	if t == nil || isInterface(t) {
		return ""
	}
	var ok bool
	b, basic := t.Underlying().(*types.Basic)
	switch {
	case basic && b.Kind() == types.UntypedNil:
		return ""
	case basic && b.Info()&types.IsComplex != 0, basic && b.Kind() == types.UnsafePointer:
		return ""
	}
	switch typ {
	case "string":
		ok = basic && b.Info()&types.IsString != 0
	case "int", "float":
		ok = basic && b.Info()&(types.IsInteger|types.IsFloat) != 0 || isJSONNumber(t)
	case "bool":
		ok = basic && b.Info()&types.IsBoolean != 0
	default:
		return ""
	}
	if ok {
		return ""
	}
	if !basic {
		switch t.Underlying().(type) {
		case *types.Struct, *types.Slice, *types.Array, *types.Map:
		default:
			return "" // a func, a channel: not worth a guess
		}
	}
	return fmt.Sprintf("a %s takes %s, not %s", typeWord(typ), kindWord(typ), typeName(t))
}

// blockElemMismatch: why an element of static type e cannot be a block.
func blockElemMismatch(e types.Type, a *facts.Attribute) string {
	e = deref(e)
	if e == nil || isInterface(e) {
		return ""
	}
	switch u := e.Underlying().(type) {
	case *types.Map:
		return ""
	case *types.Struct:
		if a.Incomplete {
			return ""
		}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() {
				continue
			}
			if _, tagged := reflect.StructTag(u.Tag(i)).Lookup("mapstructure"); tagged {
				continue
			}
			return fmt.Sprintf("each block must be a map, not the struct %s (its field %s is no attribute of the block: \"Invalid address to set\")", typeName(e), f.Name())
		}
		return ""
	case *types.Basic, *types.Slice, *types.Array:
		return fmt.Sprintf("each block must be a map, not %s", typeName(e))
	}
	return ""
}

func deref(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isInterface(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return true
	}
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

func isJSONNumber(t types.Type) bool {
	pkg, n := tfapi.Named(t)
	return pkg == "encoding/json" && n == "Number"
}

// isSDKSet: t is schema.Set (a *schema.Set, dereferenced).
func isSDKSet(t types.Type) bool {
	pkg, n := tfapi.Named(t)
	_, sdk := tfapi.SDKSchemaPkgs[pkg]
	return sdk && n == "Set"
}

func sliceElem(t types.Type) (types.Type, bool) {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem(), true
	case *types.Array:
		return u.Elem(), true
	}
	return nil, false
}

func typeWord(typ string) string {
	return "Type" + strings.ToUpper(typ[:1]) + typ[1:]
}

func kindWord(typ string) string {
	switch typ {
	case "string":
		return "a string"
	case "bool":
		return "a bool"
	}
	return "a number"
}

func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// setValueType is the static type of the value d.Set is handed, before
// its conversion to interface{}; nil when it already was an interface.
func setValueType(c *ssa.Call) types.Type {
	if len(c.Call.Args) < 3 {
		return nil
	}
	if mi, ok := c.Call.Args[2].(*ssa.MakeInterface); ok {
		return mi.X.Type()
	}
	return nil
}

// typeFinding reports a d.Set whose value the attribute's type refuses.
func typeFinding(r *facts.SDKResource, u keyUse, a *facts.Attribute, t types.Type, why string) lint.Finding {
	what := fmt.Sprintf("d.Set(%q, %s) in %s: %q is a %s, and %s", u.key, typeName(t), fnName(u.call.Parent()), u.key, schemaTypeName(a), why)
	var then string
	if used(u.call) {
		then = "d.Set returns an error, which this code checks: the path fails whenever it runs"
	} else {
		then = fmt.Sprintf("the SDK refuses the value (d.Set returns an error, ignored here) and stores nothing: %q is never saved here, so it stays empty after import and drift goes unseen", u.key)
	}
	f := lint.Finding{Rule: "IMPORT-3", Pos: u.call.Pos(), Message: what + "; " + then}
	if a.Pos.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: a.Pos, Message: fmt.Sprintf("%q declared a %s here", u.key, schemaTypeName(a))})
	} else if r.Pos.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: r.Pos, Message: "the schema of " + r.Name})
	}
	return f
}

func schemaTypeName(a *facts.Attribute) string {
	s := typeWord(a.Type)
	switch {
	case a.Block:
		s += " of blocks"
	case a.ElemType != "":
		s += " of " + a.ElemType + "s"
	}
	return s
}

// typeCheck: the attribute u's key names in each resource, and why each
// refuses the value; ok only when every resource's attribute is known and
// refuses it (a helper shared by resources is judged by all).
func typeCheck(rs []*facts.SDKResource, u keyUse) (*facts.Attribute, types.Type, string, bool) {
	if u.method != "Set" {
		return nil, nil, "", false
	}
	parts := strings.Split(u.key, ".")
	if last := parts[len(parts)-1]; last == "#" || last == "%" || strings.Trim(last, "0123456789") == "" {
		return nil, nil, "", false // an element or a count: not the attribute's own value
	}
	t := setValueType(u.call)
	if t == nil {
		return nil, nil, "", false
	}
	var first *facts.Attribute
	var why string
	for _, r := range rs {
		a, found := facts.Lookup(r.Schema.Attributes, u.key)
		if !found || a == nil || a.Uncertain {
			return nil, nil, "", false
		}
		w := setMismatch(t, a)
		if w == "" {
			return nil, nil, "", false
		}
		if first == nil {
			first, why = a, w
		}
	}
	return first, t, why, first != nil
}
