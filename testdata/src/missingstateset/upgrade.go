package missingstateset

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

type upgraded struct{ actionFixed }

type oldModel struct {
	ID types.String `tfsdk:"id"`
}

func (upgraded) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 2, Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
	}}
}

func (r upgraded) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	prior := &schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
	return map[int64]resource.StateUpgrader{
		// Forgets the state when the old ID is empty.
		0: {PriorSchema: prior, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old oldModel
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			if resp.Diagnostics.HasError() {
				return
			}
			if old.ID.ValueString() == "" {
				return // want `UPGRADE-2: a state upgrader of upgraded can return without an error and without setting resp.State or resp.DynamicValue`
			}
			// Safe: the conversion's diagnostics are handed on first.
			_, diags := types.ListValueFrom(ctx, types.StringType, []string{old.ID.ValueString()})
			resp.Diagnostics.Append(diags...)
			if diags.HasError() {
				return
			}
			// The error of this conversion is dropped: the return is a success.
			_, convDiags := types.SetValueFrom(ctx, types.StringType, []string{old.ID.ValueString()})
			if convDiags.HasError() {
				return // want `UPGRADE-2: a state upgrader of upgraded can return without an error`
			}
			resp.Diagnostics.Append(resp.State.Set(ctx, model{ID: old.ID})...)
		}},
		// Raw JSON upgraded into DynamicValue: a write.
		1: {StateUpgrader: r.fromRaw},
	}
}

func (upgraded) fromRaw(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	resp.DynamicValue = &tfprotov6.DynamicValue{JSON: req.RawState.JSON}
}
