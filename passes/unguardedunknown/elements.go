// VALIDATE-1 (validation accepts unknown values): values inside a
// configuration value: the attributes of an object
// (obj.Attributes()["role"]) and the elements of a collection (range
// req.ConfigValue.Elements()). Each may be unknown while the value holding
// it is known ([var.a, aws_x.y.id], { role = aws_x.y.name }), and reads as
// zero like the value itself.

package unguardedunknown

import (
	"fmt"
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
)

// recvCall: c calls a method on a receiver — statically (types.String's
// ValueString) or through an interface (attr.Value's IsNull, IsUnknown);
// the receiver and the method's name.
func recvCall(c *ssa.Call) (ssa.Value, string, bool) {
	if c.Call.IsInvoke() {
		if len(c.Call.Args) != 0 {
			return nil, "", false
		}
		return c.Call.Value, c.Call.Method.Name(), true
	}
	fn := c.Call.StaticCallee()
	if fn == nil || len(c.Call.Args) != 1 || c.Call.Signature().Recv() == nil {
		return nil, "", false
	}
	return c.Call.Args[0], fn.Name(), true
}

// innerKey identifies an attribute or element of a value s.key knows, by
// the holder's key and the attribute's name (or the loop taking the
// elements); "" when v is none.
func (s *fwScope) innerKey(v ssa.Value, depth int) (key, label string) {
	if depth > 6 {
		return "", ""
	}
	v = unwrapAssert(v)
	switch x := v.(type) {
	case *ssa.Lookup:
		return s.attributeKey(x, depth)
	case *ssa.Extract:
		next, ok := x.Tuple.(*ssa.Next)
		if !ok || x.Index != 2 || next.IsString {
			return "", ""
		}
		if rng, ok := next.Iter.(*ssa.Range); ok {
			return s.elementsOf(rng.X, next, depth)
		}
	case *ssa.UnOp:
		switch a := x.X.(type) {
		case *ssa.IndexAddr:
			return s.elementsOf(a.X, a, depth)
		case *ssa.FieldAddr: // gens[i].Style, or g.Style of a local copy g
			if ia := elementAddr(a.X); ia != nil {
				return s.decodedField(ia, modelflow.Tag(a.X.Type(), a.Field))
			}
		}
	case *ssa.Field: // g.Style of `for _, g := range gens`
		if u, ok := x.X.(*ssa.UnOp); ok {
			if ia, ok := u.X.(*ssa.IndexAddr); ok {
				return s.decodedField(ia, modelflow.Tag(x.X.Type(), x.Field))
			}
		}
	case *ssa.Index:
		return s.elementsOf(x.X, x, depth)
	}
	return "", ""
}

// attributeKey: l is x.Attributes()["name"] of a value s.key knows.
func (s *fwScope) attributeKey(l *ssa.Lookup, depth int) (string, string) {
	name, ok := l.Index.(*ssa.Const)
	c, isCall := l.X.(*ssa.Call)
	if !ok || name.Value == nil || name.Value.Kind() != constant.String || !isCall {
		return "", ""
	}
	recv, method, ok := recvCall(c)
	if !ok || method != "Attributes" {
		return "", ""
	}
	k, _ := s.keyAt(recv, depth+1)
	if k == "" {
		return "", ""
	}
	n := constant.StringVal(name.Value)
	return k + "." + n, fmt.Sprintf("%q", n)
}

// elementsOf: coll is x.Elements() of a value s.key knows; the key of an
// element taken at site (a loop's Next, an index).
func (s *fwScope) elementsOf(coll ssa.Value, site ssa.Value, depth int) (string, string) {
	c, ok := coll.(*ssa.Call)
	if !ok {
		return "", ""
	}
	recv, method, ok := recvCall(c)
	if !ok || method != "Elements" {
		return "", ""
	}
	k, _ := s.keyAt(recv, depth+1)
	in, isInstr := site.(ssa.Instruction)
	if k == "" || !isInstr {
		return "", ""
	}
	k = fmt.Sprintf("%s.*%p", k, site)
	if s.sites == nil {
		s.sites = map[string]*ssa.BasicBlock{}
	}
	s.sites[k] = in.Block()
	return k, "an element of the collection"
}

// stops: b takes the next element of a collection the value is an element
// of (or an attribute of one): what follows in the loop is decided by that
// element, not this one.
func (u fwUnknown) stops(b *ssa.BasicBlock) bool {
	for k, at := range u.s.sites {
		if at == b && strings.HasPrefix(u.key, k) {
			return true
		}
	}
	return false
}

// unwrapAssert: the value a type assertion (v.(types.String), with or
// without ok) or an interface conversion was made from; the lookup of
// a map lookup with ok.
func unwrapAssert(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.Extract:
			if x.Index != 0 {
				return v
			}
			switch t := x.Tuple.(type) {
			case *ssa.TypeAssert:
				v = t.X
			case *ssa.Lookup:
				return t // attrs["role"] with ok
			default:
				return v
			}
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// passesAtNext: a framework validator adds its error where it finds the
// element wrong, so an element the loop leaves for the next one passed.
func (fwUnknown) passesAtNext() bool { return true }

// decodedField: the field tagged tag of the element ia addresses, in a
// slice a configuration collection was decoded into (ElementsAs(ctx,
// &gens, false)): each element's fields are configured values.
func (s *fwScope) decodedField(ia *ssa.IndexAddr, tag string) (string, string) {
	load, ok := ia.X.(*ssa.UnOp)
	if !ok || tag == "" {
		return "", ""
	}
	coll, ok := s.decodedLists[load.X]
	if !ok {
		return "", ""
	}
	k := fmt.Sprintf("%s.*%p", coll, ia)
	if s.sites == nil {
		s.sites = map[string]*ssa.BasicBlock{}
	}
	s.sites[k] = ia.Block()
	return k + "." + tag, fmt.Sprintf("%q", tag)
}

// elementAddr: the address of a slice element v is (gens[i]), or the one
// the local v holds a copy of (for _, g := range gens); nil otherwise.
func elementAddr(v ssa.Value) *ssa.IndexAddr {
	if ia, ok := v.(*ssa.IndexAddr); ok {
		return ia
	}
	al, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out *ssa.IndexAddr
	for _, r := range *al.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != al {
			continue
		}
		u, ok := st.Val.(*ssa.UnOp)
		if !ok || out != nil {
			return nil // stored something else, or twice
		}
		if out, ok = u.X.(*ssa.IndexAddr); !ok {
			return nil
		}
	}
	return out
}

func (u fwUnknown) factsModel() *facts.Model { return u.s.model }
