package contract

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The plan checks follow the verdicts of Terraform's own plan validation
// (PLAN-1, PLAN-2, PLAN-3, PLAN-5, PLAN-6): what Terraform accepts passes,
// what it rejects (or, for SDKv2 providers, only logs) is reported.

// checkPlan checks the planned object of a block against its config and
// prior object. The root object's null-ness is PLAN-4, checked by the caller.
func (f *finder) checkPlan(b *tfprotov6.SchemaBlock, cfg, prior, plan tftypes.Value, path string) {
	if b == nil {
		return
	}
	switch {
	case plan.IsNull() && !cfg.IsNull():
		f.add("PLAN-5", path, "block is present in config but planned as null")
		return
	case cfg.IsNull() && !plan.IsNull():
		f.add("PLAN-5", path, "block is absent from config but present in the plan")
		return
	case plan.IsNull():
		return
	}
	f.checkPlanAttrs(b.Attributes, cfg, prior, plan, path)
	for _, bt := range b.BlockTypes {
		typ := bt.ValueType()
		f.checkPlanBlock(bt, child(cfg, bt.TypeName, typ), child(prior, bt.TypeName, typ), child(plan, bt.TypeName, typ), join(path, bt.TypeName))
	}
}

func (f *finder) checkPlanAttrs(as []*tfprotov6.SchemaAttribute, cfg, prior, plan tftypes.Value, path string) {
	for _, a := range as {
		typ := a.ValueType()
		f.checkPlanAttr(a, child(cfg, a.Name, typ), child(prior, a.Name, typ), child(plan, a.Name, typ), join(path, a.Name))
	}
}

// checkPlanAttr: the plan keeps the config value, or the prior value as a
// whole; a Computed-only attribute, or a Computed one null in config, may be
// planned as anything.
func (f *finder) checkPlanAttr(a *tfprotov6.SchemaAttribute, c, pr, pl tftypes.Value, p string) {
	secret := secretAttr(a)
	switch {
	case a.WriteOnly:
		if !pl.IsNull() {
			f.add("PLAN-6", p, "write-only attribute is planned as %s; it must be null", show(pl, true))
		}
	case equal(pl, c):
	case equal(pl, pr) && !pr.IsNull() && !c.IsNull():
	case a.Computed && !a.Optional:
	case c.IsNull() && a.Computed:
	case c.IsNull() && !pl.IsNull():
		f.add("PLAN-2", p, "not Computed and null in config, but planned as %s", show(pl, secret))
	case a.NestedType != nil:
		f.checkPlanNested(a.NestedType, c, pr, pl, p)
	case !pl.IsKnown():
		f.add("PLAN-3", p, "configured as %s but planned as unknown", show(c, secret))
	case pr.IsNull():
		f.add("PLAN-1", p, "configured as %s but planned as %s", show(c, secret), show(pl, secret))
	default:
		f.add("PLAN-1", p, "configured as %s but planned as %s (neither the config nor the prior state value)", show(c, secret), show(pl, secret))
	}
}

// checkPlanNested checks a nested attribute that is planned neither as its
// config value nor as its prior value, element by element.
func (f *finder) checkPlanNested(o *tfprotov6.SchemaObject, c, pr, pl tftypes.Value, p string) {
	switch {
	case pl.IsNull() && !c.IsNull():
		f.add("PLAN-1", p, "configured nested attribute is planned as null")
		return
	case c.IsNull() && !pl.IsNull():
		f.add("PLAN-2", p, "nested attribute null in config is planned as not null")
		return
	case !c.IsNull() && !pl.IsKnown():
		f.add("PLAN-3", p, "configured nested attribute is planned as unknown")
		return
	case pl.IsNull():
		return
	}
	switch o.Nesting {
	case tfprotov6.SchemaObjectNestingModeList:
		f.checkPlanNestedList(o, c, pr, pl, p)
	case tfprotov6.SchemaObjectNestingModeMap:
		f.checkPlanNestedMap(o, c, pr, pl, p)
	case tfprotov6.SchemaObjectNestingModeSet:
		// Set elements cannot be paired reliably; only a count that cannot
		// come from the config is wrong.
		clo, chi := setLength(c)
		plo, phi := setLength(pl)
		if phi < clo || chi < plo {
			f.add("PLAN-1", p, "configured with %s elements but planned with %s", lengthString(clo, chi), lengthString(plo, phi))
		}
	default:
		f.checkPlanAttrs(o.Attributes, c, pr, pl, p)
	}
}

func (f *finder) checkPlanNestedList(o *tfprotov6.SchemaObject, c, pr, pl tftypes.Value, p string) {
	ce, ple := elems(c), elems(pl)
	if !c.IsKnown() || len(ce) != len(ple) {
		f.add("PLAN-1", p, "configured with %s elements but planned with %d", countString(c), len(ple))
		return
	}
	et := elementType(o.ValueType())
	for i := range ple {
		f.checkPlanAttrs(o.Attributes, ce[i], index(pr, i, et), ple[i], fmt.Sprintf("%s[%d]", p, i))
	}
}

func (f *finder) checkPlanNestedMap(o *tfprotov6.SchemaObject, c, pr, pl tftypes.Value, p string) {
	cm, pm, plm := attrs(c), attrs(pr), attrs(pl)
	if !c.IsKnown() || len(cm) != len(plm) {
		f.add("PLAN-1", p, "configured with %s elements but planned with %d", countString(c), len(plm))
		return
	}
	et := elementType(o.ValueType())
	for _, k := range sortedKeys(plm) {
		x, ok := cm[k]
		if !ok {
			f.add("PLAN-1", fmt.Sprintf("%s[%q]", p, k), "planned key is not in config")
			continue
		}
		prior, ok := pm[k]
		if !ok {
			prior = tftypes.NewValue(et, nil)
		}
		f.checkPlanAttrs(o.Attributes, x, prior, plm[k], fmt.Sprintf("%s[%q]", p, k))
	}
	for _, k := range sortedKeys(cm) {
		if _, ok := plm[k]; !ok {
			f.add("PLAN-1", fmt.Sprintf("%s[%q]", p, k), "configured key is missing from the plan")
		}
	}
}

// checkPlanBlock: a block collection keeps the configured blocks (PLAN-5).
func (f *finder) checkPlanBlock(bt *tfprotov6.SchemaNestedBlock, c, pr, pl tftypes.Value, p string) {
	switch {
	case equal(pl, c):
		return
	case !c.IsKnown():
		// A dynamic block over an unknown value: only Terraform expands it.
		f.add("PLAN-5", p, "config has a dynamic block over an unknown value here, but the plan changed it")
		return
	case !pl.IsKnown():
		f.add("PLAN-5", p, "block collection is planned as wholly unknown; set the attributes inside to unknown instead")
		return
	}
	switch bt.Nesting {
	case tfprotov6.SchemaNestedBlockNestingModeSingle, tfprotov6.SchemaNestedBlockNestingModeGroup:
		f.checkPlan(bt.Block, c, pr, pl, p)
	case tfprotov6.SchemaNestedBlockNestingModeList:
		f.checkPlanBlockList(bt, c, pr, pl, p)
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		f.checkPlanBlockMap(bt, c, pr, pl, p)
	case tfprotov6.SchemaNestedBlockNestingModeSet:
		// Set blocks cannot be paired reliably (a plan may merge a prior
		// and a config element); only null and unknown elements are wrong.
		if pl.IsNull() {
			f.add("PLAN-5", p, "block collection is planned as null; no blocks is an empty collection")
			return
		}
		f.unknownBlocks(elems(pl), func(i int) string { return fmt.Sprintf("%s[%d]", p, i) })
	}
}

func (f *finder) checkPlanBlockList(bt *tfprotov6.SchemaNestedBlock, c, pr, pl tftypes.Value, p string) {
	if pl.IsNull() {
		f.add("PLAN-5", p, "block collection is planned as null; no blocks is an empty collection")
		return
	}
	ce, ple := elems(c), elems(pl)
	if len(ce) != len(ple) {
		f.add("PLAN-5", p, "%d blocks in config but %d in the plan", len(ce), len(ple))
		return
	}
	et := bt.Block.ValueType()
	for i, e := range ple {
		ep := fmt.Sprintf("%s[%d]", p, i)
		if !e.IsKnown() {
			f.add("PLAN-5", ep, "block is planned as wholly unknown; set the attributes inside to unknown instead")
			continue
		}
		f.checkPlan(bt.Block, ce[i], index(pr, i, et), e, ep)
	}
}

func (f *finder) checkPlanBlockMap(bt *tfprotov6.SchemaNestedBlock, c, pr, pl tftypes.Value, p string) {
	if pl.IsNull() {
		f.add("PLAN-5", p, "block collection is planned as null; no blocks is an empty collection")
		return
	}
	cm, pm, plm := attrs(c), attrs(pr), attrs(pl)
	if pl.Type().Is(tftypes.Map{}) && len(cm) != len(plm) {
		f.add("PLAN-5", p, "%d blocks in config but %d in the plan", len(cm), len(plm))
		return
	}
	et := bt.Block.ValueType()
	for _, k := range sortedKeys(plm) {
		ep := fmt.Sprintf("%s[%q]", p, k)
		x, ok := cm[k]
		switch {
		case !plm[k].IsKnown():
			f.add("PLAN-5", ep, "block is planned as wholly unknown; set the attributes inside to unknown instead")
		case !ok:
			f.add("PLAN-5", ep, "planned block key is not in config")
		default:
			prior, ok := pm[k]
			if !ok {
				prior = tftypes.NewValue(et, nil)
			}
			f.checkPlan(bt.Block, x, prior, plm[k], ep)
		}
	}
	for _, k := range sortedKeys(cm) {
		if _, ok := plm[k]; !ok {
			f.add("PLAN-5", fmt.Sprintf("%s[%q]", p, k), "configured block key is missing from the plan")
		}
	}
}

// unknownBlocks reports block elements planned as wholly unknown.
func (f *finder) unknownBlocks(l []tftypes.Value, at func(int) string) {
	for i, e := range l {
		if !e.IsKnown() {
			f.add("PLAN-5", at(i), "block is planned as wholly unknown; set the attributes inside to unknown instead")
		}
	}
}

func countString(v tftypes.Value) string {
	if !v.IsKnown() {
		return "an unknown number of"
	}
	return fmt.Sprint(len(elems(v)))
}

func lengthString(lo, hi int) string {
	switch {
	case lo == hi:
		return fmt.Sprint(lo)
	case hi == int(^uint(0)>>1):
		return "an unknown number of"
	}
	return fmt.Sprintf("%d to %d", lo, hi)
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
