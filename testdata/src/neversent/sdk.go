package neversent

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type env struct {
	Name, Color, Tier, Region, Filter, Note string
	Critical                                bool
}

func resourceEnv() *schema.Resource {
	return &schema.Resource{
		CreateContext: envCreate,
		ReadContext:   envRead,
		UpdateContext: envUpdate,
		DeleteContext: envDelete,
		CustomizeDiff: envDiff,
		Schema: map[string]*schema.Schema{
			"name":     {Type: schema.TypeString, Required: true},
			"color":    {Type: schema.TypeString, Optional: true},                                                                                      // sent by Create, saved by Read
			"critical": {Type: schema.TypeBool, Optional: true},                                                                                        // want `APPLY-2: "critical" of resourceEnv is configurable \(Optional\), but neither envCreate nor envUpdate reads it while Read saves it from the API`
			"created":  {Type: schema.TypeString, Optional: true},                                                                                      // want `APPLY-2: "created" of resourceEnv is configurable \(Optional\), but neither envCreate nor envUpdate reads it`
			"region":   {Type: schema.TypeString, Optional: true, Computed: true},                                                                      // Computed: the API may choose it
			"filter":   {Type: schema.TypeString, Optional: true},                                                                                      // Read reads it: a lookup parameter
			"tier":     {Type: schema.TypeString, Optional: true},                                                                                      // CustomizeDiff decides about it
			"note":     {Type: schema.TypeString, Optional: true, DiffSuppressFunc: func(k, o, n string, d *schema.ResourceData) bool { return true }}, // changes suppressed on purpose
		},
	}
}

func envCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	e := env{Name: d.Get("name").(string), Color: d.Get("color").(string)}
	d.SetId(e.Name)
	return envRead(ctx, d, m)
}

func envRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	e := lookup(d.Id(), d.Get("filter").(string))
	d.Set("name", e.Name)
	d.Set("color", e.Color)
	d.Set("critical", e.Critical)
	d.Set("created", e.Tier+"x")
	d.Set("region", e.Region)
	d.Set("filter", e.Filter)
	d.Set("tier", e.Tier)
	d.Set("note", e.Note)
	return nil
}

func lookup(id, filter string) env { return env{Name: id, Filter: filter} }

func envUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_ = env{Color: d.Get("color").(string)}
	return envRead(ctx, d, m)
}

func envDelete(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

func envDiff(ctx context.Context, d *schema.ResourceDiff, m any) error {
	if d.HasChange("tier") {
		return d.ForceNew("tier")
	}
	return nil
}

// A Create that hands d to code out of sight may send anything.
func resourceHanded() *schema.Resource {
	return &schema.Resource{
		CreateContext: handedCreate,
		ReadContext:   envRead,
		UpdateContext: envUpdate,
		DeleteContext: envDelete,
		Schema: map[string]*schema.Schema{
			"name":     {Type: schema.TypeString, Required: true},
			"critical": {Type: schema.TypeBool, Optional: true},
		},
	}
}

func handedCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("x")
	return m.(func(*schema.ResourceData) diag.Diagnostics)(d)
}
