package sdk

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func namespaceCreate(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }
func namespaceRead(context.Context, *schema.ResourceData, any) diag.Diagnostics   { return nil }
func namespaceUpdate(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }
func namespaceDelete(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

// G08's shape: Update is the Create function, and path is not ForceNew.
func namespaceResource() *schema.Resource {
	return &schema.Resource{
		CreateContext: namespaceCreate,
		UpdateContext: namespaceCreate, // want `SCHEMA-3: namespaceResource uses its Create function sdk.namespaceCreate as UpdateContext and nothing is ForceNew, but "path" is not ForceNew`
		ReadContext:   namespaceRead,
		DeleteContext: namespaceDelete,
		Schema: map[string]*schema.Schema{
			"path":         {Type: schema.TypeString, Required: true},
			"namespace_id": {Type: schema.TypeString, Computed: true},
			"path_fq":      {Type: schema.TypeString, Optional: true, Computed: true},
		},
	}
}

// The fix: path forces a new namespace.
func namespaceResourceFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: namespaceCreate,
		UpdateContext: namespaceCreate,
		ReadContext:   namespaceRead,
		DeleteContext: namespaceDelete,
		Schema: map[string]*schema.Schema{
			"path":         {Type: schema.TypeString, Required: true, ForceNew: true},
			"namespace_id": {Type: schema.TypeString, Computed: true},
			// Safe with Update = Create: writing it again changes no identity.
			"path_fq": {Type: schema.TypeString, Optional: true, Computed: true},
		},
	}
}

// No Update in any spelling: nested attributes need ForceNew too, even in a ForceNew block.
func noUpdate() *schema.Resource {
	return &schema.Resource{ // want `SCHEMA-3: noUpdate has no Update function, but "options.port", "rule", "rule.port", "tags" are not ForceNew`
		Create: func(*schema.ResourceData, any) error { return nil },
		Read:   func(*schema.ResourceData, any) error { return nil },
		Delete: func(*schema.ResourceData, any) error { return nil },
		Schema: map[string]*schema.Schema{
			"name":    {Type: schema.TypeString, Required: true, ForceNew: true},
			"arn":     {Type: schema.TypeString, Computed: true},
			"tags":    {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"rule":    {Type: schema.TypeList, Optional: true, Elem: ruleElem()},
			"options": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: ruleElem()},
			"status":  {Type: schema.TypeList, Computed: true, Elem: ruleElem()},
		},
	}
}

func ruleElem() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{
		"port": {Type: schema.TypeInt, Optional: true},
		"id":   {Type: schema.TypeString, Computed: true},
	}}
}

// Safe: a real Update.
func withUpdate() *schema.Resource {
	return &schema.Resource{
		CreateWithoutTimeout: namespaceCreate,
		ReadWithoutTimeout:   namespaceRead,
		UpdateWithoutTimeout: namespaceUpdate,
		DeleteWithoutTimeout: namespaceDelete,
		Schema:               map[string]*schema.Schema{"path": {Type: schema.TypeString, Required: true}},
	}
}

// Safe: every configurable attribute forces replacement; schema from a helper.
func allForceNew() *schema.Resource {
	return &schema.Resource{
		CreateContext: namespaceCreate,
		ReadContext:   namespaceRead,
		DeleteContext: namespaceDelete,
		Schema:        forceNewSchema(),
	}
}

func forceNewSchema() map[string]*schema.Schema {
	s := map[string]*schema.Schema{
		"a": {Type: schema.TypeString, Optional: true, ForceNew: true},
	}
	s["b"] = &schema.Schema{Type: schema.TypeString, Required: true, ForceNew: true}
	return s
}

// Safe: the model cannot follow a schema built in a loop, so it says nothing.
func loopSchema() *schema.Resource {
	s := map[string]*schema.Schema{}
	for _, k := range []string{"a", "b"} {
		s[k] = &schema.Schema{Type: schema.TypeString, Optional: true}
	}
	return &schema.Resource{CreateContext: namespaceCreate, ReadContext: namespaceRead, DeleteContext: namespaceDelete, Schema: s}
}

// Safe: data sources have no Update.
func dataSource() *schema.Resource {
	return &schema.Resource{
		ReadContext: namespaceRead,
		Schema:      map[string]*schema.Schema{"path": {Type: schema.TypeString, Required: true}},
	}
}

func permissionsCreateOrUpdate(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

// Safe: an idempotent upsert by name (github's CreateOrUpdate idiom).
func upsert() *schema.Resource {
	return &schema.Resource{
		CreateContext: permissionsCreateOrUpdate,
		UpdateContext: permissionsCreateOrUpdate,
		ReadContext:   namespaceRead,
		DeleteContext: namespaceDelete,
		Schema:        map[string]*schema.Schema{"enabled": {Type: schema.TypeBool, Optional: true}},
	}
}

// Optional+Computed passes the SDK's InternalValidate, yet a change still plans an update.
func optionalComputed() *schema.Resource {
	return &schema.Resource{ // want `SCHEMA-3: optionalComputed has no Update function, but "droplet_id" is not ForceNew`
		CreateContext: namespaceCreate,
		ReadContext:   namespaceRead,
		DeleteContext: namespaceDelete,
		Schema: map[string]*schema.Schema{
			"region":     {Type: schema.TypeString, Required: true, ForceNew: true},
			"droplet_id": {Type: schema.TypeInt, Optional: true, Computed: true},
		},
	}
}

func roleCreate(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

// Safe: Create writes the role keyed by ForceNew backend and name, so running
// it again with new content is an upsert (Vault's roles).
func roleResource() *schema.Resource {
	return &schema.Resource{
		CreateContext: roleCreate,
		UpdateContext: roleCreate,
		ReadContext:   namespaceRead,
		DeleteContext: namespaceDelete,
		Schema: map[string]*schema.Schema{
			"backend": {Type: schema.TypeString, Required: true, ForceNew: true},
			"role":    {Type: schema.TypeString, Required: true, ForceNew: true},
			"ttl":     {Type: schema.TypeInt, Optional: true},
		},
	}
}

// A ForceNew block does not cover its attributes: a value changed inside an
// element (same number of elements) is an update in place.
func sentEvent() *schema.Resource {
	return &schema.Resource{ // want `SCHEMA-3: sentEvent has no Update function, but "event.kind", "event.value" are not ForceNew: a change plans an update in place, and the apply fails with the SDK's "doesn't support update"`
		Create: func(*schema.ResourceData, any) error { return nil },
		Read:   schema.Noop,
		Delete: schema.RemoveFromState,
		Schema: map[string]*schema.Schema{
			"event": {Type: schema.TypeSet, Required: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"kind":  {Type: schema.TypeString, Required: true},
				"value": {Type: schema.TypeString, Optional: true},
				"at":    {Type: schema.TypeInt, Required: true, ForceNew: true},
			}}},
			"labels": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}
