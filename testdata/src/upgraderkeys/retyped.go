package upgraderkeys

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// v0 held tags as a list of strings and endpoint as a block; v1 as a map
// and a string; v2 adds nothing but a description.
func monitorV0() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"tags":     {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		"enabled":  {Type: schema.TypeInt, Optional: true},
		"priority": {Type: schema.TypeString, Optional: true},
		"endpoint": {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: &schema.Resource{
			Schema: map[string]*schema.Schema{"url": {Type: schema.TypeString, Optional: true}},
		}},
	}}
}

func monitorV1() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"tags":     {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		"enabled":  {Type: schema.TypeBool, Optional: true},
		"priority": {Type: schema.TypeInt, Optional: true}, // "3" decodes as 3
		"endpoint": {Type: schema.TypeString, Optional: true},
	}}
}

func monitorSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"tags":        {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		"endpoint":    {Type: schema.TypeString, Optional: true},
		"description": {Type: schema.TypeString, Optional: true},
	}
}

func monitor() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        monitorSchema(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: monitorV0().CoreConfigSchema().ImpliedType(), Upgrade: monitorUpgradeV0},
			{Version: 1, Type: monitorV1().CoreConfigSchema().ImpliedType(), Upgrade: monitorUpgradeV1},
		},
	}
}

// endpoint is flattened, tags are left a list: the v1 map cannot hold it.
func monitorUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) { // want `UPGRADE-4: the state upgrader for version 0 leaves "tags" as it is, but it changes from a list of string values \(prior schema monitorV0\) to a map in the next version: the SDK cannot convert it` `UPGRADE-4: .* leaves "enabled" as it is, but it changes from a number \(prior schema monitorV0\) to a bool`
	if l, ok := raw["endpoint"].([]any); ok && len(l) > 0 {
		raw["endpoint"] = l[0].(map[string]any)["url"]
	}
	return raw, nil
}

func monitorUpgradeV1(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	raw["description"] = ""
	return raw, nil
}

func monitorFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        monitorSchema(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: monitorV0().CoreConfigSchema().ImpliedType(), Upgrade: monitorFixedUpgradeV0},
			{Version: 1, Type: monitorV1().CoreConfigSchema().ImpliedType(), Upgrade: monitorUpgradeV1},
		},
	}
}

// Safe: both retyped attributes are rewritten.
func monitorFixedUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	tags := map[string]any{}
	for _, t := range raw["tags"].([]any) {
		tags[t.(string)] = ""
	}
	raw["tags"] = tags
	raw["enabled"] = raw["enabled"] == 1
	if l, ok := raw["endpoint"].([]any); ok && len(l) > 0 {
		raw["endpoint"] = l[0].(map[string]any)["url"]
	}
	return raw, nil
}

func monitorHelper() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        monitorSchema(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: monitorV0().CoreConfigSchema().ImpliedType(), Upgrade: monitorHelperUpgradeV0},
			{Version: 1, Type: monitorV1().CoreConfigSchema().ImpliedType(), Upgrade: monitorUpgradeV1},
		},
	}
}

// Quiet: the state is handed to a helper, which may convert anything.
func monitorHelperUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	flatten(raw)
	return raw, nil
}

func flatten(map[string]any) {}
