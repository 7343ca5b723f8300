package stalecomputed

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type droplet struct {
	IPv6, Backup, Monitor string
	Region, Name          string
}

func getDroplet(ctx context.Context, id string) (*droplet, error) { return &droplet{}, nil }
func enable(ctx context.Context, id, feature string) error        { return nil }

// Enabling ipv6 or backups in place gives the server an address or a policy
// the plan still shows with its old value.
func resourceServer() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   read,
		UpdateContext: update,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"ipv6":           {Type: schema.TypeBool, Optional: true},
			"ipv6_address":   {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "ipv6_address" of resourceServer keeps its prior value in the plan when "ipv6" changes in place`
			"backups":        {Type: schema.TypeBool, Optional: true},
			"backups_policy": {Type: schema.TypeString, Optional: true, Computed: true}, // want `PLAN-9: Computed "backups_policy" of resourceServer keeps its prior value in the plan when "backups" changes`
			// Replaced, so every Computed value is unknown: fine.
			"region":    {Type: schema.TypeString, Required: true, ForceNew: true},
			"region_id": {Type: schema.TypeString, Computed: true},
			// Never set by the provider: nothing can go stale.
			"monitor":        {Type: schema.TypeBool, Optional: true},
			"monitor_status": {Type: schema.TypeString, Computed: true},
			// Not a Computed value.
			"name":        {Type: schema.TypeString, Optional: true},
			"name_suffix": {Type: schema.TypeString, Optional: true},
			// An action named after the value it changes.
			"password":       {Type: schema.TypeString, Computed: true, Sensitive: true}, // want `PLAN-9: Computed "password" of resourceServer keeps its prior value in the plan when "password_reset" changes in place`
			"password_reset": {Type: schema.TypeString, Optional: true},
		},
	}
}

func create(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return read(ctx, d, meta)
}

func read(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s, err := getDroplet(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("ipv6_address", s.IPv6)
	d.Set("region_id", s.Region)
	d.Set("name_suffix", s.Name)
	d.Set("password", s.Name)
	setBackups(d, s)
	return nil
}

func setBackups(d *schema.ResourceData, s *droplet) {
	d.Set("backups_policy", s.Backup)
}

func update(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if d.HasChange("ipv6") && d.Get("ipv6").(bool) {
		if err := enable(ctx, d.Id(), "ipv6"); err != nil {
			return diag.FromErr(err)
		}
	}
	if d.HasChanges("backups", "monitor", "region", "name") {
		if err := enable(ctx, d.Id(), "backups"); err != nil {
			return diag.FromErr(err)
		}
	}
	if d.HasChange("password_reset") {
		if err := enable(ctx, d.Id(), "reset"); err != nil {
			return diag.FromErr(err)
		}
	}
	return read(ctx, d, meta)
}

func remove(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }

// The fix: CustomizeDiff marks the address as changing when ipv6 turns on.
func resourceFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   read,
		UpdateContext: update,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"ipv6":           {Type: schema.TypeBool, Optional: true},
			"ipv6_address":   {Type: schema.TypeString, Computed: true},
			"backups":        {Type: schema.TypeBool, Optional: true},
			"backups_policy": {Type: schema.TypeString, Optional: true, Computed: true},
		},
		CustomizeDiff: customdiff.All(
			customdiff.IfValueChange("ipv6",
				func(ctx context.Context, old, new, meta any) bool { return !old.(bool) && new.(bool) },
				customdiff.ComputedIf("ipv6_address", func(ctx context.Context, d *schema.ResourceDiff, meta any) bool {
					return d.Get("ipv6").(bool)
				}),
			),
			markPolicy,
		),
	}
}

func markPolicy(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.HasChange("backups") {
		return d.SetNewComputed("backups_policy")
	}
	return nil
}

// An Update that tests no change: the only in-place attribute is an action
// on the password, which the update changes.
func resourceUser() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readUser,
		UpdateContext: resetPassword,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":           {Type: schema.TypeString, Required: true, ForceNew: true},
			"password":       {Type: schema.TypeString, Computed: true, Sensitive: true}, // want `PLAN-9: Computed "password" of resourceUser keeps its prior value in the plan when "password_reset" changes in place`
			"password_reset": {Type: schema.TypeString, Optional: true},
			// Not an action: a setting of its own, and never tested.
			"token":          {Type: schema.TypeString, Computed: true},
			"token_lifespan": {Type: schema.TypeString, Optional: true},
		},
	}
}

func readUser(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s, err := getDroplet(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("password", s.Name)
	d.Set("token", s.Name)
	return nil
}

func resetPassword(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := enable(ctx, d.Id(), "reset"); err != nil {
		return diag.FromErr(err)
	}
	return readUser(ctx, d, meta)
}

// A mark every change moves: the entity tag and the update time change
// whatever is updated in place.
func resourceRecord() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRecord,
		UpdateContext: updateRecord,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Optional: true},
			"etag":       {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "etag" of resourceRecord names a mark the remote system moves on every change`
			"updated_at": {Type: schema.TypeString, Computed: true, DiffSuppressFunc: func(_, _, _ string, _ *schema.ResourceData) bool { return true }},
		},
	}
}

func readRecord(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s, err := getDroplet(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", s.Name)
	d.Set("etag", s.Region)
	d.Set("updated_at", s.Region)
	return nil
}

func updateRecord(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if d.HasChange("name") {
		if err := enable(ctx, d.Id(), "name"); err != nil {
			return diag.FromErr(err)
		}
	}
	return readRecord(ctx, d, meta)
}

// Safe: the CustomizeDiff marks the tag as changing.
func resourceRecordMarked() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRecord,
		UpdateContext: updateRecord,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Optional: true},
			"etag": {Type: schema.TypeString, Computed: true},
		},
		CustomizeDiff: customdiff.ComputedIf("etag", func(ctx context.Context, d *schema.ResourceDiff, meta any) bool {
			return d.HasChange("name")
		}),
	}
}

// Safe: nothing changes in place.
func resourceRecordImmutable() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRecord,
		UpdateContext: updateRecord,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Optional: true, ForceNew: true},
			"etag": {Type: schema.TypeString, Computed: true},
		},
	}
}

// The mark saved through a map a helper ranges over.
func resourceRevisioned() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRevisioned,
		UpdateContext: updateRecord,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":     {Type: schema.TypeString, Optional: true},
			"revision": {Type: schema.TypeInt, Computed: true}, // want `PLAN-9: Computed "revision" of resourceRevisioned names a mark`
		},
	}
}

func readRevisioned(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s, err := getDroplet(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	setAll(d, map[string]any{"name": s.Name, "revision": len(s.Name)})
	return nil
}

func setAll(d *schema.ResourceData, attrs map[string]any) {
	for k, v := range attrs {
		d.Set(k, v)
	}
}
