package parentkey

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/parentkey/api"
)

func create(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("1")
	return nil
}

func remove(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

func read(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, _ := strconv.Atoi(d.Id())
	s, err := m.(*api.Client).GetSchedule(d.Get("project").(string), id)
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("cron", s.Cron)
	return nil
}

func schemaMap(forceNew bool) map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"project": {Type: schema.TypeString, Required: true, ForceNew: forceNew},
		"cron":    {Type: schema.TypeString, Required: true},
	}
}

// Update edits the schedule under the project in the configuration: after a
// change of project it asks for a schedule that is not there.
func resourceSchedule() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: update, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "project" of resourceSchedule can change in place \(Required, not ForceNew\), but Update only uses it to address the object beside its ID \(EditSchedule\)`
			"cron":    {Type: schema.TypeString, Required: true},
		}}
}

func update(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, _ := strconv.Atoi(d.Id())
	cron := d.Get("cron").(string)
	_, err := m.(*api.Client).EditSchedule(d.Get("project").(string), id, &api.EditOptions{Cron: &cron})
	return diag.FromErr(err)
}

// The same through a path built from the project and the ID.
func resourcePath() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: updatePath, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "project" of resourcePath can change in place`
			"cron":    {Type: schema.TypeString, Required: true},
		}}
}

func updatePath(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	path := fmt.Sprintf("/projects/%s/schedules/%s", d.Get("project").(string), d.Id())
	return diag.FromErr(m.(*api.Client).Do(path, map[string]any{"cron": d.Get("cron")}))
}

// The project handed as an untyped ID (pid any), and Update ending with a
// Read that looks the object up again.
func resourceTrigger() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: updateTrigger, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "project" of resourceTrigger can change in place`
			"cron":    {Type: schema.TypeString, Required: true},
		}}
}

func updateTrigger(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, _ := strconv.Atoi(d.Id())
	if err := m.(*api.Client).EditTrigger(d.Get("project").(string), id, d.Get("cron").(string)); err != nil {
		return diag.FromErr(err)
	}
	return read(ctx, d, m)
}

// --- safe idioms ---

// ForceNew: a new project replaces the schedule.
func resourceForceNew() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: update, DeleteContext: remove,
		Schema: schemaMap(true)}
}

// Update moves the schedule when the project changes.
func resourceMoved() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: updateMoves, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true},
			"cron":    {Type: schema.TypeString, Required: true},
		}}
}

func updateMoves(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, _ := strconv.Atoi(d.Id())
	c := m.(*api.Client)
	if d.HasChange("project") {
		if err := c.MoveSchedule(id, d.Get("project").(string)); err != nil {
			return diag.FromErr(err)
		}
	}
	cron := d.Get("cron").(string)
	_, err := c.EditSchedule(d.Get("project").(string), id, &api.EditOptions{Cron: &cron})
	return diag.FromErr(err)
}

// The project is sent in the request body: the API moves the schedule.
func resourceSent() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: updateSends, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true},
			"cron":    {Type: schema.TypeString, Required: true},
		}}
}

func updateSends(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, _ := strconv.Atoi(d.Id())
	cron, project := d.Get("cron").(string), d.Get("project").(string)
	_, err := m.(*api.Client).EditSchedule(project, id, &api.EditOptions{Cron: &cron, Project: &project})
	return diag.FromErr(err)
}
