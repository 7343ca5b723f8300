// Package gcl is what the custom golangci-lint smoke run checks //nolint on.
package gcl

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func create(_ context.Context, d *schema.ResourceData, _ any) diag.Diagnostics { d.SetId("id"); return nil }

func reported() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   create,
		DeleteContext: create,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}},
	}
}

//nolint:missingforcenew // fixture: golangci-lint honours nolint per check
func silenced() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   create,
		DeleteContext: create,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}},
	}
}
