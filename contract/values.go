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

// equal compares two values; sets are compared regardless of order.
func equal(a, b tftypes.Value) bool {
	if a.Type() == nil || b.Type() == nil || !a.Type().Equal(b.Type()) {
		return a.Equal(b)
	}
	if a.Type().Is(tftypes.Set{}) && a.IsKnown() && b.IsKnown() && !a.IsNull() && !b.IsNull() {
		ea, eb := elems(a), elems(b)
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
	return a.Equal(b)
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
