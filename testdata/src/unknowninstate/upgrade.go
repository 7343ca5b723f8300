package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type upgraded struct{ fillsAll }

type modelV0 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

func (r upgraded) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	prior := &schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: prior, StateUpgrader: r.fromV0},
		1: {PriorSchema: prior, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var old modelV0
			resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, model{ID: old.ID, Name: old.Name, Status: types.StringNull(), CreatedAt: types.StringNull(), Region: types.StringValue("eu")})...)
		}},
	}
}

// Fills the new attributes with unknowns, hoping the next Read resolves them.
func (upgraded) fromV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var old modelV0
	resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
	m := model{ID: old.ID, Name: old.Name, Status: types.StringUnknown(), CreatedAt: types.StringNull(), Region: types.StringValue("eu")}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...) // want `UPGRADE-1: upgraded.UpgradeState can save an unknown value \(types.XxxUnknown\(\)\) as "status" in resp.State: Terraform requires a wholly known state after a state upgrade`
}
