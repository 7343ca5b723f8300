// Package clean is a provider with nothing to report (exit codes of
// cmd/tflifecyclelint, -debug-model included).
package clean

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func create(_ context.Context, d *schema.ResourceData, _ any) diag.Diagnostics {
	d.SetId("id")
	return nil
}

func noop(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

func widget() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   noop,
		DeleteContext: noop,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}
