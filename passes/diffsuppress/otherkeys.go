package diffsuppress

import (
	"fmt"
	"go/constant"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// decision is what a suppressing return depends on.
type decision struct {
	changes []*ssa.Call // change tests of keys (d.HasChange, HasChanges, GetChange, helpers)
	keys    map[string]bool
	// other: anything else — the DSF's own old, new or k, a create guard
	// (d.Id(), d.IsNewResource()), d.Get, captured or global state, calls.
	other bool
}

// otherKeys: shape (b). A `return true` of the DSF decided only by change
// tests of other keys. On create those changes may not be known yet (an
// unknown or zero value), and the configured value is suppressed.
func otherKeys(fn *ssa.Function, uses []use) (lint.Finding, bool) {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 || constBool(ret.Results[0], false) {
			continue
		}
		dec := decision{keys: map[string]bool{}}
		seen := map[ssa.Value]bool{}
		dec.add(fn, ret.Results[0], seen)
		for _, cond := range conditionsBefore(b) {
			dec.add(fn, cond, seen)
		}
		if dec.other || len(dec.changes) == 0 {
			continue
		}
		open := usesOtherThan(uses, dec.keys)
		if len(open) == 0 {
			continue
		}
		return keysFinding(fn, ret, dec, open), true
	}
	return lint.Finding{}, false
}

// conditionsBefore: the branch conditions of the blocks from which b can be reached.
func conditionsBefore(b *ssa.BasicBlock) []ssa.Value {
	var out []ssa.Value
	seen := map[*ssa.BasicBlock]bool{b: true}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range cur.Preds {
			if seen[p] {
				continue
			}
			seen[p] = true
			stack = append(stack, p)
			if iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok {
				out = append(out, iff.Cond)
			}
		}
	}
	return out
}

// add records what v depends on.
func (d *decision) add(fn *ssa.Function, v ssa.Value, seen map[ssa.Value]bool) {
	if d.other || seen[v] {
		return
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
	case *ssa.BinOp:
		if !oldVsNew(fn, x) {
			d.operands(fn, x, seen)
		}
	case *ssa.Call:
		d.call(x)
	case *ssa.Phi:
		for _, e := range x.Edges {
			d.add(fn, e, seen)
		}
		for _, c := range conditionsBefore(x.Block()) {
			d.add(fn, c, seen)
		}
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Alloc, *ssa.Function:
		d.other = true
	case *ssa.UnOp, *ssa.Extract, *ssa.TypeAssert, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Field:
		d.operands(fn, x.(ssa.Instruction), seen)
	default:
		d.other = true
	}
}

func (d *decision) operands(fn *ssa.Function, instr ssa.Instruction, seen map[ssa.Value]bool) {
	for _, op := range instr.Operands(nil) {
		if *op != nil {
			d.add(fn, *op, seen)
		}
	}
}

// oldVsNew: old == new or old != new. It decides nothing that matters:
// suppressing equal values hides no change, and on create the two differ.
func oldVsNew(fn *ssa.Function, b *ssa.BinOp) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	o, n := fn.Params[1], fn.Params[2]
	return b.X == o && b.Y == n || b.X == n && b.Y == o
}

// call: a change test of constant keys, or something else.
func (d *decision) call(c *ssa.Call) {
	com := c.Common()
	switch attruse.ResourceDataMethod(com) {
	case "HasChange", "HasChanges", "GetChange":
		d.changeTest(c, com.Args[1:])
		return
	case "":
	default:
		d.other = true // d.Id(), d.IsNewResource(), d.Get, ...
		return
	}
	// A helper handed d whose name says it tests a change
	// (tf.StringFieldHasChangesWithStateFunc(d, "property_id", ...)).
	callee := com.StaticCallee()
	if callee == nil || !strings.Contains(strings.ToLower(callee.Name()), "change") || !handsD(com) {
		d.other = true
		return
	}
	d.changeTest(c, com.Args)
}

// changeTest records a change test; its keys must be constants.
func (d *decision) changeTest(c *ssa.Call, args []ssa.Value) {
	keys := 0
	for _, a := range args {
		if tfapi.IsResourceData(a.Type()) {
			continue
		}
		for _, k := range append([]ssa.Value{a}, tfssa.Varargs(a)...) {
			if s, ok := tfssa.ConstString(tfssa.StripInterface(k)); ok {
				d.keys[s] = true
				keys++
			}
		}
	}
	if keys == 0 {
		d.other = true
		return
	}
	d.changes = append(d.changes, c)
}

func handsD(com *ssa.CallCommon) bool {
	for _, a := range com.Args {
		if tfapi.IsResourceData(a.Type()) {
			return true
		}
	}
	return false
}

// usesOtherThan: the uses on configurable attributes for which some tested
// key is another attribute (a test of the attribute's own change is one
// more old != new).
func usesOtherThan(uses []use, keys map[string]bool) []use {
	var out []use
	for _, u := range uses {
		if u.configurable && (len(keys) > 1 || !keys[u.name]) {
			out = append(out, u)
		}
	}
	return out
}

func constBool(v ssa.Value, want bool) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) == want
}

func keysFinding(fn *ssa.Function, ret *ssa.Return, dec decision, open []use) lint.Finding {
	var rel []analysis.RelatedInformation
	for _, c := range dec.changes {
		rel = append(rel, lint.Related(c.Pos(), "the suppression is decided by this change test"))
	}
	rel = append(rel, useRelated(open)...)
	return lint.Finding{Rule: "PLAN-1", Pos: lint.FirstValid(ret.Pos(), fn.Pos()), Related: rel,
		Message: fmt.Sprintf("%s suppresses the difference on a decision made only by changes of other attributes (%s), not by its own values (beyond old != new) and with no create guard: when the resource is created those changes may not be known yet, so the configured value is suppressed and planned as the prior (empty) value, and the final plan can disagree with the first; return false when d.Id() is empty", label(fn, open), otherNames(dec.keys, open))}
}

// otherNames: the keys tested, the attributes' own aside.
func otherNames(keys map[string]bool, uses []use) string {
	own := map[string]bool{}
	for _, u := range uses {
		own[u.name] = true
	}
	var ks []string
	for k := range keys {
		if !own[k] {
			ks = append(ks, fmt.Sprintf("%q", k))
		}
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}
