package fw

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"fixtures/base"
)

// A family of resources versioned together through one constant, with no
// upgrader: those released before the family reached Version 3 strand
// their state, those added since have none older. One finding names them.
const familyVersion = 3

type remoteAlpha struct{ base.Resource }

func (remoteAlpha) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    familyVersion, // want `SCHEMA-4: 3 resources take schema Version 3 from fw.familyVersion and have no UpgradeState method \(remoteAlpha, remoteBeta, remoteGamma\)`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

type remoteBeta struct{ base.Resource }

func (remoteBeta) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    familyVersion,
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

type remoteGamma struct{ base.Resource }

func (remoteGamma) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    familyVersion,
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

// The same through one schema builder with a literal Version.
type hookAlpha struct{ base.Resource }

func (hookAlpha) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = hookSchema()
}

type hookBeta struct{ base.Resource }

func (hookBeta) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = hookSchema()
}

func hookSchema() schema.Schema {
	return schema.Schema{
		Version:    2, // want `SCHEMA-4: 2 resources take schema Version 2 from the same schema builder and have no UpgradeState method \(hookAlpha, hookBeta\)`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}
