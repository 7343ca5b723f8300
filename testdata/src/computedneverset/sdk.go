package computedneverset

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type server struct {
	ID, Name, Fingerprint, Status, Region string
}

func get(id string) (*server, error) { return &server{ID: id}, nil }

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_server": {CreateContext: create, ReadContext: read, UpdateContext: update, DeleteContext: del,
			Importer: &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
			Schema: map[string]*schema.Schema{
				"name": {Type: schema.TypeString, Required: true},
				// The bug: offered, never filled.
				"fingerprint": {Type: schema.TypeString, Computed: true}, // want `APPLY-1: "fingerprint" of x_server is Computed, but no function of the resource sets it`
				// Safe: Read sets it.
				"status": {Type: schema.TypeString, Computed: true},
				// Safe: set through a map a helper ranges over.
				"region": {Type: schema.TypeString, Computed: true},
				// The bug: Optional+Computed, neither sent nor read back.
				"tier": {Type: schema.TypeString, Optional: true, Computed: true}, // want `APPLY-1: "tier" of x_server is Optional and Computed, but no function of the resource sets it`
				// Safe: sent by Create, read back by Read.
				"size": {Type: schema.TypeString, Optional: true, Computed: true},
				// Safe: a delete-time option, used as configured.
				"force_delete": {Type: schema.TypeBool, Optional: true, Computed: true},
				// Safe: a secret kept as configured.
				"token": {Type: schema.TypeString, Optional: true, Computed: true, Sensitive: true},
				// Safe: deprecated, left empty on purpose.
				"legacy_ip": {Type: schema.TypeString, Computed: true, Deprecated: "use ip"},
			}},
		// Safe: d.Set with a key built at run time may set any attribute.
		"x_dynamic": {CreateContext: create, ReadContext: readDynamic, DeleteContext: del,
			Schema: map[string]*schema.Schema{
				"name":  {Type: schema.TypeString, Required: true, ForceNew: true},
				"label": {Type: schema.TypeString, Computed: true},
			}},
		// Safe: CustomizeDiff plans it.
		"x_planned": {CreateContext: create, ReadContext: readName, DeleteContext: del, CustomizeDiff: plan,
			Schema: map[string]*schema.Schema{
				"name":    {Type: schema.TypeString, Required: true, ForceNew: true},
				"version": {Type: schema.TypeInt, Computed: true},
			}},
	}}
}

func create(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_ = d.Get("size").(string)
	d.SetId(d.Get("name").(string))
	return read(ctx, d, m)
}

func read(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	s, err := get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if err := d.Set("name", s.Name); err != nil {
		return diag.FromErr(err)
	}
	d.Set("status", s.Status)
	d.Set("size", s.Status)
	setAll(d, map[string]any{"region": s.Region})
	return nil
}

func setAll(d *schema.ResourceData, kv map[string]any) {
	for k, v := range kv {
		d.Set(k, v)
	}
}

func readDynamic(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	s, err := get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	for i, v := range []string{s.Name, s.Status} {
		d.Set(fmt.Sprint("f", i), v)
	}
	return nil
}

func readName(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return nil
}

func plan(ctx context.Context, d *schema.ResourceDiff, m any) error {
	if d.HasChange("name") {
		return d.SetNewComputed("version")
	}
	return nil
}

func update(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return read(ctx, d, m)
}

func del(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if d.Get("force_delete").(bool) {
		return nil
	}
	return nil
}
