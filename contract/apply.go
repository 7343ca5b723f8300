package contract

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// checkApplied compares the new state with the planned state: every value
// known in the plan is identical after apply (APPLY-2).
func (f *finder) checkApplied(b *tfprotov6.SchemaBlock, plan, state tftypes.Value, path string) {
	pm, sm := attrs(plan), attrs(state)
	if pm == nil || sm == nil || b == nil {
		return
	}
	for _, a := range b.Attributes {
		if a.WriteOnly {
			continue // APPLY-4 covers them
		}
		f.sameKnown(pm[a.Name], sm[a.Name], join(path, a.Name), a.Sensitive)
	}
	for _, bt := range b.BlockTypes {
		pl, st := pm[bt.TypeName], sm[bt.TypeName]
		p := join(path, bt.TypeName)
		switch bt.Nesting {
		case tfprotov6.SchemaNestedBlockNestingModeList:
			pe, se := elems(pl), elems(st)
			if pl.IsKnown() && len(pe) != len(se) {
				f.add("APPLY-2", p, "planned %d blocks, apply returned %d", len(pe), len(se))
				continue
			}
			for i := range pe {
				f.checkApplied(bt.Block, pe[i], se[i], fmt.Sprintf("%s[%d]", p, i))
			}
		case tfprotov6.SchemaNestedBlockNestingModeSet:
			if pl.IsKnown() && len(elems(pl)) != len(elems(st)) {
				f.add("APPLY-2", p, "planned %d blocks, apply returned %d", len(elems(pl)), len(elems(st)))
			}
		case tfprotov6.SchemaNestedBlockNestingModeMap:
			pe, se := mapElems(pl), mapElems(st)
			for _, k := range sortedKeys(pe) {
				x, ok := se[k]
				if !ok {
					f.add("APPLY-2", fmt.Sprintf("%s[%q]", p, k), "planned block vanished after apply")
					continue
				}
				f.checkApplied(bt.Block, pe[k], x, fmt.Sprintf("%s[%q]", p, k))
			}
			for _, k := range sortedKeys(se) {
				if _, ok := pe[k]; !ok && pl.IsKnown() {
					f.add("APPLY-2", fmt.Sprintf("%s[%q]", p, k), "block appeared after apply that was not planned")
				}
			}
		default:
			f.checkApplied(bt.Block, pl, st, p)
		}
	}
}

// sameKnown reports where a value known in the plan differs after apply,
// element by element for collections that are only partly known.
func (f *finder) sameKnown(plan, state tftypes.Value, p string, secret bool) {
	if plan.Type() == nil || !plan.IsKnown() {
		return
	}
	if plan.IsFullyKnown() {
		if !equal(plan, state) {
			f.add("APPLY-2", p, "planned as %s but apply returned %s", show(plan, secret), show(state, secret))
		}
		return
	}
	switch {
	case plan.Type().Is(tftypes.List{}) || plan.Type().Is(tftypes.Tuple{}):
		pe, se := elems(plan), elems(state)
		if len(pe) != len(se) {
			f.add("APPLY-2", p, "planned %d elements, apply returned %d", len(pe), len(se))
			return
		}
		for i := range pe {
			f.sameKnown(pe[i], se[i], fmt.Sprintf("%s[%d]", p, i), secret)
		}
	case plan.Type().Is(tftypes.Set{}):
		if len(elems(plan)) != len(elems(state)) {
			f.add("APPLY-2", p, "planned %d set elements, apply returned %d", len(elems(plan)), len(elems(state)))
		}
	default: // objects and maps
		pm, sm := mapElems(plan), mapElems(state)
		for _, k := range sortedKeys(pm) {
			x, ok := sm[k]
			if !ok {
				f.add("APPLY-2", fmt.Sprintf("%s[%q]", p, k), "planned element vanished after apply")
				continue
			}
			f.sameKnown(pm[k], x, fmt.Sprintf("%s[%q]", p, k), secret)
		}
		if plan.Type().Is(tftypes.Map{}) {
			for _, k := range sortedKeys(sm) {
				if _, ok := pm[k]; !ok {
					f.add("APPLY-2", fmt.Sprintf("%s[%q]", p, k), "element appeared after apply that was not planned")
				}
			}
		}
	}
}
