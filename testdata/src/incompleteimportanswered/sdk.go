// Package incompleteimportanswered holds fixtures for
// -incompleteimport.answered: Read never sets an attribute the object it
// fetched holds.
package incompleteimportanswered

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// Policy is what the API answers.
type Policy struct {
	Name     string
	Priority string
	Labels   []string
}

type client struct{}

func (client) GetPolicy(ctx context.Context, id string) (*Policy, error) { return nil, errors.New("x") }

func resourcePolicy() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   read,
		DeleteContext: create,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"name":     {Type: schema.TypeString, Required: true, ForceNew: true},
			"priority": {Type: schema.TypeString, Optional: true, ForceNew: true},
			"labels":   {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"notes":    {Type: schema.TypeString, Optional: true, ForceNew: true}, // not in the answer: Read cannot fill it
		},
	}
}

func create(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("x")
	return nil
}

func read(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: resourcePolicy is imported with ImportStatePassthrough, which sets only the ID, but its Read never sets "priority" \(the answer's Priority\), though the object it fetches holds it`
	p, err := m.(client).GetPolicy(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", p.Name)
	d.Set("labels", p.Labels)
	return nil
}
