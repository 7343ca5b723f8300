package upgraderkeys

import (
	"context"

	"github.com/hashicorp/go-cty/cty"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func firewallV0() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{
			Schema: map[string]*schema.Schema{"port": {Type: schema.TypeString, Optional: true}},
		}},
	}}
}

func firewallSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{
			Schema: map[string]*schema.Schema{"port_range": {Type: schema.TypeString, Optional: true}},
		}},
		"description": {Type: schema.TypeString, Optional: true},
	}
}

func firewall() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        firewallSchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: firewallV0().CoreConfigSchema().ImpliedType(), Upgrade: func(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
				for _, r := range raw["rule"].([]any) {
					m := r.(map[string]any)
					m["port_range"] = m["port"]
					m["ports"] = raw["port"] // want `UPGRADE-3: .* reads "port" at the top level of the raw state, where its prior schema firewallV0 does not declare it \(it declares it inside block rule\): the read yields nil`
				}
				raw["port_range"] = "" // want `UPGRADE-4: .* writes "port_range" at the top level of the state, where the current schema of firewall does not declare it \(it declares it inside block rule\): the SDK removes undeclared attributes`
				raw["ports"] = ""      // a key declared nowhere: one removed since, a dead write
				return raw, nil
			}},
		},
	}
}

func firewallFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        firewallSchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: firewallV0().CoreConfigSchema().ImpliedType(), Upgrade: func(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
				for _, r := range raw["rule"].([]any) {
					m := r.(map[string]any)
					m["port_range"] = m["port"]
					delete(m, "port")
				}
				raw["description"] = ""
				raw["id"] = raw["id"]
				return raw, nil
			}},
		},
	}
}

// Quiet: the Type describes the current schema, not a prior one (the same
// attributes), so a key of the older state it reads says nothing; and an
// upgrader that is not the last one may write keys for the next.
func renamedSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{"title": {Type: schema.TypeString, Optional: true}}
}

func renamedCurrent() *schema.Resource { return &schema.Resource{Schema: renamedSchema()} }

func renamed() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        renamedSchema(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: renamedCurrent().CoreConfigSchema().ImpliedType(), Upgrade: func(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
				raw["label"] = raw["name"]
				return raw, nil
			}},
			{Version: 1, Type: renamedCurrent().CoreConfigSchema().ImpliedType(), Upgrade: func(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
				raw["title"] = raw["label"]
				return raw, nil
			}},
		},
	}
}

var firewallV0Attrs = map[string]*schema.Schema{
	"label": {Type: schema.TypeString, Optional: true},
	"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{
		Schema: map[string]*schema.Schema{"port": {Type: schema.TypeString, Optional: true}},
	}},
}

// The Type as a function returning a literal resource's ImpliedType.
func firewallV0Type() cty.Type {
	return (&schema.Resource{Schema: firewallV0Attrs}).CoreConfigSchema().ImpliedType()
}

func firewallLit() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        firewallSchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: firewallV0Type(), Upgrade: firewallLitUpgradeV0},
		},
	}
}

func firewallLitUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	rules, _ := raw["rule"].([]any)
	for i := range rules {
		m := rules[i].(map[string]any)
		m["port_range"] = m["port_from"] // a key the Type declares nowhere: more likely a Type copied from a later version
		m["port_range"] = m["label"]     // want `UPGRADE-3: the state upgrader for version 0 reads "label" inside block rule of the raw state, where its prior schema firewallV0Type does not declare it \(it declares it at the top level\)`
	}
	return raw, nil
}
