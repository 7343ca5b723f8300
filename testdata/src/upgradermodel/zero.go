package upgradermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Version 1 of an app: the prior state had no "groups", "labels" or "network".
func appSchema() schema.Schema {
	return schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id":     schema.StringAttribute{Computed: true},
		"name":   schema.StringAttribute{Required: true},
		"groups": schema.SetAttribute{ElementType: types.StringType, Optional: true},
		"labels": schema.MapAttribute{ElementType: types.StringType, Optional: true},
		"network": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"cidr": schema.StringAttribute{Optional: true},
		}},
	}}
}

type appV0 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

// runtime is embedded without a tag: its fields are the app's attributes.
type runtime struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Groups types.Set    `tfsdk:"groups"`
}

type app struct {
	runtime
	Labels  types.Map    `tfsdk:"labels"`
	Network types.Object `tfsdk:"network"`
}

var networkTypes = map[string]attr.Type{"cidr": types.StringType}

type appBase struct{ base }

func (appBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = appSchema()
}

// The current model built as a literal from the prior one, new collections
// left out: each is a zero value with no element type.
type literalOmits struct{ appBase }

func (literalOmits) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old appV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			if resp.Diagnostics.HasError() {
				return
			}
			upgraded := app{
				runtime: runtime{ID: old.ID, Name: old.Name},
				Network: types.ObjectNull(networkTypes),
			}
			resp.Diagnostics.Append(resp.State.Set(ctx, upgraded)...) // want `UPGRADE-2: a state upgrader of literalOmits saves app without setting runtime.Groups \("groups"\), Labels \("labels"\): a list, set, map or object value left at its Go zero value has no element or attribute types, so resp.State.Set fails`
		}},
	}
}

// By pointer, filled field by field after a var declaration.
type fieldByField struct{ appBase }

func (fieldByField) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old appV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			var upgraded app
			upgraded.ID = old.ID
			upgraded.Name = old.Name
			upgraded.Groups = types.SetNull(types.StringType)
			upgraded.Labels = types.MapNull(types.StringType)
			resp.Diagnostics.Append(resp.State.Set(ctx, &upgraded)...) // want `saves app without setting Network \("network"\): a list, set, map or object value left at its Go zero value has no element or attribute types, so .*types.ObjectNull\(attrTypes\)`
		}},
	}
}

// Every collection set to a typed null: quiet.
type allNull struct{ appBase }

func (allNull) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old appV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			upgraded := &app{
				runtime: runtime{ID: old.ID, Name: old.Name, Groups: types.SetNull(types.StringType)},
				Labels:  types.MapNull(types.StringType),
				Network: types.ObjectNull(networkTypes),
			}
			resp.Diagnostics.Append(resp.State.Set(ctx, upgraded)...)
		}},
	}
}

// The literal handed to a helper that may fill it, or the embedded struct
// assigned whole: quiet.
type filledElsewhere struct{ appBase }

func fillCollections(m *app) {
	m.Groups = types.SetNull(types.StringType)
	m.Labels = types.MapNull(types.StringType)
	m.Network = types.ObjectNull(networkTypes)
}

func (filledElsewhere) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old appV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			upgraded := app{runtime: runtime{ID: old.ID, Name: old.Name}}
			fillCollections(&upgraded)
			resp.Diagnostics.Append(resp.State.Set(ctx, upgraded)...)
		}},
		1: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var current app
			resp.Diagnostics.Append(req.State.Get(ctx, &current)...)
			upgraded := app{Labels: types.MapNull(types.StringType), Network: types.ObjectNull(networkTypes)}
			upgraded.runtime = current.runtime
			resp.Diagnostics.Append(resp.State.Set(ctx, upgraded)...)
		}},
	}
}

// Only scalar attributes left out (a zero types.String is null): quiet.
type scalarsOmitted struct{ base }

type scalarModel struct {
	ID    types.String `tfsdk:"id"`
	Name  types.String `tfsdk:"name"`
	Notes types.String `tfsdk:"notes"`
}

func (scalarsOmitted) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"name":  schema.StringAttribute{Required: true},
		"notes": schema.StringAttribute{Optional: true},
	}}
}

func (scalarsOmitted) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old appV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, scalarModel{ID: old.ID, Name: old.Name})...)
		}},
	}
}

// A custom list type whose Type method does not depend on the value: its
// zero value converts, so leaving it out is not reported.
type stringList struct{ basetypes.ListValue }

func (stringList) Type(context.Context) attr.Type { return types.ListType{ElemType: types.StringType} }

type customModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	Tags stringList   `tfsdk:"tags"`
}

type customOmitted struct{ base }

func (customOmitted) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
		"tags": schema.ListAttribute{ElementType: types.StringType, Optional: true},
	}}
}

func (customOmitted) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old appV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, customModel{ID: old.ID, Name: old.Name})...)
		}},
	}
}
