package createignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type env struct{ Name, Color, Tier, Created string }

func resourceEnv() *schema.Resource {
	return &schema.Resource{
		CreateContext: envCreate,
		ReadContext:   envRead,
		UpdateContext: envUpdate,
		DeleteContext: envDelete,
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Required: true},
			"color":      {Type: schema.TypeString, Optional: true},
			"tier":       {Type: schema.TypeString, Optional: true}, // want `APPLY-2: "tier" of resourceEnv is configurable \(Optional\) and envUpdate sends it, but envCreate never reads it: the configured value never reaches the API`
			"created_at": {Type: schema.TypeString, Optional: true}, // an output declared Optional: neither Create nor Update reads it
		},
	}
}

func envCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	e := env{Name: d.Get("name").(string), Color: d.Get("color").(string)}
	d.SetId(e.Name)
	return envRead(ctx, d, m)
}

func envRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	e := env{}
	d.Set("name", e.Name)
	d.Set("color", e.Color)
	d.Set("tier", e.Tier)
	d.Set("created_at", e.Created)
	return nil
}

func envUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_ = env{Color: d.Get("color").(string), Tier: d.Get("tier").(string)}
	return envRead(ctx, d, m)
}

func envDelete(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

// Import-only: Create never sets an ID, so it creates nothing to judge.
func resourceDefaultEnv() *schema.Resource {
	return &schema.Resource{
		CreateContext: defaultEnvCreate,
		ReadContext:   envRead,
		UpdateContext: envUpdate,
		DeleteContext: envDelete,
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Required: true},
			"color":      {Type: schema.TypeString, Optional: true},
			"tier":       {Type: schema.TypeString, Optional: true},
			"created_at": {Type: schema.TypeString, Optional: true},
		},
	}
}

func defaultEnvCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.Errorf("import the default environment instead")
}
