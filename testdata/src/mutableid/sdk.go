package mutableid

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type client struct{}

func (client) Create(project, key, value string) (string, error) { return "42", nil }
func (client) Update(project, key, value string) error           { return nil }
func (client) Get(project, key string) (string, error)           { return "", nil }

func buildTwoPartID(a, b *string) string { return *a + ":" + *b }

func parseTwoPartID(id string) (string, string) {
	p, k, _ := strings.Cut(id, ":")
	return p, k
}

func resourceVariable() *schema.Resource {
	return &schema.Resource{
		CreateContext: variableCreate,
		ReadContext:   variableRead,
		UpdateContext: variableUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "project" of resourceVariable can change in place \(Required, not ForceNew\), but Create builds the resource ID from it and variableUpdate never sets a new one`
			"key":     {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "key" of resourceVariable can change in place`
			"value":   {Type: schema.TypeString, Required: true},
		},
	}
}

func variableCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	project := d.Get("project").(string)
	key := d.Get("key").(string)
	if _, err := m.(client).Create(project, key, d.Get("value").(string)); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(buildTwoPartID(&project, &key))
	return variableRead(ctx, d, m)
}

func variableRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	project, key := parseTwoPartID(d.Id())
	v, err := m.(client).Get(project, key)
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("project", project)
	d.Set("key", key)
	d.Set("value", v)
	return nil
}

func variableUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := m.(client).Update(d.Get("project").(string), d.Get("key").(string), d.Get("value").(string)); err != nil {
		return diag.FromErr(err)
	}
	return variableRead(ctx, d, m)
}

func variableDelete(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

// Safe: the ID comes from the API; project is ForceNew; Update renames and
// sets the new ID; Read looks the object up by its attributes.
func resourceSafe() *schema.Resource {
	return &schema.Resource{
		CreateContext: safeCreate,
		ReadContext:   safeRead,
		UpdateContext: safeUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true, ForceNew: true},
			"key":     {Type: schema.TypeString, Required: true},
			"value":   {Type: schema.TypeString, Required: true},
		},
	}
}

func safeCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := m.(client).Create(d.Get("project").(string), d.Get("key").(string), d.Get("value").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	return nil
}

func safeRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	v, err := m.(client).Get(d.Get("project").(string), d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("value", v)
	return nil
}

func safeUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(m.(client).Update(d.Get("project").(string), d.Get("key").(string), d.Get("value").(string)))
}

// Safe: Update gives the resource its new ID.
func resourceRenamed() *schema.Resource {
	return &schema.Resource{
		CreateContext: renamedCreate,
		ReadContext:   variableRead,
		UpdateContext: renamedUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true, ForceNew: true},
			"key":     {Type: schema.TypeString, Required: true},
			"value":   {Type: schema.TypeString, Required: true},
		},
	}
}

func renamedCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId(fmt.Sprintf("%s:%s", d.Get("project").(string), d.Get("key").(string)))
	return nil
}

func renamedUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if d.HasChange("key") {
		d.SetId(fmt.Sprintf("%s:%s", d.Get("project").(string), d.Get("key").(string)))
	}
	return nil
}

// Safe: Read does nothing with the ID (an action run on apply): the ID is a label.
func resourceAction() *schema.Resource {
	return &schema.Resource{
		CreateContext: renamedCreate,
		ReadContext:   func(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil },
		UpdateContext: safeUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"project": {Type: schema.TypeString, Required: true},
			"key":     {Type: schema.TypeString, Required: true},
			"value":   {Type: schema.TypeString, Required: true},
		},
	}
}
