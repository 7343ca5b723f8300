package harness

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"fixtures/base"
)

// Reported only with -providermodel.tests.
type harnessOnly struct{ base.Resource }

func (harnessOnly) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    3, // want `SCHEMA-4: harnessOnly has schema Version 3 but no UpgradeState method`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}
