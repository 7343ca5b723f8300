package sdk

import (
	"context"

	"github.com/hashicorp/go-cty/cty"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/v2/terraform"
)

func noop(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

func upgrade(_ context.Context, raw map[string]any, _ any) (map[string]any, error) { return raw, nil }

func migrate(_ int, s *terraform.InstanceState, _ any) (*terraform.InstanceState, error) { return s, nil }

func attrs() map[string]*schema.Schema {
	return map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}
}

func gap() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 3,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: cty.EmptyObject, Upgrade: upgrade},
			{Version: 2, Type: cty.EmptyObject, Upgrade: upgrade}, // want `SCHEMA-4: gap: StateUpgraders skip from version 0 to 2`
		},
	}
}

func endsEarly() *schema.Resource {
	return &schema.Resource{ // want `SCHEMA-4: endsEarly: SchemaVersion is 2 but StateUpgraders end at version 0`
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:         attrs(),
		SchemaVersion:  2,
		StateUpgraders: []schema.StateUpgrader{{Version: 0, Type: cty.EmptyObject, Upgrade: upgrade}},
	}
}

func tooNew() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 1,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: cty.EmptyObject, Upgrade: upgrade},
			{Version: 1, Type: cty.EmptyObject, Upgrade: upgrade}, // want `SCHEMA-4: tooNew: StateUpgrader version 1 is not below SchemaVersion 1`
		},
	}
}

func strandedZero() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 1, Type: cty.EmptyObject, Upgrade: upgrade}, // want `SCHEMA-4: strandedZero: StateUpgraders start at version 1 and there is no MigrateState`
		},
	}
}

// Safe: MigrateState covers the flatmap versions before the first upgrader.
func migrateThenUpgrade() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 2,
		MigrateState:  migrate,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 1, Type: cty.EmptyObject, Upgrade: upgrade},
		},
	}
}

// Safe: contiguous and ending at SchemaVersion-1.
func contiguous() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 0, Type: cty.EmptyObject, Upgrade: upgrade},
			{Version: 1, Type: cty.EmptyObject, Upgrade: upgrade},
		},
	}
}

// Safe: the SDK passes state through unchanged when no upgrader exists.
func bumpedOnly() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 1,
	}
}
