package modelflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Nested objects make a round trip through the framework's values: an
// object read from the plan is decoded into a local struct
// (`m.Extensions.As(ctx, &ex, ...)`), its fields are loaded, and an object
// is rebuilt from them (types.ObjectValue(attrTypes, map[string]attr.Value{
// "dns": ex.DNS}), ObjectValueFrom(ctx, attrTypes, ex)) and stored back into
// the model. The nested taints of the planned object follow that trip.

// decodes: the framework object value x decoded into the struct target
// points to (`x.As(ctx, &target, opts)`), or nil, nil.
func decodes(common *ssa.CallCommon) (x, target ssa.Value) {
	pkg, recv, name := method(common.StaticCallee())
	if !strings.HasSuffix(pkg, "/basetypes") || len(common.Args) != 4 {
		return nil, nil
	}
	switch {
	case name == "As" && recv == "ObjectValue":
	case name == "ElementsAs" && (recv == "ListValue" || recv == "SetValue"):
		// the elements of a list or set into a slice (lists.go)
	default:
		return nil, nil
	}
	return common.Args[0], common.Args[2]
}

// markDecoded: a local struct decoded from an object is, on a path where no
// object was decoded into it yet (`ex := extensions{}; if !m.X.IsNull() {
// m.X.As(ctx, &ex, ...) }`), the zero value, which tells nothing about the
// fields: it is followed like a model pointer variable assigned on some
// paths only.
func (a *analysis) markDecoded() {
	for _, b := range a.fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, target := decodes(ci.Common()); target != nil {
				if root := a.rootArg(target); root != nil {
					if _, isAlloc := root.(*ssa.Alloc); isAlloc {
						a.assigned[root] = true
					}
				}
			}
		}
	}
}

// decode gives the struct decoded into the nested taints of the object.
func (a *analysis) decode(ci ssa.CallInstruction, x, target ssa.Value, st rootState) bool {
	root := a.rootArg(target)
	if root == nil {
		return false
	}
	fs := fieldset{}
	elem := elemType(target)
	for k, t := range a.vals[x] {
		if k == "" {
			continue // an unknown object does not decode
		}
		if t.Via == token.NoPos {
			t.Via = ci.Pos()
		}
		if elem != nil {
			t.Elem, t.ElemKey = elem, k
		}
		fs[k] = t
	}
	st[root] = fs
	return false
}

// objectCtor: the framework constructors of an object value from a map of
// attribute values or from a struct; tuple: it also returns diagnostics.
func objectCtor(fn *ssa.Function) (fromStruct, tuple, ok bool) {
	if fn == nil || fn.Pkg == nil || fn.Signature.Recv() != nil || !strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") {
		return false, false, false
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ObjectValue":
		return false, true, true
	case "ObjectValueMust":
		return false, false, true
	case "ObjectValueFrom", "ListValueFrom", "SetValueFrom":
		// From a struct, or a slice of element structs (lists.go).
		return true, true, true
	}
	return false, false, false
}

// rebuild gives an object built from attribute values the nested taints
// of those values. They are kept as may-taints (see Taint.May): the code
// chose, in value space, to save what it rebuilt.
func (a *analysis) rebuild(call *ssa.Call, fromStruct, tuple bool, st rootState) bool {
	args := call.Call.Args
	src := args[len(args)-1]
	var in fieldset
	if root := a.rootArg(src); fromStruct && root != nil {
		in = st[root]
	} else {
		in = a.vals[src]
	}
	fs := fieldset{}
	for k, t := range in {
		if k != "" {
			t.May = true
			fs[k] = t
		}
	}
	if !tuple {
		return a.addVal(call, fs)
	}
	if a.tup[call] == nil {
		a.tup[call] = []fieldset{{}, {}}
	}
	return a.tup[call][0].union(fs)
}

// mapUpdate: `m["key"] = v` into a map of attribute values puts v's taints
// under the key.
func (a *analysis) mapUpdate(in *ssa.MapUpdate) bool {
	k, ok := in.Key.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String || !attrValues(in.Map.Type()) {
		return false
	}
	key := constant.StringVal(k.Value)
	fs := fieldset{}
	for sub, t := range a.vals[in.Value] {
		if sub == "" {
			fs[key] = t
		} else {
			fs[key+"."+sub] = t
		}
	}
	return a.addVal(in.Map, fs)
}

// attrValues: t is a map[string]attr.Value.
func attrValues(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	pkg, name := tfapi.Named(m.Elem())
	return name == "Value" && strings.HasSuffix(pkg, "/attr")
}

// readOnly: parameter i of fn, a pointer, is only used to load fields or
// the whole value: a call that cannot be followed (too deep) but only reads
// the struct does not fill it.
func readOnly(fn *ssa.Function, i int) bool {
	if fn == nil || len(fn.Blocks) == 0 || i >= len(fn.Params) {
		return false
	}
	refs := fn.Params[i].Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyLoaded(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func onlyLoaded(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		default:
			return false
		}
	}
	return true
}
