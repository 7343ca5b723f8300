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

func migrate(_ int, s *terraform.InstanceState, _ any) (*terraform.InstanceState, error) {
	return s, nil
}

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
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:         attrs(),
		SchemaVersion:  2, // want `SCHEMA-4: endsEarly: SchemaVersion is 2 but StateUpgraders end at version 0`
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

// Safe: state older than the first upgrader passes through unchanged, as
// without any upgrader; nothing tells whether version 0 had another shape.
func strandedZero() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:        attrs(),
		SchemaVersion: 2,
		StateUpgraders: []schema.StateUpgrader{
			{Version: 1, Type: cty.EmptyObject, Upgrade: upgrade},
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

// The version is a parameter of the function that builds the resource: it
// resolves from the calls (the highest when they differ) and is judged as a
// literal one.
func versionedThing(version int) *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:         attrs(),
		SchemaVersion:  version,
		StateUpgraders: []schema.StateUpgrader{{Version: 0, Type: cty.EmptyObject, Upgrade: upgrade}},
	}
}

// Safe: version 1 with the upgrader for version 0.
func versionedSafe(version int) *schema.Resource {
	return &schema.Resource{
		CreateContext: noop, ReadContext: noop, UpdateContext: noop, DeleteContext: noop,
		Schema:         attrs(),
		SchemaVersion:  version,
		StateUpgraders: []schema.StateUpgrader{{Version: 0, Type: cty.EmptyObject, Upgrade: upgrade}},
	}
}

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_versioned_v1": versionedThing(1),
		"x_versioned_v2": versionedThing(2), // want `SCHEMA-4: versionedThing: SchemaVersion is 2 but StateUpgraders end at version 0`
		"x_versioned_ok": versionedSafe(1),
	}}
}
