// Package zerovalue finds the collection fields of a model a function
// builds itself and saves without ever writing them.
package zerovalue

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// A list, set, map or object value left at its Go zero value has no element
// or attribute types. The framework compares the value's type with the
// schema's before converting (reflect.FromAttributeValue), so resp.State.Set
// fails with "Value Conversion Error" however the attribute is declared. An
// upgrader that builds the current model as a literal from the prior one
// and leaves such a field out breaks every upgrade.

// Field is a model field of collection or object type never written.
type Field struct {
	GoName, Tag string
}

// Unset returns the model literal a Set argument was built in and its
// collection fields never written, or nil when the model is not a local
// literal or its address escapes (a helper may fill it).
func Unset(x ssa.Value) (*ssa.Alloc, []Field) {
	return UnsetWhere(x, isCollection)
}

// UnsetWhere is Unset for the tagged fields whose type keep accepts.
func UnsetWhere(x ssa.Value, keep func(types.Type) bool) (*ssa.Alloc, []Field) {
	alloc, ok := x.(*ssa.Alloc)
	if !ok {
		if ld, isLoad := x.(*ssa.UnOp); isLoad && ld.Op == token.MUL {
			alloc, ok = ld.X.(*ssa.Alloc)
		}
	}
	if !ok {
		return nil, nil
	}
	st, ok := tfapi.DerefStruct(alloc.Type())
	if !ok {
		return nil, nil
	}
	w := writes{}
	if !w.walk(alloc, "", 0) {
		return nil, nil
	}
	return alloc, w.fields(st, keep)
}

// writes holds the field paths ("3", "3.5": field indexes through nested
// struct values) the function stores to.
type writes map[string]bool

func (w writes) covers(path string) bool {
	for p := range w {
		if p == "" || p == path || strings.HasPrefix(path, p+".") {
			return true
		}
	}
	return false
}

// walk records the stores to v (the literal, or a field address in it).
// It fails when the literal's address goes anywhere but to a field, a
// load, or resp.State.Set: a helper may write it. A field's address handed
// on (&m.X, a pointer-receiver call) counts as a write.
func (w writes) walk(v ssa.Value, path string, copies int) bool {
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			if !w.walk(r, join(path, strconv.Itoa(r.Field)), copies) {
				return false
			}
		case *ssa.Store:
			if r.Addr != v {
				return false // the address itself is stored somewhere
			}
			// A literal holding calls is built in a temporary and copied.
			if ld, ok := r.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
				if tmp, ok := ld.X.(*ssa.Alloc); ok && tmp != v {
					if copies > 3 || !w.walk(tmp, path, copies+1) {
						return false
					}
					continue
				}
			}
			if !isZero(r.Val) {
				w[path] = true
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeInterface:
			if path != "" {
				w[path] = true
			} else if !onlyStateSet(r) {
				return false
			}
		default:
			if path == "" {
				return false
			}
			w[path] = true
		}
	}
	return true
}

// onlyStateSet: the interface made of the literal's address only goes to
// a tfsdk.State Set call.
func onlyStateSet(mi *ssa.MakeInterface) bool {
	for _, ref := range *mi.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok {
			return false
		}
		if !IsStateSet(call.Common().StaticCallee()) {
			return false
		}
	}
	return true
}

func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && (c.Value == nil || c.Value.Kind() == constant.Unknown)
}

func join(path, idx string) string {
	if path == "" {
		return idx
	}
	return path + "." + idx
}

// fields lists the tagged fields of st keep accepts (as the framework reads
// them, facts.EachTagged) that no store covers.
func (w writes) fields(st *types.Struct, keep func(types.Type) bool) []Field {
	var out []Field
	facts.EachTagged(st, func(tf facts.TaggedField) {
		if tf.Var.Exported() && keep(tf.Var.Type()) && !w.covers(indexPath(tf.Index)) {
			out = append(out, Field{GoName: tf.GoName, Tag: tf.Tag})
		}
	})
	return out
}

func indexPath(index []int) string {
	parts := make([]string, len(index))
	for i, n := range index {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

var collections = map[string]bool{"ListValue": true, "SetValue": true, "MapValue": true, "ObjectValue": true}

// isCollection: a basetypes list, set, map or object value (types.List,
// ...). A custom value type is left alone: its own Type method may give
// its zero value a type (cloudflare's customfield.List[T] does).
func isCollection(t types.Type) bool {
	if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		return false
	}
	pkg, name := tfapi.Named(t)
	return pkg == "github.com/hashicorp/terraform-plugin-framework/types/basetypes" && collections[name]
}

// SchemaHolds: the current schema has a top-level attribute of the tag
// whose type a zero value cannot match (an object with no attributes can).
// A tag the schema does not hold fails the conversion too, so a tag not in
// a schema known only in part counts.
func SchemaHolds(r *facts.FrameworkResource, tag string) bool {
	if !r.SchemaResolved {
		return true
	}
	for _, a := range r.Schema.Attributes {
		if a.Name != tag {
			continue
		}
		switch {
		case a.Nesting != "" || a.Block:
			return true
		case a.Type == "object":
			return len(a.Nested) > 0 || a.Incomplete
		default:
			return a.Type == "list" || a.Type == "set" || a.Type == "map"
		}
	}
	return !r.Schema.Complete
}

// IsStateSet: fn is tfsdk.State's Set method.
func IsStateSet(fn *ssa.Function) bool {
	if fn == nil || fn.Name() != "Set" {
		return false
	}
	recv := fn.Signature.Recv()
	return recv != nil && tfapi.IsFramework(recv.Type(), "tfsdk", "State")
}

// Saved is a resp.State.Set of a model its function builds itself, with
// the fields never written.
type Saved struct {
	Call   *ssa.Call
	Alloc  *ssa.Alloc
	Fields []Field
}

// SavedUnset lists fn's resp.State.Set calls of a model fn builds itself
// that leave tagged fields keep accepts unwritten.
func SavedUnset(fn *ssa.Function, keep func(types.Type) bool) []Saved {
	var out []Saved
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !IsStateSet(call.Call.StaticCallee()) || len(call.Call.Args) != 3 {
				continue
			}
			mi, ok := call.Call.Args[2].(*ssa.MakeInterface)
			if !ok {
				continue
			}
			if alloc, fields := UnsetWhere(mi.X, keep); len(fields) > 0 {
				out = append(out, Saved{Call: call, Alloc: alloc, Fields: fields})
			}
		}
	}
	return out
}

// IsCollection is the keep of Unset: list, set, map and object values.
func IsCollection(t types.Type) bool { return isCollection(t) }
