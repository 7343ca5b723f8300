package contract

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// checkPlan checks a planned state against the config and prior state
// (PLAN-1, PLAN-2, PLAN-3, PLAN-5, PLAN-6), attribute by attribute.
func (f *finder) checkPlan(b *tfprotov6.SchemaBlock, cfg, prior, plan tftypes.Value, path string) {
	cm, pm, plm := attrs(cfg), attrs(prior), attrs(plan)
	if cm == nil || plm == nil || b == nil {
		return
	}
	for _, a := range b.Attributes {
		f.checkPlanAttr(a, cm[a.Name], pm[a.Name], plm[a.Name], join(path, a.Name))
	}
	for _, bt := range b.BlockTypes {
		f.checkPlanBlock(bt, cm[bt.TypeName], pm[bt.TypeName], plm[bt.TypeName], join(path, bt.TypeName))
	}
}

func (f *finder) checkPlanAttr(a *tfprotov6.SchemaAttribute, c, pr, pl tftypes.Value, p string) {
	secret := a.Sensitive || a.WriteOnly
	switch {
	case a.WriteOnly:
		if !pl.IsNull() {
			f.add("PLAN-6", p, "write-only attribute is planned as %s; it must be null", show(pl, true))
		}
		return
	case c.Type() == nil || pl.Type() == nil:
		return
	case c.IsNull():
		if !a.Computed && !pl.IsNull() {
			f.add("PLAN-2", p, "not Computed and null in config, but planned as %s", show(pl, secret))
		}
		return
	case !c.IsKnown():
		return
	}
	if a.NestedType != nil && pl.IsKnown() && !pl.IsNull() {
		f.checkPlanNested(a.NestedType, c, pr, pl, p)
		return
	}
	switch {
	case !pl.IsKnown() && c.IsFullyKnown():
		f.add("PLAN-3", p, "configured as %s but planned as unknown", show(c, secret))
	case c.IsFullyKnown() && pl.IsFullyKnown() && !equal(c, pl) && !(pr.Type() != nil && equal(pr, pl)):
		f.add("PLAN-1", p, "configured as %s but planned as %s (neither the config nor the prior state value)", show(c, secret), show(pl, secret))
	}
}

// checkPlanNested recurses into nested attributes element by element.
func (f *finder) checkPlanNested(o *tfprotov6.SchemaObject, c, pr, pl tftypes.Value, p string) {
	inner := &tfprotov6.SchemaBlock{Attributes: o.Attributes}
	switch o.Nesting {
	case tfprotov6.SchemaObjectNestingModeSingle:
		f.checkPlan(inner, c, pr, pl, p)
	case tfprotov6.SchemaObjectNestingModeList:
		ce, pe, ple := elems(c), elems(pr), elems(pl)
		if len(ce) != len(ple) {
			f.add("PLAN-1", p, "configured with %d elements but planned with %d", len(ce), len(ple))
			return
		}
		for i := range ce {
			f.checkPlan(inner, ce[i], at(pe, i), ple[i], fmt.Sprintf("%s[%d]", p, i))
		}
	case tfprotov6.SchemaObjectNestingModeMap:
		cm, pm, plm := attrs(c), attrs(pr), attrs(pl)
		for _, k := range sortedKeys(cm) {
			x, ok := plm[k]
			if !ok {
				f.add("PLAN-1", fmt.Sprintf("%s[%q]", p, k), "configured key is missing from the plan")
				continue
			}
			f.checkPlan(inner, cm[k], pm[k], x, fmt.Sprintf("%s[%q]", p, k))
		}
	case tfprotov6.SchemaObjectNestingModeSet:
		if ce, ple := elems(c), elems(pl); c.IsFullyKnown() && len(ce) != len(ple) {
			f.add("PLAN-1", p, "configured with %d elements but planned with %d", len(ce), len(ple))
		}
	}
}

func at(l []tftypes.Value, i int) tftypes.Value {
	if i < len(l) {
		return l[i]
	}
	return tftypes.Value{}
}

// checkPlanBlock: blocks keep the configured count and keys (PLAN-5).
func (f *finder) checkPlanBlock(bt *tfprotov6.SchemaNestedBlock, c, pr, pl tftypes.Value, p string) {
	if c.Type() == nil || pl.Type() == nil || !c.IsKnown() {
		return
	}
	switch bt.Nesting {
	case tfprotov6.SchemaNestedBlockNestingModeSingle, tfprotov6.SchemaNestedBlockNestingModeGroup:
		if c.IsNull() != pl.IsNull() && bt.Nesting == tfprotov6.SchemaNestedBlockNestingModeSingle {
			f.add("PLAN-5", p, "block is %s in config but %s in the plan", nullness(c), nullness(pl))
			return
		}
		f.checkPlan(bt.Block, c, pr, pl, p)
	case tfprotov6.SchemaNestedBlockNestingModeList, tfprotov6.SchemaNestedBlockNestingModeSet:
		if c.IsNull() {
			return // Terraform sends an empty collection, never null; nothing to hold the plan to
		}
		if !pl.IsKnown() || pl.IsNull() {
			f.add("PLAN-5", p, "block collection is planned as %s; it must keep the configured blocks", nullness(pl))
			return
		}
		ce, ple := elems(c), elems(pl)
		if c.IsFullyKnown() && len(ce) != len(ple) {
			f.add("PLAN-5", p, "%d blocks in config but %d in the plan", len(ce), len(ple))
			return
		}
		for i, e := range ple {
			if !e.IsKnown() {
				f.add("PLAN-5", fmt.Sprintf("%s[%d]", p, i), "block is planned as wholly unknown")
			}
		}
		if bt.Nesting == tfprotov6.SchemaNestedBlockNestingModeList {
			pe := elems(pr)
			for i := range ce {
				f.checkPlan(bt.Block, ce[i], at(pe, i), ple[i], fmt.Sprintf("%s[%d]", p, i))
			}
		}
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		cm, pm, plm := attrs(c), attrs(pr), attrs(pl)
		if len(cm) != len(plm) {
			f.add("PLAN-5", p, "%d blocks in config but %d in the plan", len(cm), len(plm))
		}
		for _, k := range sortedKeys(cm) {
			if x, ok := plm[k]; ok {
				f.checkPlan(bt.Block, cm[k], pm[k], x, fmt.Sprintf("%s[%q]", p, k))
			}
		}
	}
}

func nullness(v tftypes.Value) string {
	switch {
	case !v.IsKnown():
		return "unknown"
	case v.IsNull():
		return "null"
	}
	return "not null"
}
