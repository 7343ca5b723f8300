package fw

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"

	"fixtures/base"
)

type flags struct{ base.Resource }

func (flags) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"region":   schema.StringAttribute{Optional: true, Default: stringdefault.StaticString("us")}, // want `SCHEMA-2: flags: attribute "region" has a Default but is not Computed`
			"zone":     schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("a")},
			"both":     schema.StringAttribute{Required: true, Computed: true}, // want `SCHEMA-1: flags: attribute "both" is Required and also Computed`
			"nothing":  schema.StringAttribute{Description: "forgot the flags"}, // want `SCHEMA-1: flags: attribute "nothing" is none of Required, Optional, Computed`
			"password": schema.StringAttribute{Optional: true, Sensitive: true, WriteOnly: true},
			"token":    schema.StringAttribute{Optional: true, Computed: true, WriteOnly: true}, // want `SCHEMA-2: flags: attribute "token" is WriteOnly and Computed`
			"secrets": schema.SetNestedAttribute{
				Optional: true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"value": schema.StringAttribute{Optional: true, WriteOnly: true}, // want `SCHEMA-2: flags: attribute "value" is WriteOnly inside a set`
					"name":  schema.StringAttribute{Required: true},
				}},
			},
			"shared": sharedAttr(), // want `SCHEMA-2: flags: attribute "shared" has a Default but is not Computed`
		},
		Blocks: map[string]schema.Block{
			"rule": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
				"port": schema.Int64Attribute{Required: true, Optional: true}, // want `SCHEMA-1: flags: attribute "port" is Required and also Optional`
			}}},
		},
	}
}

func sharedAttr() schema.StringAttribute {
	return schema.StringAttribute{Optional: true, Default: stringdefault.StaticString("x")}
}

// Safe: flags taken from a parameter are not guessed at.
type fromParam struct{ base.Resource }

func (fromParam) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"name": nameAttr(true)}}
}

func nameAttr(required bool) schema.StringAttribute {
	return schema.StringAttribute{Required: required, Optional: !required}
}
