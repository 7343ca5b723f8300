// Package sdkres defines an SDK resource whose schema lives in package schemas.
package sdkres

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/crosspkg/schemas"
)

func create(_ context.Context, d *schema.ResourceData, _ any) diag.Diagnostics { d.SetId("id"); return nil }

func gadget() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   create,
		UpdateContext: create, // want `SCHEMA-3: gadget uses its Create function sdkres.create as UpdateContext and nothing is ForceNew, but "labels", "labels.key", "name" are not ForceNew`
		DeleteContext: create,
		Schema:        schemas.Gadget(),
	}
}
