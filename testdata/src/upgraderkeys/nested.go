package upgraderkeys

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// The schema of the settings block alone, used as a whole resource's Type.
func policySettingsV0() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"message":     {Type: schema.TypeString, Optional: true},
		"allow_defer": {Type: schema.TypeBool, Optional: true},
		"minutes":     {Type: schema.TypeInt, Optional: true},
	}}
}

func policyV0() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"name":     {Type: schema.TypeString, Required: true},
		"settings": {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: policySettingsV0()},
	}}
}

func policySchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name": {Type: schema.TypeString, Required: true},
		"settings": {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: &schema.Resource{
			Schema: map[string]*schema.Schema{
				"message":      {Type: schema.TypeString, Optional: true},
				"allow_defers": {Type: schema.TypeBool, Optional: true},
				"minutes":      {Type: schema.TypeInt, Optional: true},
			},
		}},
	}
}

func policy() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        policySchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: policySettingsV0().CoreConfigSchema().ImpliedType(), Upgrade: policyUpgradeV0},
		},
	}
}

// The block's keys are read at the top level, and the new map returned
// drops every other attribute.
func policyUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	out := make(map[string]any)
	out["message"] = raw["message"] // want `UPGRADE-4: the last state upgrader \(version 0\) writes "message", "allow_defers" at the top level of the state, where the current schema of policy does not declare them \(it declares them inside block settings\)` `UPGRADE-3: the state upgrader for version 0 reads "message", "allow_defer" at the top level of the raw state, but its Type policySettingsV0 is the schema of block settings, not of the resource`
	out["allow_defers"] = raw["allow_defer"]
	return out, nil // want `UPGRADE-4: the state upgrader for version 0 returns a new map that holds only the keys it writes: 2 configurable attributes of the state \("name", "settings"\) are dropped`
}

func policyFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        policySchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: policyV0().CoreConfigSchema().ImpliedType(), Upgrade: policyFixedUpgradeV0},
		},
	}
}

// Safe: the keys are read inside the block's element, the new element is
// put back, and rawState is returned.
func policyFixedUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	if l, ok := raw["settings"].([]any); ok && len(l) > 0 {
		m := l[0].(map[string]any)
		l[0] = map[string]any{"message": m["message"], "allow_defers": m["allow_defer"], "minutes": m["minutes"]}
		raw["settings"] = l
	}
	return raw, nil
}

func policyCopied() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        policySchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: policyV0().CoreConfigSchema().ImpliedType(), Upgrade: policyCopiedUpgradeV0},
		},
	}
}

// Safe: a new map filled with every key of the raw state first.
func policyCopiedUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	out := map[string]any{}
	for k, v := range raw {
		out[k] = v
	}
	out["name"] = raw["name"]
	return out, nil
}
