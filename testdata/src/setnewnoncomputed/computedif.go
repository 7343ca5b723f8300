package setnewnoncomputed

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// customdiff.ComputedIf(k, f) calls d.SetNewComputed(k) when f holds: the
// SDK refuses it for "slug", which is not Computed. "version" is Computed
// (the safe twin), and "name" is only the condition's key.
func resourceTeam() *schema.Resource {
	return &schema.Resource{
		Create:      nil,
		ReadContext: read,
		CustomizeDiff: customdiff.Sequence(
			customdiff.ComputedIf("slug", func(_ context.Context, d *schema.ResourceDiff, meta any) bool { // want `PLAN-2: customdiff.ComputedIf\("slug"\) \(d.SetNewComputed\) in the CustomizeDiff of resourceTeam: "slug" is not Computed, so the SDK refuses it at plan time`
				return d.HasChange("name")
			}),
			customdiff.ComputedIf("version", func(_ context.Context, d *schema.ResourceDiff, meta any) bool {
				return d.HasChange("name")
			}),
		),
		Schema: map[string]*schema.Schema{
			"name":    {Type: schema.TypeString, Required: true},
			"slug":    {Type: schema.TypeString, Optional: true},
			"version": {Type: schema.TypeInt, Computed: true},
		},
	}
}

// A ComputedIf on a key the schema lacks, under a condition on another
// missing key, never runs: left out.
func resourceProps() *schema.Resource {
	return &schema.Resource{
		ReadContext: read,
		CustomizeDiff: customdiff.ComputedIf("slug", func(_ context.Context, d *schema.ResourceDiff, meta any) bool {
			return d.HasChange("name")
		}),
		Schema: map[string]*schema.Schema{
			"property_name": {Type: schema.TypeString, Required: true},
		},
	}
}
