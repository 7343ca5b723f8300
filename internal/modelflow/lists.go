package modelflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Nested lists and sets make the same round trip as objects (objects.go),
// element by element: `m.Items.ElementsAs(ctx, &elems, false)` decodes the
// planned elements into a slice of element structs, the code fills some of
// their fields, and types.ListValueFrom(ctx, t, elems) (SetValueFrom)
// rebuilds the value stored back into the model. The slice variable is
// tracked as a root whose fieldset holds the taints of every element.
//
// Element fields are written in loops, which a path analysis cannot credit
// (a store in the body does not dominate the save), so a store into the
// element struct's field anywhere (noteNested) resolves it, as for other
// nested attributes. A slice whose elements may be changed where the engine
// cannot see (appended to, aliased, handed to a helper) is not tracked.

// elemSlice: alloc is a variable of type []E, E a model struct, used only
// in ways the engine follows: loads, stores of a new slice (not an
// append), and its address handed to ElementsAs.
func elemSlice(alloc *ssa.Alloc) bool {
	p, ok := types.Unalias(alloc.Type()).(*types.Pointer)
	if !ok {
		return false
	}
	s, ok := p.Elem().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	if st, ok := s.Elem().Underlying().(*types.Struct); !ok || !tagged(st) {
		return false
	}
	if alloc.Referrers() == nil {
		return false
	}
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL || !sliceUsesFollowed(r) {
				return false
			}
		case *ssa.MakeInterface:
			if !onlyDecodes(r) {
				return false
			}
		case *ssa.Store:
			if r.Addr != alloc || isBuiltin(r.Val, "append") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// onlyDecodes: the boxed address of the slice goes to ElementsAs only.
func onlyDecodes(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			if x, _ := decodes(r.Common()); x == nil {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sliceUsesFollowed: a loaded slice is only indexed, measured, or handed
// to the framework's list and set constructors.
func sliceUsesFollowed(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.IndexAddr:
			if !elemUsesFollowed(r) {
				return false
			}
		case *ssa.MakeInterface:
			for _, u := range *r.Referrers() {
				if !rebuildsList(u) {
					if _, dbg := u.(*ssa.DebugRef); !dbg {
						return false
					}
				}
			}
		case *ssa.Call:
			if !isBuiltinCall(r, "len") && !isBuiltinCall(r, "cap") {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// elemUsesFollowed: an element's address is only loaded or stored
// through, down its fields; handed to a call it may be filled unseen, and
// an element replaced whole (`elems[i] = fromAPI(...)`) holds what the
// engine does not follow.
func elemUsesFollowed(v ssa.Value) bool {
	_, whole := v.(*ssa.IndexAddr)
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if r.Val == v || whole {
				return false
			}
		case *ssa.FieldAddr:
			if !elemUsesFollowed(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func rebuildsList(instr ssa.Instruction) bool {
	c, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	fromStruct, _, ok := objectCtor(c.Common().StaticCallee())
	return ok && fromStruct
}

func isBuiltin(v ssa.Value, name string) bool {
	c, ok := v.(*ssa.Call)
	return ok && isBuiltinCall(c, name)
}

func isBuiltinCall(c *ssa.Call, name string) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

// elemType: the element struct of the slice variable target points to.
func elemType(target ssa.Value) types.Type {
	if mi, ok := target.(*ssa.MakeInterface); ok {
		target = mi.X
	}
	p, ok := types.Unalias(target.Type()).(*types.Pointer)
	if !ok {
		return nil
	}
	if s, ok := p.Elem().Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return nil
}

// elemRoot: the tracked slice variable whose element address v is
// (elems[i], through a load of the variable), or nil.
func (a *analysis) elemRoot(v ssa.Value) ssa.Value {
	ia, ok := v.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	if l, ok := ia.X.(*ssa.UnOp); ok && l.Op == token.MUL && a.roots[l.X] {
		if _, isAlloc := l.X.(*ssa.Alloc); isAlloc && elemType(l.X) != nil {
			return l.X
		}
	}
	return nil
}

// loadElem gives a load of an element (`e := elems[i]`, the range
// variable) or of one of its fields the element taints.
func (a *analysis) loadElem(in *ssa.UnOp, st rootState) bool {
	if root := a.elemRoot(in.X); root != nil {
		return a.addVal(in, st[root])
	}
	if fa, ok := in.X.(*ssa.FieldAddr); ok {
		if root := a.elemRoot(fa.X); root != nil {
			if tag := FieldTag(fa); tag != "" {
				return a.addVal(in, sub(st[root], tag))
			}
		}
	}
	return false
}

// elemResolved: the element-relative path of a taint decoded into a slice
// of element structs was written somewhere (a store into the element
// struct's field, or an object or list holding it).
func (a *analysis) elemResolved(t Taint) bool {
	if t.Elem == nil || t.ElemKey == "" {
		return false
	}
	return a.storedUnder(t.Elem, t.ElemKey, 0)
}
