package contract

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ProposedNew computes the Proposed New State that Terraform sends with
// PlanResourceChange, from the prior state and the config, as Terraform
// v1.8.5 builds it: per attribute, Computed and null in config takes the prior
// value, otherwise the config value (even null or unknown); nested attributes
// merge recursively; a single block null in config is null; list blocks
// correlate by index (a new index takes the config element as it is), map
// blocks by key, set blocks pair each config element with the first unused
// prior element that differs only in Computed attributes null in config.
// A null prior (create) counts as all attributes null; a null config
// (destroy) gives null.
func ProposedNew(sch *tfprotov6.Schema, prior, config tftypes.Value) tftypes.Value {
	typ := sch.ValueType()
	if config.IsNull() || !config.IsKnown() {
		return config
	}
	return proposedBlock(sch.Block, typ.(tftypes.Object), prior, config)
}

func proposedBlock(b *tfprotov6.SchemaBlock, typ tftypes.Object, prior, config tftypes.Value) tftypes.Value {
	cm, pm := attrs(config), attrs(prior)
	if cm == nil {
		return config
	}
	out := make(map[string]tftypes.Value, len(cm))
	for k, v := range cm {
		out[k] = v
	}
	for _, a := range b.Attributes {
		c, p := cm[a.Name], pm[a.Name]
		if p.Type() == nil {
			p = tftypes.NewValue(typ.AttributeTypes[a.Name], nil)
		}
		out[a.Name] = proposedAttr(a, p, c)
	}
	for _, bt := range b.BlockTypes {
		c, p := cm[bt.TypeName], pm[bt.TypeName]
		out[bt.TypeName] = proposedNestedBlock(bt, typ.AttributeTypes[bt.TypeName], p, c)
	}
	return tftypes.NewValue(typ, out)
}

func proposedAttr(a *tfprotov6.SchemaAttribute, prior, config tftypes.Value) tftypes.Value {
	if a.Computed && config.IsNull() {
		return prior
	}
	if a.NestedType == nil || config.IsNull() || !config.IsKnown() || !prior.IsKnown() || prior.IsNull() {
		return config
	}
	inner := &tfprotov6.SchemaBlock{Attributes: a.NestedType.Attributes}
	switch a.NestedType.Nesting {
	case tfprotov6.SchemaObjectNestingModeSingle:
		return proposedBlock(inner, config.Type().(tftypes.Object), prior, config)
	case tfprotov6.SchemaObjectNestingModeList:
		return proposedList(inner, config, prior)
	case tfprotov6.SchemaObjectNestingModeMap:
		return proposedMap(inner, config, prior)
	}
	return config // sets of nested attributes: Terraform takes the config as is
}

func proposedNestedBlock(bt *tfprotov6.SchemaNestedBlock, typ tftypes.Type, prior, config tftypes.Value) tftypes.Value {
	if config.Type() == nil {
		return tftypes.NewValue(typ, nil)
	}
	if !config.IsKnown() || config.IsNull() {
		return config
	}
	switch bt.Nesting {
	case tfprotov6.SchemaNestedBlockNestingModeSingle, tfprotov6.SchemaNestedBlockNestingModeGroup:
		return proposedBlock(bt.Block, config.Type().(tftypes.Object), prior, config)
	case tfprotov6.SchemaNestedBlockNestingModeList:
		return proposedList(bt.Block, config, prior)
	case tfprotov6.SchemaNestedBlockNestingModeMap:
		return proposedMap(bt.Block, config, prior)
	case tfprotov6.SchemaNestedBlockNestingModeSet:
		return proposedSet(bt.Block, config, prior)
	}
	return config
}

// proposedList correlates elements by index.
func proposedList(b *tfprotov6.SchemaBlock, config, prior tftypes.Value) tftypes.Value {
	ce, pe := elems(config), elems(prior)
	out := make([]tftypes.Value, len(ce))
	for i, c := range ce {
		if i < len(pe) && c.IsKnown() {
			out[i] = proposedBlock(b, c.Type().(tftypes.Object), pe[i], c)
		} else {
			out[i] = c
		}
	}
	return tftypes.NewValue(config.Type(), out)
}

// proposedMap correlates elements by key.
func proposedMap(b *tfprotov6.SchemaBlock, config, prior tftypes.Value) tftypes.Value {
	cm, pm := attrs(config), attrs(prior)
	out := make(map[string]tftypes.Value, len(cm))
	for k, c := range cm {
		if p, ok := pm[k]; ok && c.IsKnown() {
			out[k] = proposedBlock(b, c.Type().(tftypes.Object), p, c)
		} else {
			out[k] = c
		}
	}
	return tftypes.NewValue(config.Type(), out)
}

// proposedSet pairs each config element with the first unused prior element
// that differs from it only in Computed attributes that are null in config.
func proposedSet(b *tfprotov6.SchemaBlock, config, prior tftypes.Value) tftypes.Value {
	ce, pe := elems(config), elems(prior)
	used := make([]bool, len(pe))
	out := make([]tftypes.Value, len(ce))
	for i, c := range ce {
		out[i] = c
		if !c.IsKnown() {
			continue
		}
		for j, p := range pe {
			if !used[j] && sameButComputed(b, c, p) {
				used[j] = true
				out[i] = proposedBlock(b, c.Type().(tftypes.Object), p, c)
				break
			}
		}
	}
	return tftypes.NewValue(config.Type(), out)
}

func sameButComputed(b *tfprotov6.SchemaBlock, config, prior tftypes.Value) bool {
	cm, pm := attrs(config), attrs(prior)
	if cm == nil || pm == nil {
		return false
	}
	for _, a := range b.Attributes {
		if a.Computed && cm[a.Name].IsNull() {
			continue
		}
		if !equal(cm[a.Name], pm[a.Name]) {
			return false
		}
	}
	for _, bt := range b.BlockTypes {
		if !equal(cm[bt.TypeName], pm[bt.TypeName]) {
			return false
		}
	}
	return true
}
