package incompleteimport

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// The schema is merged from shared maps, and Read sets attributes through a
// helper that ranges over a map literal: both are followed.

var propertyBase = map[string]*schema.Schema{
	"index": {Type: schema.TypeString, Required: true, ForceNew: true},
	"title": {Type: schema.TypeString, Required: true},
}

func mergeSchemas(schemas ...map[string]*schema.Schema) map[string]*schema.Schema {
	r := map[string]*schema.Schema{}
	for _, s := range schemas {
		for k, v := range s {
			r[k] = v
		}
	}
	return r
}

func setAll(d *schema.ResourceData, values map[string]any) error {
	for k, v := range values {
		if err := d.Set(k, v); err != nil {
			return err
		}
	}
	return nil
}

func readProperty(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: resourceProperty is imported with ImportStatePassthrough, which sets only the ID, but its Read never sets "index" \(Required, ForceNew\)`
	p, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(setAll(d, map[string]any{"title": p["title"], "scope": p["scope"]}))
}

func resourceProperty() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readProperty,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: mergeSchemas(propertyBase, map[string]*schema.Schema{
			"scope": {Type: schema.TypeString, Optional: true},
		}),
	}
}

// --- safe idioms ---

// The map handed to the helper holds the index.
func readPropertyAll(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(setAll(d, map[string]any{"index": d.Id(), "title": p["title"], "scope": p["scope"]}))
}

func resourcePropertyAll() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readPropertyAll,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: mergeSchemas(propertyBase, map[string]*schema.Schema{
			"scope": {Type: schema.TypeString, Optional: true},
		}),
	}
}

// A map that gets more keys than its literal holds cannot be counted: quiet.
func readPropertyBuilt(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	values := map[string]any{"title": p["title"]}
	for k, v := range p {
		values[k] = v
	}
	return diag.FromErr(setAll(d, values))
}

func resourcePropertyBuilt() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readPropertyBuilt,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        mergeSchemas(propertyBase),
	}
}

// An Optional+Computed+ForceNew attribute (a region defaulted from the
// provider) is as empty after import: configuring it replaces the object.
func readCron(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: resourceCron is imported with ImportStatePassthrough, which sets only the ID, but its Read never sets "region" \(Optional, Computed, ForceNew\)`
	p, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(d.Set("schedule", p["schedule"]))
}

func resourceCron() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readCron,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"region":   {Type: schema.TypeString, Optional: true, Computed: true, ForceNew: true},
			"schedule": {Type: schema.TypeString, Optional: true, Computed: true},
			"note":     {Type: schema.TypeString, Optional: true, ForceNew: true},
			// A secret the API never returns: no Read can fill it.
			"token": {Type: schema.TypeString, Required: true, ForceNew: true, Sensitive: true},
		},
	}
}

// --- safe idioms ---

// Read sets the region; Optional+Computed without ForceNew, and Optional
// ForceNew without Computed (often a create-only parameter the API never
// returns) are left alone.
func readCronRegion(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	_ = d.Set("region", p["region"])
	return nil
}

func resourceCronRegion() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readCronRegion,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"region":   {Type: schema.TypeString, Optional: true, Computed: true, ForceNew: true},
			"schedule": {Type: schema.TypeString, Optional: true, Computed: true},
			"note":     {Type: schema.TypeString, Optional: true, ForceNew: true},
		},
	}
}

// A Read that always fails (the API was retired) fails the import itself:
// nothing to say about what it leaves unset.
func readRetired(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.Errorf("this API is no longer supported")
}

func resourceRetired() *schema.Resource {
	return &schema.Resource{
		CreateContext: readRetired,
		ReadContext:   readRetired,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"project_id": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// A custom importer that fills the parent from the ID, but not the zone,
// which Read never sets either.
func importRecord(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	err := d.Set("parent_id", d.Id())
	return []*schema.ResourceData{d}, err
}

func readRecord(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: resourceRecord has an importer that sets only the ID and "parent_id", but its Read never sets "zone" \(Required, ForceNew\)`
	p, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(d.Set("value", p["value"]))
}

func resourceRecord() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readRecord,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: importRecord},
		Schema: map[string]*schema.Schema{
			"parent_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"zone":      {Type: schema.TypeString, Required: true, ForceNew: true},
			"value":     {Type: schema.TypeString, Optional: true, Computed: true},
		},
	}
}

// Safe: an importer that refuses (import is not supported) stubs nothing.
func importRefused(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	return nil, errors.New("the resource does not support import")
}

func resourceRefused() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readRecord,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: importRefused},
		Schema: map[string]*schema.Schema{
			"parent_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"zone":      {Type: schema.TypeString, Required: true, ForceNew: true},
			"value":     {Type: schema.TypeString, Optional: true, Computed: true},
		},
	}
}
