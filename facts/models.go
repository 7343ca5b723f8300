package facts

import (
	"go/types"
	"reflect"
	"slices"
	"sort"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// modelOf describes a struct type whose fields carry tfsdk tags, or returns nil.
func modelOf(tn *types.TypeName) *ModelFact {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	f := &ModelFact{}
	collectFields(st, "", f, map[*types.Struct]bool{})
	if len(f.Fields) == 0 {
		return nil
	}
	sort.SliceStable(f.Fields, func(i, j int) bool { return f.Fields[i].Tag < f.Fields[j].Tag })
	return f
}

func collectFields(st *types.Struct, prefix string, f *ModelFact, seen map[*types.Struct]bool) {
	eachTagged(st, prefix, nil, seen, func(tf TaggedField) {
		f.Fields = append(f.Fields, ModelField{
			Tag:    tf.Tag,
			Field:  tf.GoName,
			GoType: types.TypeString(tf.Var.Type(), shortQualifier),
			Nested: nestedModel(tf.Var.Type()),
		})
	})
}

// TaggedField is a struct field the framework converts: its tfsdk tag, its
// Go name through untagged embedded structs ("Base.ID"), and its index path
// (as reflect.Value.FieldByIndex takes it).
type TaggedField struct {
	Var    *types.Var
	Tag    string
	GoName string
	Index  []int
}

// EachTagged calls fn for every tfsdk-tagged field of st, as the framework
// reads them: untagged embedded structs are flattened; tfsdk:"-" and empty
// tags are skipped. Unexported fields are passed on: not every caller skips
// them.
func EachTagged(st *types.Struct, fn func(TaggedField)) {
	eachTagged(st, "", nil, map[*types.Struct]bool{}, fn)
}

func eachTagged(st *types.Struct, prefix string, index []int, seen map[*types.Struct]bool, fn func(TaggedField)) {
	if seen[st] {
		return
	}
	seen[st] = true
	for i := 0; i < st.NumFields(); i++ {
		fl := st.Field(i)
		tag, hasTag := reflect.StructTag(st.Tag(i)).Lookup("tfsdk")
		goName := prefix + fl.Name()
		idx := append(slices.Clip(index), i)
		if fl.Embedded() && !hasTag {
			if inner, ok := derefStruct(fl.Type()); ok {
				eachTagged(inner, goName+".", idx, seen, fn)
			}
			continue
		}
		if hasTag && tag != "-" && tag != "" {
			fn(TaggedField{Var: fl, Tag: tag, GoName: goName, Index: idx})
		}
	}
}

func shortQualifier(p *types.Package) string { return p.Name() }

func derefStruct(t types.Type) (*types.Struct, bool) { return tfapi.DerefStruct(t) }

// nestedModel returns the qualified name of a tagged struct used by a field
// directly, through a pointer, or as the element of a slice or map.
func nestedModel(t types.Type) string {
	n := namedElem(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	if st, ok := n.Underlying().(*types.Struct); ok && hasTags(st, map[*types.Struct]bool{}) {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return ""
}

// hasTags reports whether a struct has tfsdk-tagged fields, directly or through
// embedded structs. Shallow on purpose: models may refer to themselves.
func hasTags(st *types.Struct, seen map[*types.Struct]bool) bool {
	if seen[st] {
		return false
	}
	seen[st] = true
	for i := 0; i < st.NumFields(); i++ {
		if _, ok := reflect.StructTag(st.Tag(i)).Lookup("tfsdk"); ok {
			return true
		}
		if inner, ok := derefStruct(st.Field(i).Type()); ok && st.Field(i).Embedded() && hasTags(inner, seen) {
			return true
		}
	}
	return false
}
