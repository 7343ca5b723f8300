// Package fwres defines a framework resource whose schema lives in package schemas.
package fwres

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"fixtures/base"
	"fixtures/crosspkg/schemas"
)

type widget struct{ base.Resource } // want `SCHEMA-4: widget has schema Version 2 but no UpgradeState method`

func (widget) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schemas.Widget()
}
