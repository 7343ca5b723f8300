package usestatechanging

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// An Update that waits for the object to settle stores the settled state,
// the one the plan kept; a time of the last change still moves.

type waiter struct{ c client }

func (w waiter) WaitForStateContext(ctx context.Context) (*server, error) { return w.c.update("") }

type settledResource struct{ c client }

func (r *settledResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_settled"
}

func (r *settledResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name":       schema.StringAttribute{Required: true},
		"status":     schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // settled: fine
		"created_at": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"updated_at": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "updated_at" of settledResource is Computed with UseStateForUnknown`
		"version":    schema.StringAttribute{Computed: true},
	}}
}

func (r *settledResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *settledResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *settledResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan serverModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if _, err := r.c.update(plan.Name.ValueString()); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	out, err := waiter{r.c}.WaitForStateContext(ctx)
	if err != nil {
		resp.Diagnostics.AddError("wait", err.Error())
		return
	}
	plan.Status = types.StringValue(out.Status)
	plan.UpdatedAt = types.StringValue(out.Updated)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *settledResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
