package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// UseNonNullStateForUnknown (framework v1.17) copies a non-null prior value
// into the plan: in Create there is none, so an Optional+Computed attribute
// the configuration leaves out is unknown (cloudflare's bot_management
// content_bots_protection, which the API answer did not carry).
type nonNullModel struct {
	ID   types.String `tfsdk:"id"`
	Mode types.String `tfsdk:"mode"`
}

type nonNullBase struct{ base }

func (nonNullBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"mode": schema.StringAttribute{Optional: true, Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseNonNullStateForUnknown()}},
	}}
}

type nonNullForgets struct{ nonNullBase }

func (r nonNullForgets) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data nonNullModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	out, err := r.c.Create(data.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	data.ID = types.StringValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...) // want `APPLY-1: nonNullForgets.Create can save "mode" \(Computed\) to resp.State while it still holds the plan's value`
}

// Safe twin: mode is set from the answer, or null.
type nonNullFills struct{ nonNullBase }

func (r nonNullFills) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data nonNullModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	out, err := r.c.Create(data.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	data.ID = types.StringValue(out.ID)
	if data.Mode.IsUnknown() {
		data.Mode = types.StringNull()
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

// In Update the modifier keeps a non-null prior value: mode is left alone.
func (r nonNullFills) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var data nonNullModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}
