package stalecomputed

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type repo struct{ Owner, Name, Slug, Plan, PlanID, Mode, Summary string }

func getRepo(ctx context.Context, id string) (*repo, error)  { return &repo{}, nil }
func editRepo(ctx context.Context, id string, r *repo) error { return nil }

// A rename in place gives the repository a new full name; a new plan name
// resolves to another plan id; a new mode to another resolved mode. The
// Update sends every setting without testing which changed.
func resourceRepository() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRepository,
		UpdateContext: updateRepository,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":                    {Type: schema.TypeString, Required: true},
			"full_name":               {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "full_name" of resourceRepository is derived from "name" by name, but when "name" changes in place the plan keeps its prior value`
			"plan_name":               {Type: schema.TypeString, Optional: true},
			"plan_id":                 {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "plan_id" of resourceRepository is derived from "plan_name"`
			"execution_mode":          {Type: schema.TypeString, Optional: true},
			"resolved_execution_mode": {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "resolved_execution_mode" of resourceRepository is derived from "execution_mode"`
			// A slug the API keeps apart: a rename may keep it (not related
			// by name, and saved from another field).
			"slug": {Type: schema.TypeString, Computed: true},
			// The user may set it: a setting of its own.
			"region_name": {Type: schema.TypeString, Optional: true},
			"region_id":   {Type: schema.TypeString, Optional: true, Computed: true},
			// Not a qualifier of derivation.
			"description":       {Type: schema.TypeString, Optional: true},
			"short_description": {Type: schema.TypeString, Computed: true},
		},
	}
}

func readRepository(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	r, err := getRepo(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", r.Name)
	d.Set("full_name", r.Owner+"/"+r.Name)
	d.Set("plan_name", r.Plan)
	d.Set("plan_id", r.PlanID)
	d.Set("execution_mode", r.Mode)
	d.Set("resolved_execution_mode", r.Mode)
	d.Set("slug", r.Slug)
	d.Set("region_id", r.Plan)
	d.Set("short_description", r.Summary)
	return nil
}

func updateRepository(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	r := &repo{Name: d.Get("name").(string), Plan: d.Get("plan_name").(string), Mode: d.Get("execution_mode").(string)}
	if err := editRepo(ctx, d.Id(), r); err != nil {
		return diag.FromErr(err)
	}
	return readRepository(ctx, d, meta)
}

// The fix: the CustomizeDiff marks each derived output when its source
// changes.
func resourceRepositoryFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRepository,
		UpdateContext: updateRepository,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":                    {Type: schema.TypeString, Required: true},
			"full_name":               {Type: schema.TypeString, Computed: true},
			"plan_name":               {Type: schema.TypeString, Optional: true},
			"plan_id":                 {Type: schema.TypeString, Computed: true},
			"execution_mode":          {Type: schema.TypeString, Optional: true},
			"resolved_execution_mode": {Type: schema.TypeString, Computed: true},
			"slug":                    {Type: schema.TypeString, Computed: true},
		},
		CustomizeDiff: customdiff.All(
			customdiff.ComputedIf("full_name", nameChanged),
			markDerived,
		),
	}
}

func nameChanged(ctx context.Context, d *schema.ResourceDiff, meta any) bool {
	return d.HasChange("name")
}

func markDerived(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.HasChange("plan_name") {
		if err := d.SetNewComputed("plan_id"); err != nil {
			return err
		}
	}
	if d.HasChange("execution_mode") {
		return d.SetNewComputed("resolved_execution_mode")
	}
	return nil
}

// Safe: a new name or plan replaces the repository, so every Computed
// value is unknown in the plan.
func resourceRepositoryReplaced() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readRepository,
		UpdateContext: updateRepository,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":      {Type: schema.TypeString, Required: true, ForceNew: true},
			"full_name": {Type: schema.TypeString, Computed: true},
			"slug":      {Type: schema.TypeString, Computed: true},
			"plan_name": {Type: schema.TypeString, Optional: true, ForceNew: true},
			"plan_id":   {Type: schema.TypeString, Computed: true},
		},
	}
}

// Safe: the certificate's own identifier, which a rename keeps.
func resourceCertificate() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readCertificate,
		UpdateContext: updateCertificate,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"certificate_name": {Type: schema.TypeString, Required: true},
			"certificate_id":   {Type: schema.TypeString, Computed: true},
		},
	}
}

func readCertificate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	r, err := getRepo(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("certificate_name", r.Name)
	d.Set("certificate_id", r.PlanID)
	return nil
}

func updateCertificate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if d.HasChange("certificate_name") {
		if err := editRepo(ctx, d.Id(), &repo{Name: d.Get("certificate_name").(string)}); err != nil {
			return diag.FromErr(err)
		}
	}
	return readCertificate(ctx, d, meta)
}
