package contract

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ProposedNew computes the Proposed New State that Terraform sends with
// PlanResourceChange, from the prior state and the config, the way Terraform
// v1.8 builds it:
//
//   - an attribute takes the config value, even null or unknown, except a
//     Computed one null in config, which keeps the prior value — unless it
//     is an Optional nested attribute whose prior value holds non-Computed
//     values (only the user could have set those, and removed them): null;
//   - nested attributes and blocks merge recursively: lists by index, maps
//     by key, sets by pairing each config element with the first unused
//     prior element that differs from it only in Computed values null in
//     config, at any depth; a paired element keeps those Computed values;
//   - a single block null in config is null; a null prior counts as all
//     attributes null and block collections empty; a null config (destroy)
//     gives null.
func ProposedNew(sch *tfprotov6.Schema, prior, config tftypes.Value) tftypes.Value {
	if config.Type() == nil || config.IsNull() || !config.IsKnown() {
		// Destroy: Terraform sends a null proposal (its merge function
		// would return the prior). A wholly unknown config never reaches a
		// provider; it is passed through.
		return config
	}
	if prior.Type() == nil {
		prior = tftypes.NewValue(config.Type(), nil)
	}
	return proposedBlock(sch.Block, prior, config)
}

// proposedBlock merges one block object; a null prior is an empty block.
func proposedBlock(b *tfprotov6.SchemaBlock, prior, config tftypes.Value) tftypes.Value {
	if config.IsNull() && prior.IsNull() {
		return prior
	}
	if prior.IsNull() {
		prior = emptyBlock(b)
	}
	if config.IsNull() || !config.IsKnown() {
		return prior
	}
	out := proposedAttrs(b.Attributes, prior, config)
	for _, bt := range b.BlockTypes {
		typ := bt.ValueType()
		out[bt.TypeName] = proposedNestedBlock(bt, child(prior, bt.TypeName, typ), child(config, bt.TypeName, typ))
	}
	return tftypes.NewValue(config.Type(), out)
}

// emptyBlock is the value of a block with no arguments: attributes null,
// block collections empty.
func emptyBlock(b *tfprotov6.SchemaBlock) tftypes.Value {
	out := map[string]tftypes.Value{}
	for _, a := range b.Attributes {
		out[a.Name] = tftypes.NewValue(a.ValueType(), nil)
	}
	for _, bt := range b.BlockTypes {
		typ := bt.ValueType()
		switch bt.Nesting {
		case tfprotov6.SchemaNestedBlockNestingModeGroup:
			out[bt.TypeName] = emptyBlock(bt.Block)
		case tfprotov6.SchemaNestedBlockNestingModeList, tfprotov6.SchemaNestedBlockNestingModeSet:
			out[bt.TypeName] = tftypes.NewValue(typ, []tftypes.Value{})
		case tfprotov6.SchemaNestedBlockNestingModeMap:
			out[bt.TypeName] = tftypes.NewValue(typ, map[string]tftypes.Value{})
		default:
			out[bt.TypeName] = tftypes.NewValue(typ, nil)
		}
	}
	return tftypes.NewValue(b.ValueType(), out)
}

func proposedAttrs(as []*tfprotov6.SchemaAttribute, prior, config tftypes.Value) map[string]tftypes.Value {
	out := make(map[string]tftypes.Value, len(as))
	for _, a := range as {
		typ := a.ValueType()
		p, c := child(prior, a.Name, typ), child(config, a.Name, typ)
		switch {
		case a.Computed && c.IsNull():
			out[a.Name] = p
			if userSetPrior(a, p) {
				out[a.Name] = c
			}
		case a.NestedType != nil:
			out[a.Name] = proposedNestedAttr(a.NestedType, p, c)
		default:
			out[a.Name] = c
		}
	}
	return out
}

// nestedSchema is the schema of the objects of a nested block or of a nested
// attribute.
type nestedSchema struct {
	block  *tfprotov6.SchemaBlock
	object *tfprotov6.SchemaObject
}

func (s nestedSchema) proposed(prior, config tftypes.Value) tftypes.Value {
	if s.block != nil {
		return proposedBlock(s.block, prior, config)
	}
	return proposedObject(s.object, prior, config)
}

func (s nestedSchema) scope() scope {
	if s.block != nil {
		return blockScope(s.block)
	}
	return scope{attrs: s.object.Attributes, object: true}
}

func proposedObject(o *tfprotov6.SchemaObject, prior, config tftypes.Value) tftypes.Value {
	if config.IsNull() {
		return config
	}
	return tftypes.NewValue(config.Type(), proposedAttrs(o.Attributes, prior, config))
}

func proposedNestedAttr(o *tfprotov6.SchemaObject, prior, config tftypes.Value) tftypes.Value {
	if !config.IsKnown() {
		return config
	}
	s := nestedSchema{object: o}
	switch o.Nesting {
	case tfprotov6.SchemaObjectNestingModeList:
		return proposedList(s, prior, config)
	case tfprotov6.SchemaObjectNestingModeMap:
		return proposedMap(s, prior, config)
	case tfprotov6.SchemaObjectNestingModeSet:
		return proposedSet(s, prior, config)
	}
	return proposedObject(o, prior, config)
}

func proposedNestedBlock(bt *tfprotov6.SchemaNestedBlock, prior, config tftypes.Value) tftypes.Value {
	if !config.IsKnown() {
		return config // a dynamic block over an unknown value
	}
	s := nestedSchema{block: bt.Block}
	switch bt.Nesting {
	case tfprotov6.SchemaNestedBlockNestingModeList:
		return proposedList(s, prior, config)
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		return proposedMap(s, prior, config)
	case tfprotov6.SchemaNestedBlockNestingModeSet:
		return proposedSet(s, prior, config)
	case tfprotov6.SchemaNestedBlockNestingModeSingle:
		if config.IsNull() {
			return config
		}
	}
	return proposedBlock(bt.Block, prior, config)
}

// proposedList correlates elements by index; an element with no prior
// counterpart is taken from config as it is.
func proposedList(s nestedSchema, prior, config tftypes.Value) tftypes.Value {
	ce, pe := elems(config), elems(prior)
	if len(ce) == 0 {
		return config
	}
	out := make([]tftypes.Value, len(ce))
	for i, c := range ce {
		switch {
		case !prior.IsKnown():
			out[i] = s.proposed(tftypes.NewValue(c.Type(), tftypes.UnknownValue), c)
		case i >= len(pe):
			out[i] = c
		default:
			out[i] = s.proposed(pe[i], c)
		}
	}
	return tftypes.NewValue(config.Type(), out)
}

// proposedMap correlates elements by key.
func proposedMap(s nestedSchema, prior, config tftypes.Value) tftypes.Value {
	cm, pm := attrs(config), attrs(prior)
	if len(cm) == 0 {
		return config
	}
	out := make(map[string]tftypes.Value, len(cm))
	for k, c := range cm {
		if p, ok := pm[k]; ok {
			out[k] = s.proposed(p, c)
		} else {
			out[k] = c
		}
	}
	return tftypes.NewValue(config.Type(), out)
}

// proposedSet pairs each config element with the first unused prior element
// it could have come from; equal results merge, as set elements do.
func proposedSet(s nestedSchema, prior, config tftypes.Value) tftypes.Value {
	ce, pe := elems(config), elems(prior)
	if len(ce) == 0 {
		return config
	}
	used := make([]bool, len(pe))
	var out []tftypes.Value
	for _, c := range ce {
		p := tftypes.NewValue(c.Type(), nil)
		for j, x := range pe {
			if !used[j] && priorFromConfig(s.scope(), x, c) {
				p, used[j] = x, true
				break
			}
		}
		out = appendSetElement(out, s.proposed(p, c))
	}
	return tftypes.NewValue(config.Type(), out)
}

// appendSetElement adds v unless an equal wholly known element is there.
func appendSetElement(l []tftypes.Value, v tftypes.Value) []tftypes.Value {
	if v.IsFullyKnown() {
		for _, x := range l {
			if x.IsFullyKnown() && equal(x, v) {
				return l
			}
		}
	}
	return append(l, v)
}
