package schemaflags

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"

	"fixtures/base"
)

type thing struct{ base.Resource }

func (thing) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"region": schema.StringAttribute{Optional: true, Default: stringdefault.StaticString("us")}, // want `SCHEMA-2: thing: attribute "region" has a Default`
		"zone": schema.StringAttribute{ // want `SCHEMA-2: thing: attribute "zone" has a Default`
			Optional: true,
			Default:  stringdefault.StaticString("a"),
		},
		"token": schema.StringAttribute{ // want `SCHEMA-2: thing: attribute "token" is WriteOnly and Computed`
			Optional:  true,
			Computed:  true,
			WriteOnly: true,
		},
		"secret": schema.StringAttribute{Optional: true, Computed: true, WriteOnly: true}, // want `SCHEMA-2: thing: attribute "secret" is WriteOnly and Computed`
	}}
}
