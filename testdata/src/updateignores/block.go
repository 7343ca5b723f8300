package updateignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A block's ForceNew covers only its element count: a changed value inside
// an element is an update in place, which classUpdate never sends.
func resourceClass() *schema.Resource {
	return &schema.Resource{
		CreateContext: classCreate,
		ReadContext:   classRead,
		UpdateContext: classUpdate,
		DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"topology": {Type: schema.TypeList, Optional: true, ForceNew: true, MaxItems: 1, Elem: &schema.Resource{Schema: map[string]*schema.Schema{ // want `SCHEMA-3: "topology" of resourceClass can change in place \(Optional, ForceNew, but a block's ForceNew replaces the resource only when its number of elements changes, and "topology.expression" inside it is not ForceNew\), but classUpdate never reads it: .* mark the attributes inside it ForceNew`
				"expression": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
					"key":    {Type: schema.TypeString, Optional: true},
					"values": {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
				}}},
			}}},
			"placement": {Type: schema.TypeSet, Required: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{ // want `SCHEMA-3: "placement" of resourceClass can change in place \(Required, ForceNew, but .*"placement.zone" inside it is not ForceNew\)`
				"zone": {Type: schema.TypeString, Optional: true},
				"id":   {Type: schema.TypeString, Computed: true},
			}}},
			// Safe twins: every attribute inside is ForceNew (or Computed only).
			"selector": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"key":    {Type: schema.TypeString, Optional: true, ForceNew: true},
				"values": {Type: schema.TypeSet, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}},
				"uid":    {Type: schema.TypeString, Computed: true},
			}}},
			// A list of strings: ForceNew covers each element.
			"zones": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}},
			// Update reads the block: a change inside is sent.
			"mounts": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"path": {Type: schema.TypeString, Optional: true},
			}}},
			// Not ForceNew, and Update reads it.
			"rules": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"port": {Type: schema.TypeInt, Optional: true},
			}}},
		},
	}
}

func classCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, _, _, _, _ = d.Get("name"), d.Get("topology"), d.Get("placement"), d.Get("selector"), d.Get("zones")
	_, _ = d.Get("mounts"), d.Get("rules")
	d.SetId(d.Get("name").(string))
	return classRead(ctx, d, m)
}

func classRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := (client{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	for _, k := range []string{"topology", "placement", "selector", "zones", "mounts", "rules"} {
		d.Set(k, []any{p.Labels})
	}
	d.Set("name", p.Name)
	return nil
}

func classUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p := pool{Name: d.Get("name").(string)}
	if d.HasChanges("mounts", "rules") {
		p.Labels = "changed"
	}
	if err := (client{}).put(d.Id(), p); err != nil {
		return diag.FromErr(err)
	}
	return classRead(ctx, d, m)
}
