package contract

import (
	"errors"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// scope is one level of a schema: a block's attributes and nested blocks,
// or a nested attribute type's attributes.
type scope struct {
	attrs  []*tfprotov6.SchemaAttribute
	blocks []*tfprotov6.SchemaNestedBlock
	object bool // a nested attribute type: a name that is not an attribute is passed over
}

func blockScope(b *tfprotov6.SchemaBlock) scope {
	return scope{attrs: b.Attributes, blocks: b.BlockTypes}
}

// attributeAt finds the attribute at a path of attribute and block names
// (element steps left out), as Terraform looks attributes up by path; nil
// when the path ends at a block or inside a non-nested attribute.
func (s scope) attributeAt(names []string) *tfprotov6.SchemaAttribute {
	for i, name := range names {
		last := i == len(names)-1
		if a := findAttr(s.attrs, name); a != nil {
			switch {
			case last:
				return a
			case a.NestedType != nil:
				return scope{attrs: a.NestedType.Attributes, object: true}.attributeAt(names[i+1:])
			}
			return nil
		}
		if s.object {
			continue
		}
		bt := findBlock(s.blocks, name)
		if bt == nil {
			return nil
		}
		s = blockScope(bt.Block)
	}
	return nil
}

func findAttr(as []*tfprotov6.SchemaAttribute, name string) *tfprotov6.SchemaAttribute {
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func findBlock(bs []*tfprotov6.SchemaNestedBlock, name string) *tfprotov6.SchemaNestedBlock {
	for _, b := range bs {
		if b.TypeName == name {
			return b
		}
	}
	return nil
}

// userSetPrior reports whether the prior value of an Optional nested
// attribute holds a non-null, non-Computed value somewhere: then the user
// set it, and a null config means the user removed it.
func userSetPrior(a *tfprotov6.SchemaAttribute, prior tftypes.Value) bool {
	if !a.Optional || a.NestedType == nil {
		return false
	}
	s := scope{attrs: a.NestedType.Attributes, object: true}
	found := false
	var walk func(v tftypes.Value, names []string)
	walk = func(v tftypes.Value, names []string) {
		if found || v.IsNull() {
			return
		}
		if x := s.attributeAt(names); x != nil && !x.Computed {
			found = true
			return
		}
		eachChild(v, func(name string, _ childStep, c tftypes.Value) {
			walk(c, appendName(names, name))
		})
	}
	walk(prior, nil)
	return found
}

// priorFromConfig reports whether a prior set element could have come from
// a config element: equal, or different only in Computed leaf attributes
// that are null in config, looking inside nested attributes and blocks.
func priorFromConfig(s scope, prior, config tftypes.Value) bool {
	if equal(config, prior) {
		return true
	}
	return matchPrior(s, prior, config, nil) == nil
}

var errNoMatch = errors.New("no match")

func matchPrior(s scope, prior, config tftypes.Value, names []string) error {
	switch {
	case equal(config, prior):
		return nil
	case config.Type().Is(tftypes.Set{}):
		return errNoMatch // sets cannot be looked into
	}
	if a := s.attributeAt(names); a != nil && a.NestedType == nil {
		if !a.Computed || !config.IsNull() {
			return errNoMatch
		}
		return nil
	}
	var err error
	eachChild(prior, func(name string, step childStep, p tftypes.Value) {
		if err != nil {
			return
		}
		c, ok := step.apply(config)
		if !ok {
			err = errNoMatch
			return
		}
		err = matchPrior(s, p, c, appendName(names, name))
	})
	return err
}

// childStep finds the counterpart of a child in another value of the same
// type: by attribute name, list index or map key.
type childStep struct {
	attr string
	idx  int
	key  *string
}

// apply returns the counterpart, unknown inside an unknown value; false when
// there is none.
func (s childStep) apply(v tftypes.Value) (tftypes.Value, bool) {
	if v.IsNull() {
		return tftypes.Value{}, false
	}
	switch {
	case s.attr != "":
		t, ok := v.Type().(tftypes.Object)
		if !ok {
			return tftypes.Value{}, false
		}
		at, ok := t.AttributeTypes[s.attr]
		if !ok {
			return tftypes.Value{}, false
		}
		return child(v, s.attr, at), true
	case !v.IsKnown():
		if et := elementType(v.Type()); et != nil {
			return tftypes.NewValue(et, tftypes.UnknownValue), true
		}
		return tftypes.Value{}, false
	case s.key != nil:
		x, ok := attrs(v)[*s.key]
		return x, ok
	}
	l := elems(v)
	if s.idx >= len(l) {
		return tftypes.Value{}, false
	}
	return l[s.idx], true
}

// eachChild visits the attributes of an object, the elements of a list,
// tuple, set or map; nothing of a null or unknown value. name is the
// attribute name, "" for an element.
func eachChild(v tftypes.Value, fn func(name string, step childStep, c tftypes.Value)) {
	if v.Type() == nil || !v.IsKnown() || v.IsNull() {
		return
	}
	t := v.Type()
	switch {
	case t.Is(tftypes.Object{}):
		m := attrs(v)
		for _, k := range sortedKeys(m) {
			fn(k, childStep{attr: k}, m[k])
		}
	case t.Is(tftypes.Map{}):
		m := attrs(v)
		for _, k := range sortedKeys(m) {
			k := k
			fn("", childStep{key: &k}, m[k])
		}
	case t.Is(tftypes.List{}) || t.Is(tftypes.Tuple{}) || t.Is(tftypes.Set{}):
		for i, e := range elems(v) {
			fn("", childStep{idx: i}, e)
		}
	}
}

func appendName(names []string, name string) []string {
	if name == "" {
		return names
	}
	out := make([]string, len(names), len(names)+1)
	copy(out, names)
	return append(out, name)
}
