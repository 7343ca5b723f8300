package mutableid

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A project's auditing settings, named by the project: the ID is the
// project, and Update configures the project in the ID. A change of project
// is planned in place and never reaches any object.

type auditClient struct{}

func (auditClient) Configure(project string, enabled bool) error { return nil }
func (auditClient) Get(project string) (bool, error)             { return false, nil }

func resourceAuditing() *schema.Resource {
	return &schema.Resource{
		CreateContext: auditingCreate,
		ReadContext:   auditingRead,
		UpdateContext: auditingUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project_id": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "project_id" of resourceAuditing can change in place \(Required, not ForceNew\), but Create builds the resource ID from it and auditingUpdate neither reads it nor sets a new ID`
			"enabled":    {Type: schema.TypeBool, Optional: true},
		},
	}
}

func auditingCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	project := d.Get("project_id").(string)
	if err := m.(auditClient).Configure(project, d.Get("enabled").(bool)); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(project)
	return auditingRead(ctx, d, m)
}

func auditingRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	enabled, err := m.(auditClient).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("enabled", enabled)
	return nil
}

func auditingUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(m.(auditClient).Configure(d.Id(), d.Get("enabled").(bool)))
}

// Safe: a new project replaces the settings.
func resourceAuditingForceNew() *schema.Resource {
	return &schema.Resource{
		CreateContext: auditingCreate,
		ReadContext:   auditingRead,
		UpdateContext: auditingUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"enabled":    {Type: schema.TypeBool, Optional: true},
		},
	}
}

// Safe: Update moves the settings and gives the resource its new ID.
func resourceAuditingMoved() *schema.Resource {
	return &schema.Resource{
		CreateContext: auditingCreate,
		ReadContext:   auditingRead,
		UpdateContext: auditingMove,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project_id": {Type: schema.TypeString, Required: true},
			"enabled":    {Type: schema.TypeBool, Optional: true},
		},
	}
}

func auditingMove(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	project := d.Get("project_id").(string)
	if err := m.(auditClient).Configure(project, d.Get("enabled").(bool)); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(project)
	return nil
}
