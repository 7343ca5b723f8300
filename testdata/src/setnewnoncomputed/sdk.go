package setnewnoncomputed

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func resourceServer() *schema.Resource {
	return &schema.Resource{
		ReadContext: read,
		Schema: map[string]*schema.Schema{
			"tier":    {Type: schema.TypeString, Optional: true},
			"size":    {Type: schema.TypeInt, Optional: true},
			"address": {Type: schema.TypeString, Computed: true},
			"label":   {Type: schema.TypeString, Optional: true, Computed: true},
			"disk": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"id":   {Type: schema.TypeString, Computed: true},
				"name": {Type: schema.TypeString, Optional: true},
			}}},
		},
		CustomizeDiff: customdiff.All(
			freeTierSize,
			customdiff.IfValueChange("tier", func(ctx context.Context, old, new, meta any) bool { return true }, renumber),
			func(ctx context.Context, d *schema.ResourceDiff, meta any) error {
				if d.HasChange("tier") {
					return d.SetNewComputed("address") // Computed: fine
				}
				return d.Clear("disk.0.name") // want `PLAN-2: d.Clear\("disk.0.name"\) in the CustomizeDiff of resourceServer: "disk.0.name" is not Computed`
			},
			nestedKey,
			viaHelper,
		),
	}
}

func freeTierSize(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.Get("tier").(string) == "free" {
		return d.SetNew("size", 1) // want `PLAN-2: d.SetNew\("size"\) in the CustomizeDiff of resourceServer: "size" is not Computed, so the SDK refuses it at plan time`
	}
	return d.SetNew("label", "paid") // Optional+Computed: fine
}

func renumber(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	return d.SetNewComputed("tier") // want `PLAN-2: d.SetNewComputed\("tier"\)`
}

func nestedKey(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	return d.SetNewComputed("disk.0.id") // want `only accepts a top-level attribute`
}

func viaHelper(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	return setLabel(d)
}

func setLabel(d *schema.ResourceDiff) error {
	if err := d.SetNew("label", "x"); err != nil {
		return err
	}
	return d.SetNew("missing", "x") // want `"missing" is not in the schema`
}

// --- safe idioms ---

// Another resource whose schema makes "size" Computed: the same key is fine.
func resourceVolume() *schema.Resource {
	return &schema.Resource{
		ReadContext: read,
		Schema: map[string]*schema.Schema{
			"size": {Type: schema.TypeInt, Optional: true, Computed: true},
			"tags": {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
		CustomizeDiff: func(ctx context.Context, d *schema.ResourceDiff, meta any) error {
			if v, ok := d.GetOk("size"); ok && v.(int) < 10 {
				if err := d.SetNew("size", 10); err != nil {
					return err
				}
			}
			if err := d.ForceNew("tags"); err != nil { // ForceNew accepts any attribute
				return err
			}
			for _, key := range d.GetChangedKeysPrefix("") {
				if err := d.SetNew(key, nil); err != nil { // key not constant: not decided
					return err
				}
			}
			return nil
		},
	}
}

// Unused by any resource: its keys are not checked.
func orphan(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	return d.SetNew("nothing", 1)
}

func read(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }
