package contract

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// finder collects violations for one RPC response.
type finder struct {
	rpc, typeName string
	out           []Violation
}

func (f *finder) add(rule rules.ID, path, format string, args ...any) {
	f.out = append(f.out, Violation{Rule: rule, RPC: f.rpc, TypeName: f.typeName, Path: path, Message: fmt.Sprintf(format, args...)})
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// show prints a value unless the attribute is Sensitive or write-only.
func show(v tftypes.Value, secret bool) string {
	if secret {
		return "(sensitive value)"
	}
	if !v.IsKnown() {
		return "(unknown)"
	}
	if v.IsNull() {
		return "null"
	}
	var str string
	if v.Type().Is(tftypes.String) && v.As(&str) == nil {
		return fmt.Sprintf("%q", str)
	}
	var n big.Float
	if v.Type().Is(tftypes.Number) && v.As(&n) == nil {
		return n.String()
	}
	var b bool
	if v.Type().Is(tftypes.Bool) && v.As(&b) == nil {
		return fmt.Sprint(b)
	}
	return v.String()
}

// attrs splits an object into its attributes, or a map into its elements;
// nil for null or unknown.
func attrs(v tftypes.Value) map[string]tftypes.Value {
	if !v.IsKnown() || v.IsNull() {
		return nil
	}
	var m map[string]tftypes.Value
	if err := v.As(&m); err != nil {
		return nil
	}
	return m
}

func elems(v tftypes.Value) []tftypes.Value {
	if !v.IsKnown() || v.IsNull() {
		return nil
	}
	var l []tftypes.Value
	if err := v.As(&l); err != nil {
		return nil
	}
	return l
}

// equal compares two values as Terraform's RawEquals does on values without
// refinements: an unknown equals an unknown of the same type, a null equals a
// null, and sets compare regardless of order.
func equal(a, b tftypes.Value) bool {
	if a.Type() == nil || b.Type() == nil {
		return a.Type() == nil && b.Type() == nil
	}
	if !a.Type().Equal(b.Type()) {
		return false
	}
	switch {
	case !a.IsKnown() || !b.IsKnown():
		return a.IsKnown() == b.IsKnown()
	case a.IsNull() || b.IsNull():
		return a.IsNull() == b.IsNull()
	}
	t := a.Type()
	switch {
	case t.Is(tftypes.List{}) || t.Is(tftypes.Tuple{}):
		ea, eb := elems(a), elems(b)
		if len(ea) != len(eb) {
			return false
		}
		for i := range ea {
			if !equal(ea[i], eb[i]) {
				return false
			}
		}
		return true
	case t.Is(tftypes.Set{}):
		return sameElements(elems(a), elems(b))
	case t.Is(tftypes.Map{}) || t.Is(tftypes.Object{}):
		ma, mb := attrs(a), attrs(b)
		if len(ma) != len(mb) {
			return false
		}
		for k, x := range ma {
			y, ok := mb[k]
			if !ok || !equal(x, y) {
				return false
			}
		}
		return true
	}
	return a.Equal(b)
}

// sameElements reports whether two slices hold equal elements, in any order.
func sameElements(ea, eb []tftypes.Value) bool {
	if len(ea) != len(eb) {
		return false
	}
	used := make([]bool, len(eb))
next:
	for _, x := range ea {
		for j, y := range eb {
			if !used[j] && equal(x, y) {
				used[j] = true
				continue next
			}
		}
		return false
	}
	return true
}

// child returns the attribute (or map element) name of v, typed typ: null
// when v is null or lacks it, unknown when v is unknown — as Terraform reads
// the parts of a null or unknown object.
func child(v tftypes.Value, name string, typ tftypes.Type) tftypes.Value {
	if v.Type() != nil && !v.IsKnown() {
		return tftypes.NewValue(typ, tftypes.UnknownValue)
	}
	if x, ok := attrs(v)[name]; ok {
		return x
	}
	return tftypes.NewValue(typ, nil)
}

// elementType is the element type of a list, set or map type, or nil.
func elementType(t tftypes.Type) tftypes.Type {
	switch t := t.(type) {
	case tftypes.List:
		return t.ElementType
	case tftypes.Set:
		return t.ElementType
	case tftypes.Map:
		return t.ElementType
	}
	return nil
}

// index returns element i of a list (or tuple) value, or a null of typ when
// there is none.
func index(v tftypes.Value, i int, typ tftypes.Type) tftypes.Value {
	if l := elems(v); i < len(l) {
		return l[i]
	}
	return tftypes.NewValue(typ, nil)
}

// setLength is the range of lengths a set value may end up with once known:
// elements holding unknowns may coalesce, never below one (Terraform's
// Length refinement for sets).
func setLength(v tftypes.Value) (lo, hi int) {
	if !v.IsKnown() {
		return 0, int(^uint(0) >> 1)
	}
	n := len(elems(v))
	if n <= 1 || v.IsFullyKnown() {
		return n, n
	}
	return 1, n
}

// unknownPaths lists where a value is unknown.
func unknownPaths(v tftypes.Value) []string {
	var out []string
	_ = tftypes.Walk(v, func(p *tftypes.AttributePath, x tftypes.Value) (bool, error) {
		if !x.IsKnown() {
			out = append(out, pathString(p))
			return false, nil
		}
		return true, nil
	})
	return out
}

// checkKnown reports every unknown in a value that must be wholly known.
func (f *finder) checkKnown(rule rules.ID, v tftypes.Value, what string) {
	for _, p := range unknownPaths(v) {
		f.add(rule, p, "%s is unknown; it must be wholly known", what)
	}
}

// checkWriteOnlyNull reports write-only attributes that are not null.
func (f *finder) checkWriteOnlyNull(rule rules.ID, b *tfprotov6.SchemaBlock, v tftypes.Value, path, what string) {
	forEachAttr(b, v, path, func(p string, a *tfprotov6.SchemaAttribute, x tftypes.Value) {
		if a.WriteOnly && !x.IsNull() {
			f.add(rule, p, "write-only attribute is not null in the %s", what)
		}
	})
}

// forEachAttr visits every attribute value of a block, nested ones included.
func forEachAttr(b *tfprotov6.SchemaBlock, v tftypes.Value, path string, fn func(string, *tfprotov6.SchemaAttribute, tftypes.Value)) {
	if b == nil {
		return
	}
	m := attrs(v)
	if m == nil {
		return
	}
	for _, a := range b.Attributes {
		x, ok := m[a.Name]
		if !ok {
			continue
		}
		p := join(path, a.Name)
		fn(p, a, x)
		if a.NestedType != nil {
			forEachObject(objectNesting(a.NestedType), x, p, func(ep string, ev tftypes.Value) {
				forEachAttr(&tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes}, ev, ep, fn)
			})
		}
	}
	for _, bt := range b.BlockTypes {
		x, ok := m[bt.TypeName]
		if !ok {
			continue
		}
		forEachObject(blockNesting(bt), x, join(path, bt.TypeName), func(ep string, ev tftypes.Value) {
			forEachAttr(bt.Block, ev, ep, fn)
		})
	}
}

// nesting is how a nested attribute or block holds its objects.
type nesting int

const (
	nestSingle nesting = iota
	nestMap
	nestList // lists and sets
)

func objectNesting(o *tfprotov6.SchemaObject) nesting {
	switch o.Nesting {
	case tfprotov6.SchemaObjectNestingModeSingle:
		return nestSingle
	case tfprotov6.SchemaObjectNestingModeMap:
		return nestMap
	}
	return nestList
}

func blockNesting(bt *tfprotov6.SchemaNestedBlock) nesting {
	switch bt.Nesting {
	case tfprotov6.SchemaNestedBlockNestingModeSingle, tfprotov6.SchemaNestedBlockNestingModeGroup:
		return nestSingle
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		return nestMap
	}
	return nestList
}

// forEachObject visits the objects of a nested attribute or block value.
func forEachObject(n nesting, v tftypes.Value, path string, fn func(string, tftypes.Value)) {
	switch n {
	case nestSingle:
		fn(path, v)
	case nestMap:
		m := attrs(v)
		for _, k := range sortedKeys(m) {
			fn(fmt.Sprintf("%s[%q]", path, k), m[k])
		}
	default:
		for i, e := range elems(v) {
			fn(fmt.Sprintf("%s[%d]", path, i), e)
		}
	}
}

func sortedKeys(m map[string]tftypes.Value) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// pathString renders an attribute path like the rest of the messages:
// rule[0].port, tags["k"].
func pathString(p *tftypes.AttributePath) string {
	var b strings.Builder
	for _, step := range p.Steps() {
		switch s := step.(type) {
		case tftypes.AttributeName:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(s))
		case tftypes.ElementKeyInt:
			fmt.Fprintf(&b, "[%d]", int64(s))
		case tftypes.ElementKeyString:
			fmt.Fprintf(&b, "[%q]", string(s))
		default:
			b.WriteString("[…]")
		}
	}
	return b.String()
}
