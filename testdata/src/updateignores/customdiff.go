package updateignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A CustomizeDiff built with the customdiff combinators is followed through
// them: the functions they run and the keys they name. "region" is named by
// ForceNewIfChange (a change may force a new resource), "size" by
// ValidateChange (a change may be rejected), "zone" only by the IfValueChange
// guard; "vpc" by none, and clusterUpdate never sends it.
func resourceCluster() *schema.Resource {
	return &schema.Resource{
		CreateContext: clusterCreate,
		ReadContext:   clusterRead,
		UpdateContext: clusterUpdate,
		DeleteContext: poolDelete,
		CustomizeDiff: customdiff.All(
			clusterDiff,
			customdiff.ForceNewIfChange("region", func(ctx context.Context, old, new, meta any) bool { return old.(string) != "" }),
			customdiff.ValidateChange("size", func(ctx context.Context, old, new, meta any) error { return nil }),
			customdiff.IfValueChange("zone", func(ctx context.Context, old, new, meta any) bool { return true }, clusterDiff),
		),
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true},
			"region": {Type: schema.TypeString, Optional: true},
			"size":   {Type: schema.TypeString, Optional: true},
			"zone":   {Type: schema.TypeString, Optional: true},
			"vpc":    {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "vpc" of resourceCluster can change in place \(Optional, not ForceNew\), but clusterUpdate never reads it`
		},
	}
}

// clusterDiff reads "name" only.
func clusterDiff(ctx context.Context, d *schema.ResourceDiff, m any) error {
	_ = d.Get("name")
	return nil
}

func clusterCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, _, _, _ = d.Get("region"), d.Get("size"), d.Get("zone"), d.Get("vpc")
	d.SetId(d.Get("name").(string))
	return clusterRead(ctx, d, m)
}

func clusterRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := (client{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	for _, k := range []string{"name", "region", "size", "zone", "vpc"} {
		d.Set(k, p.Labels)
	}
	return nil
}

func clusterUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := (client{}).put(d.Id(), pool{Name: d.Get("name").(string)}); err != nil {
		return diag.FromErr(err)
	}
	return clusterRead(ctx, d, m)
}
