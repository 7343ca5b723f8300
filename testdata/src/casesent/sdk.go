package casesent

import (
	"context"
	"strings"

	"fixtures/casesent/api"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/validation"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_hostname": {CreateContext: create, ReadContext: read, UpdateContext: update, DeleteContext: del, Schema: hostnameSchema()},
	}}
}

func hostnameSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name": {Type: schema.TypeString, Required: true, ForceNew: true},
		// The bug: sent upper-case, read back as the API holds it.
		"behavior": {Type: schema.TypeString, Required: true}, // want `APPLY-2: "behavior" of x_hostname is sent to the API through strings.ToUpper while Read saves the API's value back`
		// Safe: the difference in case is suppressed.
		"region": {Type: schema.TypeString, Optional: true,
			DiffSuppressFunc: func(_, o, n string, _ *schema.ResourceData) bool { return strings.EqualFold(o, n) }},
		// Safe: the validator holds the value to the case sent.
		"mode": {Type: schema.TypeString, Optional: true, ValidateFunc: validation.StringInSlice([]string{"fast", "slow"}, false)},
		// Safe: only compared after the case change, never sent so.
		"tier": {Type: schema.TypeString, Optional: true},
	}
}

func expand(d *schema.ResourceData) *api.Hostname {
	h := &api.Hostname{Name: d.Get("name").(string), Tier: d.Get("tier").(string)}
	h.Behavior = strings.ToUpper(d.Get("behavior").(string))
	if v, ok := d.GetOk("region"); ok {
		h.Region = strings.ToLower(v.(string))
	}
	h.Mode = strings.ToLower(d.Get("mode").(string))
	if strings.ToLower(d.Get("tier").(string)) == "premium" {
		h.Name += "-p"
	}
	return h
}

func create(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	out, err := (api.Client{}).Create(expand(d))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(out.Name)
	return read(ctx, d, m)
}

func read(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	out, err := (api.Client{}).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", out.Name)
	d.Set("behavior", out.Behavior)
	d.Set("region", out.Region)
	d.Set("mode", out.Mode)
	d.Set("tier", out.Tier)
	return nil
}

func update(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := (api.Client{}).Update(expand(d)); err != nil {
		return diag.FromErr(err)
	}
	return read(ctx, d, m)
}

func del(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }
