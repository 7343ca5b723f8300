package contract

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// The checks of each RPC, on the protocol 6 representation. The v5 wrapper
// converts its values and schemas (the same shapes) and calls these too.

type dyn = *tfprotov6.DynamicValue

func (c *checker) planChecks(typeName string, sch *tfprotov6.Schema, config, prior, planned dyn, replace []*tftypes.AttributePath) {
	c.guard("PlanResourceChange", typeName, func() []Violation {
		f := &finder{rpc: "PlanResourceChange", typeName: typeName}
		vs, ok := f.decodeAll("PLAN-4", sch.ValueType(), map[string]dyn{"config": config, "prior state": prior, "planned state": planned})
		if ok {
			f.checkPlanned(sch, vs["config"], vs["prior state"], vs["planned state"], replace)
			if c.proc != nil && !vs["config"].IsNull() {
				c.pairPlans(f, sch, vs["config"], vs["prior state"], vs["planned state"], len(replace))
			}
		}
		return f.out
	})
}

func (c *checker) applyChecks(typeName string, sch *tfprotov6.Schema, planned, newState dyn) {
	c.guard("ApplyResourceChange", typeName, func() []Violation {
		f := &finder{rpc: "ApplyResourceChange", typeName: typeName}
		vs, ok := f.decodeAll("APPLY-1", sch.ValueType(), map[string]dyn{"planned state": planned, "new state": newState})
		if ok {
			f.checkNewState(sch, vs["planned state"], vs["new state"])
		}
		return f.out
	})
}

func (c *checker) readChecks(typeName string, sch *tfprotov6.Schema, newState dyn) {
	c.guard("ReadResource", typeName, func() []Violation {
		f := &finder{rpc: "ReadResource", typeName: typeName}
		vs, ok := f.decodeAll("READ-1", sch.ValueType(), map[string]dyn{"new state": newState})
		if ok && !vs["new state"].IsNull() {
			f.checkKnown("READ-1", vs["new state"], "state value")
			f.checkWriteOnlyNull("READ-5", sch.Block, vs["new state"], "", "state")
		}
		return f.out
	})
}

func (c *checker) readDataChecks(typeName string, sch *tfprotov6.Schema, state dyn) {
	c.guard("ReadDataSource", typeName, func() []Violation {
		f := &finder{rpc: "ReadDataSource", typeName: typeName}
		vs, ok := f.decodeAll("READ-1", sch.ValueType(), map[string]dyn{"state": state})
		switch {
		case !ok:
		case vs["state"].IsNull():
			f.add("READ-4", "", "data source returned a null state without an error")
		default:
			f.checkKnown("READ-1", vs["state"], "state value")
		}
		return f.out
	})
}

func (c *checker) upgradeChecks(typeName string, sch *tfprotov6.Schema, upgraded dyn) {
	c.guard("UpgradeResourceState", typeName, func() []Violation {
		f := &finder{rpc: "UpgradeResourceState", typeName: typeName}
		vs, ok := f.decodeAll("UPGRADE-1", sch.ValueType(), map[string]dyn{"upgraded state": upgraded})
		if ok {
			f.checkKnown("UPGRADE-1", vs["upgraded state"], "upgraded state value")
		}
		return f.out
	})
}

// imported is one resource of an ImportResourceState response.
type imported struct {
	typeName string
	schema   *tfprotov6.Schema
	state    dyn
}

func (c *checker) importChecks(typeName string, resources []imported) {
	c.guard("ImportResourceState", typeName, func() []Violation {
		f := &finder{rpc: "ImportResourceState", typeName: typeName}
		if len(resources) == 0 {
			f.add("IMPORT-1", "", "import returned no resource and no error")
		}
		for _, ir := range resources {
			if ir.schema == nil {
				continue
			}
			f.typeName = ir.typeName
			vs, ok := f.decodeAll("IMPORT-2", ir.schema.ValueType(), map[string]dyn{"import stub": ir.state})
			switch {
			case !ok:
			case vs["import stub"].IsNull():
				f.add("IMPORT-1", "", "import returned a null state")
			default:
				f.checkKnown("IMPORT-2", vs["import stub"], "import stub value")
				f.checkWriteOnlyNull("IMPORT-2", ir.schema.Block, vs["import stub"], "", "import stub")
			}
		}
		return f.out
	})
}

func (c *checker) moveChecks(typeName string, sch *tfprotov6.Schema, target dyn) {
	c.guard("MoveResourceState", typeName, func() []Violation {
		f := &finder{rpc: "MoveResourceState", typeName: typeName}
		vs, ok := f.decodeAll("MOVE-1", sch.ValueType(), map[string]dyn{"target state": target})
		switch {
		case !ok:
		case vs["target state"].IsNull():
			f.add("MOVE-1", "", "move returned a null target state")
		default:
			f.checkKnown("MOVE-1", vs["target state"], "target state value")
		}
		return f.out
	})
}

// decode unmarshals a DynamicValue; a nil one is a null object.
func decode(dv *tfprotov6.DynamicValue, typ tftypes.Type) (tftypes.Value, error) {
	if dv == nil {
		return tftypes.NewValue(typ, nil), nil
	}
	return dv.Unmarshal(typ)
}

// decodeAll decodes values, reporting the first that does not fit the schema.
func (f *finder) decodeAll(rule rules.ID, typ tftypes.Type, named map[string]dyn) (map[string]tftypes.Value, bool) {
	out := map[string]tftypes.Value{}
	for name, dv := range named {
		v, err := decode(dv, typ)
		if err != nil {
			f.add(rule, "", "%s does not conform to the schema: %v", name, err)
			return nil, false
		}
		out[name] = v
	}
	return out, true
}

func (f *finder) checkPlanned(sch *tfprotov6.Schema, cfg, prior, plan tftypes.Value, replace []*tftypes.AttributePath) {
	if cfg.IsNull() != plan.IsNull() {
		f.add("PLAN-4", "", "config is %s but the planned object is %s", nullness(cfg), nullness(plan))
		return
	}
	if plan.IsNull() {
		return
	}
	f.checkPlan(sch.Block, cfg, prior, plan, "") // PLAN-6 included
	for _, p := range replace {
		if p == nil {
			continue
		}
		_, _, errPlan := tftypes.WalkAttributePath(plan, p)
		_, _, errPrior := tftypes.WalkAttributePath(prior, p)
		if errPlan != nil && errPrior != nil {
			f.add("PLAN-7", pathString(p), "RequiresReplace names a path that exists in neither the prior nor the planned object")
		}
	}
}

func (f *finder) checkNewState(sch *tfprotov6.Schema, plan, state tftypes.Value) {
	switch {
	case plan.IsNull() && !state.IsNull():
		f.add("APPLY-3", "", "destroy returned a non-null new state")
		return
	case plan.IsNull():
		return
	case state.IsNull():
		f.add("APPLY-3", "", "create or update returned a null new state without an error")
		return
	}
	f.checkKnown("APPLY-1", state, "new state value")
	f.checkApplied(sch.Block, plan, state, "")
	f.checkWriteOnlyNull("APPLY-4", sch.Block, state, "", "new state")
}

// identityChecks: a resource with an identity schema returns its identity,
// non-null and wholly known, after Create, Update and Read (IDENTITY-1).
func (c *checker) identityChecks(rpc, typeName string, idType tftypes.Type, data dyn, returned bool, before dyn) {
	if idType == nil {
		return
	}
	c.guard(rpc, typeName, func() []Violation {
		f := &finder{rpc: rpc, typeName: typeName}
		if !returned || data == nil {
			f.add("IDENTITY-1", "", "the resource declares an identity but none was returned")
			return f.out
		}
		v, err := decode(data, idType)
		switch {
		case err != nil:
			f.add("IDENTITY-1", "", "identity does not conform to the identity schema: %v", err)
		case v.IsNull():
			f.add("IDENTITY-1", "", "identity is null")
		default:
			f.checkKnown("IDENTITY-1", v, "identity value")
			if old, err := decode(before, idType); before != nil && err == nil && !old.IsNull() && old.IsFullyKnown() &&
				!c.mutable[typeName] && !equal(old, v) {
				f.add("IDENTITY-1", "", "identity changed from %s to %s; declare it with MutableIdentity if the resource allows that", old, v)
			}
		}
		return f.out
	})
}

// isNullDyn reports whether a value is null (or cannot be decoded: the other
// checks report that).
func isNullDyn(v dyn, sch *tfprotov6.Schema) bool {
	x, err := decode(v, sch.ValueType())
	return err != nil || x.IsNull()
}
