package contract

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// The apply checks follow the verdicts of Terraform's own consistency check
// of an apply result against its plan: every value known in the plan is kept,
// unknowns may become anything of their type, and sets holding unknowns may
// shrink (elements that turn out equal merge) but never grow.

// checkApplied compares the new state with the planned state (APPLY-2).
func (f *finder) checkApplied(b *tfprotov6.SchemaBlock, plan, state tftypes.Value, path string) {
	f.keptKnown(applyKept, b, plan, state, path)
}

// kept names the rule and the words of a "known values are kept" comparison.
type kept struct {
	rule rules.ID
	what string // "apply returned", "the final plan has"
}

var applyKept = kept{"APPLY-2", "apply returned"}

// keptKnown reports where after does not complete before, an object of
// block b: attribute by attribute, blocks by index, key or set correlation.
func (f *finder) keptKnown(k kept, b *tfprotov6.SchemaBlock, before, after tftypes.Value, path string) {
	if b == nil {
		return
	}
	switch {
	case before.IsNull() && !after.IsNull():
		f.add(k.rule, path, "was absent, but %s it", k.what)
		return
	case after.IsNull() && !before.IsNull():
		f.add(k.rule, path, "was present, but %s none", k.what)
		return
	case before.IsNull():
		return
	}
	for _, a := range b.Attributes {
		if a.WriteOnly {
			continue // APPLY-4 covers them
		}
		typ := a.ValueType()
		f.sameKnown(k, child(before, a.Name, typ), child(after, a.Name, typ), join(path, a.Name), secretAttr(a))
	}
	for _, bt := range b.BlockTypes {
		typ := bt.ValueType()
		f.keptBlocks(k, bt, child(before, bt.TypeName, typ), child(after, bt.TypeName, typ), join(path, bt.TypeName))
	}
}

// keptBlocks compares one nested block type's value.
func (f *finder) keptBlocks(k kept, bt *tfprotov6.SchemaNestedBlock, pl, st tftypes.Value, p string) {
	switch bt.Nesting {
	case tfprotov6.SchemaNestedBlockNestingModeSingle, tfprotov6.SchemaNestedBlockNestingModeGroup:
		// An unknown block (a dynamic block over an unknown value) may
		// expand to none.
		if !pl.IsKnown() && st.IsNull() {
			return
		}
		f.keptKnown(k, bt.Block, pl, st, p)
	case tfprotov6.SchemaNestedBlockNestingModeList:
		if !pl.IsKnown() || !st.IsKnown() || pl.IsNull() || st.IsNull() {
			return
		}
		pe, se := elems(pl), elems(st)
		if len(pe) != len(se) {
			f.add(k.rule, p, "planned %d blocks, %s %d", len(pe), k.what, len(se))
			return
		}
		for i := range pe {
			f.keptKnown(k, bt.Block, pe[i], se[i], fmt.Sprintf("%s[%d]", p, i))
		}
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		f.keptBlockMap(k, bt, pl, st, p)
	case tfprotov6.SchemaNestedBlockNestingModeSet:
		if !pl.IsKnown() || !st.IsKnown() || pl.IsNull() || st.IsNull() {
			return
		}
		f.keptSet(k, pl, st, p, func(x, y tftypes.Value) bool {
			g := &finder{}
			g.keptKnown(k, bt.Block, x, y, "")
			return len(g.out) == 0
		})
	}
}

func (f *finder) keptBlockMap(k kept, bt *tfprotov6.SchemaNestedBlock, pl, st tftypes.Value, p string) {
	pe, se := attrs(pl), attrs(st)
	if pl.Type().Is(tftypes.Map{}) {
		if !pl.IsKnown() || pl.IsNull() || st.IsNull() {
			return
		}
		if len(pe) != len(se) {
			f.add(k.rule, p, "planned %d blocks, %s %d", len(pe), k.what, len(se))
			return
		}
	}
	for _, key := range sortedKeys(pe) {
		x, ok := se[key]
		switch {
		case ok:
			f.keptKnown(k, bt.Block, pe[key], x, fmt.Sprintf("%s[%q]", p, key))
		case !pl.Type().Is(tftypes.Map{}):
			f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "planned block vanished: %s none", k.what)
		}
	}
	if pl.Type().Is(tftypes.Map{}) || !pl.IsKnown() {
		return
	}
	for _, key := range sortedKeys(se) {
		if _, ok := pe[key]; !ok {
			f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "block appeared that was not planned")
		}
	}
}

// keptSet pairs set elements: every planned element must correspond to some
// element after, and the other way round; the set may shrink (planned
// elements holding unknowns can turn out equal) but not grow.
func (f *finder) keptSet(k kept, pl, st tftypes.Value, p string, same func(x, y tftypes.Value) bool) {
	pe, se := elems(pl), elems(st)
	pok, sok := make([]bool, len(pe)), make([]bool, len(se))
	for i, x := range pe {
		for j, y := range se {
			if same(x, y) {
				pok[i], sok[j] = true, true
			}
		}
	}
	missing := false
	for i, ok := range pok {
		if !ok {
			missing = true
			f.add(k.rule, p, "planned set element %d of %d has no counterpart in the set %s", i+1, len(pe), k.what)
		}
	}
	if !missing {
		for j, ok := range sok {
			if !ok {
				f.add(k.rule, p, "set element %d of %d %s was not planned", j+1, len(se), k.what)
			}
		}
	}
	if len(pe) < len(se) {
		f.add(k.rule, p, "planned %d set elements, %s %d", len(pe), k.what, len(se))
	}
}

// sameKnown reports where a value known in before differs in after; the
// values of a secret attribute are not shown.
func (f *finder) sameKnown(k kept, before, after tftypes.Value, p string, secret bool) {
	g := &finder{rpc: f.rpc, typeName: f.typeName}
	g.compatible(k, before, after, p)
	if secret && len(g.out) > 0 {
		f.add(k.rule, p, "inconsistent values for a sensitive attribute")
		return
	}
	f.out = append(f.out, g.out...)
}

// compatible is the value comparison of sameKnown.
func (f *finder) compatible(k kept, before, after tftypes.Value, p string) {
	switch {
	case before.Type() == nil || after.Type() == nil:
		return
	case before.Type().Is(tftypes.DynamicPseudoType):
		return // planned as unknown of any type: anything goes
	case !after.Type().Equal(before.Type()):
		f.add(k.rule, p, "planned a value of type %s, %s one of type %s", before.Type(), k.what, after.Type())
		return
	case !before.IsKnown():
		return
	case after.IsNull() && before.IsNull():
		return
	case after.IsNull():
		f.add(k.rule, p, "planned as %s but %s null", show(before, false), k.what)
		return
	case before.IsNull():
		f.add(k.rule, p, "planned as null but %s %s", k.what, show(after, false))
		return
	case !after.IsKnown():
		f.add(k.rule, p, "was known, but %s an unknown value", k.what)
		return
	}
	t := before.Type()
	switch {
	case t.Is(tftypes.List{}) || t.Is(tftypes.Tuple{}):
		f.compatibleList(k, before, after, p)
	case t.Is(tftypes.Map{}):
		f.compatibleMap(k, before, after, p)
	case t.Is(tftypes.Object{}):
		bm, am := attrs(before), attrs(after)
		for _, name := range sortedKeys(bm) {
			f.compatible(k, bm[name], am[name], join(p, name))
		}
	case t.Is(tftypes.Set{}):
		f.keptSet(k, before, after, p, func(x, y tftypes.Value) bool {
			g := &finder{}
			g.compatible(k, x, y, "")
			return len(g.out) == 0
		})
	default:
		if !equal(before, after) {
			f.add(k.rule, p, "planned as %s but %s %s", show(before, false), k.what, show(after, false))
		}
	}
}

func (f *finder) compatibleList(k kept, before, after tftypes.Value, p string) {
	be, ae := elems(before), elems(after)
	for i := range be {
		if i >= len(ae) {
			f.add(k.rule, fmt.Sprintf("%s[%d]", p, i), "planned element vanished: %s none", k.what)
			continue
		}
		f.compatible(k, be[i], ae[i], fmt.Sprintf("%s[%d]", p, i))
	}
	for i := len(be); i < len(ae); i++ {
		f.add(k.rule, fmt.Sprintf("%s[%d]", p, i), "element appeared that was not planned")
	}
}

func (f *finder) compatibleMap(k kept, before, after tftypes.Value, p string) {
	bm, am := attrs(before), attrs(after)
	for _, key := range sortedKeys(bm) {
		x, ok := am[key]
		if !ok {
			f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "planned element vanished: %s none", k.what)
			continue
		}
		f.compatible(k, bm[key], x, fmt.Sprintf("%s[%q]", p, key))
	}
	for _, key := range sortedKeys(am) {
		if _, ok := bm[key]; !ok {
			f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "element appeared that was not planned")
		}
	}
}

// secretAttr reports whether an attribute's value may hold a secret: it is
// Sensitive or write-only, or one of its nested attributes is.
func secretAttr(a *tfprotov6.SchemaAttribute) bool {
	if a.Sensitive || a.WriteOnly {
		return true
	}
	if a.NestedType != nil {
		for _, x := range a.NestedType.Attributes {
			if secretAttr(x) {
				return true
			}
		}
	}
	return false
}
