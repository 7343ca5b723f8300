package forcenew

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func create(_ context.Context, d *schema.ResourceData, _ any) diag.Diagnostics { d.SetId("id"); return nil }

func readNamespace(_ context.Context, d *schema.ResourceData, _ any) diag.Diagnostics {
	d.Set("namespace_id", "ns")
	return nil
}

func namespace() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		UpdateContext: create, // want `SCHEMA-3: namespace uses its Create function`
		ReadContext:   readNamespace,
		DeleteContext: create,
		Schema: map[string]*schema.Schema{
			"path": {
				Type:     schema.TypeString,
				Required: true,
			},
			"namespace_id": {Type: schema.TypeString, Computed: true},
		},
	}
}

func bucket() *schema.Resource {
	return &schema.Resource{ // want `SCHEMA-3: bucket has no Update function`
		CreateContext: create,
		ReadContext:   create,
		DeleteContext: create,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"port": {Type: schema.TypeInt, Optional: true},
			}}},
		},
	}
}
