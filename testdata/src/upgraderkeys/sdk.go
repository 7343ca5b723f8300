// Package upgraderkeys: SDK state upgraders that read raw-state keys their
// prior schema does not declare at that level, or (the last upgrader) write
// keys the current schema does not declare there.
package upgraderkeys

import (
	"context"
	"strconv"

	"github.com/hashicorp/go-cty/cty"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func noop(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

// connectionV0 keeps strategy_version inside the options block.
func connectionV0() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"name": {Type: schema.TypeString, Required: true},
		"options": {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: &schema.Resource{
			Schema: map[string]*schema.Schema{"strategy_version": {Type: schema.TypeString, Optional: true}},
		}},
	}}
}

func connectionSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name": {Type: schema.TypeString, Required: true},
		"options": {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: &schema.Resource{
			Schema: map[string]*schema.Schema{"strategy_version": {Type: schema.TypeInt, Optional: true}},
		}},
	}
}

func connection() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        connectionSchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: connectionV0().CoreConfigSchema().ImpliedType(), Upgrade: connectionUpgradeV0},
		},
	}
}

// The key is read at the top level: nil on every state, nothing moves.
func connectionUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	v, ok := raw["strategy_version"].(string) // want `UPGRADE-3: the state upgrader for version 0 reads "strategy_version" at the top level of the raw state, where its prior schema connectionV0 does not declare it \(it declares it inside block options\): the read yields nil`
	l, _ := raw["options"].([]any)
	if !ok || len(l) == 0 {
		return raw, nil
	}
	i, _ := strconv.Atoi(v)
	l[0].(map[string]any)["strategy_version"] = i
	return raw, nil
}

func connectionTop() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        connectionSchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: connectionV0().CoreConfigSchema().ImpliedType(), Upgrade: connectionTopUpgradeV0},
		},
	}
}

// Read and written at the top level: the write is what is reported (the
// read of a key the function writes is taken as adding it).
func connectionTopUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	v, ok := raw["strategy_version"]
	if !ok {
		return raw, nil
	}
	i, _ := strconv.Atoi(v.(string))
	raw["strategy_version"] = i // want `UPGRADE-4: the last state upgrader \(version 0\) writes "strategy_version" at the top level of the state, where the current schema of connectionTop does not declare it \(it declares it inside block options\): the SDK removes undeclared attributes`
	return raw, nil
}

func connectionFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        connectionSchema(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: connectionV0Type(), Upgrade: connectionFixedUpgradeV0},
		},
	}
}

func connectionV0Type() cty.Type { return connectionV0().CoreConfigSchema().ImpliedType() }

// Safe: the key is read and written inside the block's element.
func connectionFixedUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	l, ok := raw["options"].([]any)
	if !ok || len(l) == 0 {
		return raw, nil
	}
	m := l[0].(map[string]any)
	if s, ok := m["strategy_version"].(string); ok {
		i, _ := strconv.Atoi(s)
		m["strategy_version"] = i
	}
	raw["options"] = []any{m}
	return raw, nil
}

func secretV0() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"secret_version": {Type: schema.TypeInt, Optional: true},
	}}
}

func secret() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        map[string]*schema.Schema{"secret_version": {Type: schema.TypeString, Optional: true}},
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: secretV0().CoreConfigSchema().ImpliedType(), Upgrade: secretUpgradeV0},
		},
	}
}

// Safe: a type switch on a declared key (its `val := v.(type)` has no type of
// its own) that rewrites the number as a string.
func secretUpgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	if v, ok := raw["secret_version"]; ok {
		switch val := v.(type) {
		case int:
			raw["secret_version"] = strconv.Itoa(val)
		case float64:
			raw["secret_version"] = strconv.Itoa(int(val))
		}
	}
	return raw, nil
}
