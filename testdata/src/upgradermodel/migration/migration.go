// Package migration builds a resource's state upgraders apart from the
// resource, each saving a model type declared inside the upgrader.
package migration

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var v0 = &schema.Schema{Attributes: map[string]schema.Attribute{
	"id":   schema.StringAttribute{Computed: true},
	"name": schema.StringAttribute{Required: true},
}}

// WidgetV0ToV1 forgets "tags", which version 1 added.
func WidgetV0ToV1(ctx context.Context) resource.StateUpgrader {
	return resource.StateUpgrader{
		PriorSchema: v0,
		StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			type oldModel struct {
				ID   types.String `tfsdk:"id"`
				Name types.String `tfsdk:"name"`
			}
			type newModel struct {
				ID   types.String `tfsdk:"id"`
				Name types.String `tfsdk:"name"`
			}
			var old oldModel
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, newModel{ID: old.ID, Name: old.Name})...)
		},
	}
}

// WidgetV0ToV1Fixed saves every attribute of version 1.
func WidgetV0ToV1Fixed(ctx context.Context) resource.StateUpgrader {
	return resource.StateUpgrader{
		PriorSchema: v0,
		StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			type newModel struct {
				ID   types.String `tfsdk:"id"`
				Name types.String `tfsdk:"name"`
				Tags types.Map    `tfsdk:"tags"`
			}
			m := newModel{Tags: types.MapNull(types.StringType)}
			resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &m.ID)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
		},
	}
}

// WidgetV0 is the state at version 0.
type WidgetV0 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

// UpgradeV0 is an upgrader itself, named by value in UpgradeState; it
// saves the prior model back.
func UpgradeV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var m WidgetV0
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// UpgradeV0ViaHelper hands the response to a helper that saves the prior
// model.
func UpgradeV0ViaHelper(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var m WidgetV0
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	save(ctx, m, resp)
}

func save(ctx context.Context, m WidgetV0, resp *resource.UpgradeStateResponse) {
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}
