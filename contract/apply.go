package contract

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// checkApplied compares the new state with the planned state: every value
// known in the plan is identical after apply (APPLY-2).
func (f *finder) checkApplied(b *tfprotov6.SchemaBlock, plan, state tftypes.Value, path string) {
	f.keptKnown(applyKept, b, plan, state, path)
}

// kept names the rule and the words of a "known values are kept" comparison.
type kept struct {
	rule rules.ID
	what string // "apply returned", "the final plan has"
}

var applyKept = kept{"APPLY-2", "apply returned"}

// keptKnown reports where a value known in before differs in after,
// attribute by attribute, blocks by index or key.
func (f *finder) keptKnown(k kept, b *tfprotov6.SchemaBlock, plan, state tftypes.Value, path string) {
	pm, sm := attrs(plan), attrs(state)
	if pm == nil || sm == nil || b == nil {
		return
	}
	for _, a := range b.Attributes {
		if a.WriteOnly {
			continue // APPLY-4 covers them
		}
		f.sameKnown(k, pm[a.Name], sm[a.Name], join(path, a.Name), a.Sensitive)
	}
	for _, bt := range b.BlockTypes {
		pl, st := pm[bt.TypeName], sm[bt.TypeName]
		p := join(path, bt.TypeName)
		switch bt.Nesting {
		case tfprotov6.SchemaNestedBlockNestingModeList:
			pe, se := elems(pl), elems(st)
			if pl.IsKnown() && len(pe) != len(se) {
				f.add(k.rule, p, "planned %d blocks, %s %d", len(pe), k.what, len(se))
				continue
			}
			for i := range pe {
				f.keptKnown(k, bt.Block, pe[i], se[i], fmt.Sprintf("%s[%d]", p, i))
			}
		case tfprotov6.SchemaNestedBlockNestingModeSet:
			if pl.IsKnown() && len(elems(pl)) != len(elems(st)) {
				f.add(k.rule, p, "planned %d blocks, %s %d", len(elems(pl)), k.what, len(elems(st)))
			}
		case tfprotov6.SchemaNestedBlockNestingModeMap:
			pe, se := attrs(pl), attrs(st)
			for _, key := range sortedKeys(pe) {
				x, ok := se[key]
				if !ok {
					f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "planned block vanished: %s none", k.what)
					continue
				}
				f.keptKnown(k, bt.Block, pe[key], x, fmt.Sprintf("%s[%q]", p, key))
			}
			for _, key := range sortedKeys(se) {
				if _, ok := pe[key]; !ok && pl.IsKnown() {
					f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "block appeared that was not planned")
				}
			}
		default:
			f.keptKnown(k, bt.Block, pl, st, p)
		}
	}
}

// sameKnown reports where a value known in the plan differs after apply,
// element by element for collections that are only partly known.
func (f *finder) sameKnown(k kept, plan, state tftypes.Value, p string, secret bool) {
	if plan.Type() == nil || !plan.IsKnown() {
		return
	}
	if plan.IsFullyKnown() {
		if !equal(plan, state) {
			f.add(k.rule, p, "planned as %s but %s %s", show(plan, secret), k.what, show(state, secret))
		}
		return
	}
	switch {
	case plan.Type().Is(tftypes.List{}) || plan.Type().Is(tftypes.Tuple{}):
		pe, se := elems(plan), elems(state)
		if len(pe) != len(se) {
			f.add(k.rule, p, "planned %d elements, %s %d", len(pe), k.what, len(se))
			return
		}
		for i := range pe {
			f.sameKnown(k, pe[i], se[i], fmt.Sprintf("%s[%d]", p, i), secret)
		}
	case plan.Type().Is(tftypes.Set{}):
		if len(elems(plan)) != len(elems(state)) {
			f.add(k.rule, p, "planned %d set elements, %s %d", len(elems(plan)), k.what, len(elems(state)))
		}
	default: // objects and maps
		pm, sm := attrs(plan), attrs(state)
		for _, key := range sortedKeys(pm) {
			x, ok := sm[key]
			if !ok {
				f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "planned element vanished: %s none", k.what)
				continue
			}
			f.sameKnown(k, pm[key], x, fmt.Sprintf("%s[%q]", p, key), secret)
		}
		if plan.Type().Is(tftypes.Map{}) {
			for _, key := range sortedKeys(sm) {
				if _, ok := pm[key]; !ok {
					f.add(k.rule, fmt.Sprintf("%s[%q]", p, key), "element appeared that was not planned")
				}
			}
		}
	}
}
