package importidindex

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_role":      {CreateContext: create, ReadContext: read, DeleteContext: remove, Schema: roleSchema(), Importer: &schema.ResourceImporter{StateContext: importRole}},
		"x_role_ok":   {CreateContext: create, ReadContext: read, DeleteContext: remove, Schema: roleSchema(), Importer: &schema.ResourceImporter{StateContext: importRoleOK}},
		"x_two_forms": {CreateContext: create, ReadContext: read, DeleteContext: remove, Schema: roleSchema(), Importer: &schema.ResourceImporter{StateContext: importTwoForms}},
		"x_policy":    {CreateContext: create, ReadContext: read, DeleteContext: remove, Schema: roleSchema(), Importer: &schema.ResourceImporter{StateContext: importPolicy}},
	}}
}

func roleSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"realm":  {Type: schema.TypeString, Required: true, ForceNew: true},
		"client": {Type: schema.TypeString, Required: true, ForceNew: true},
		"role":   {Type: schema.TypeString, Required: true, ForceNew: true},
	}
}

func create(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }
func read(context.Context, *schema.ResourceData, any) diag.Diagnostics   { return nil }
func remove(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

// The ID has four parts, the check asks for three.
func importRole(_ context.Context, d *schema.ResourceData, _ any) ([]*schema.ResourceData, error) {
	parts := strings.Split(d.Id(), "/")
	if len(parts) != 3 {
		return nil, fmt.Errorf("expected realm/client/id/role, got %q", d.Id())
	}
	d.Set("realm", parts[0])
	d.Set("client", parts[1])
	d.Set("role", parts[3]) // want `IMPORT-1: import of x_role reads part \[3\] of a value it has just checked has exactly 3 parts`
	d.SetId(parts[2])
	return []*schema.ResourceData{d}, nil
}

func importRoleOK(_ context.Context, d *schema.ResourceData, _ any) ([]*schema.ResourceData, error) {
	parts := strings.Split(d.Id(), "/")
	if len(parts) != 4 {
		return nil, fmt.Errorf("expected realm/client/id/role, got %q", d.Id())
	}
	d.Set("realm", parts[0])
	d.Set("client", parts[1])
	d.Set("role", parts[3])
	d.SetId(parts[2])
	return []*schema.ResourceData{d}, nil
}

// Quiet: two accepted forms; the fourth part is read only when there are four.
func importTwoForms(_ context.Context, d *schema.ResourceData, _ any) ([]*schema.ResourceData, error) {
	parts := strings.Split(d.Id(), "/")
	if len(parts) != 3 && len(parts) != 4 {
		return nil, fmt.Errorf("unexpected ID %q", d.Id())
	}
	d.Set("realm", parts[0])
	if len(parts) == 4 {
		d.Set("role", parts[3])
	}
	return []*schema.ResourceData{d}, nil
}

// The happy path inside the test: the index is one past the end.
func importPolicy(_ context.Context, d *schema.ResourceData, _ any) ([]*schema.ResourceData, error) {
	parts := strings.SplitN(d.Id(), ":", 3)
	if len(parts) == 3 {
		d.Set("realm", parts[0])
		d.Set("client", parts[1])
		d.SetId(parts[3]) // want `IMPORT-1: import of x_policy reads part \[3\]`
		return []*schema.ResourceData{d}, nil
	}
	return nil, fmt.Errorf("unexpected ID %q", d.Id())
}
