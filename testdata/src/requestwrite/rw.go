package requestwrite

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type model struct {
	ID types.String `tfsdk:"id"`
}

type r struct{}

func (r) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m model
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	resp.Diagnostics.Append(req.State.Set(ctx, &m)...) // want `APPLY-5: Set on req.State writes to the request \(resource.ReadRequest\)`
}

func (r) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	req.Plan.SetAttribute(ctx, path.Root("id"), types.StringValue("x")) // want `APPLY-5: SetAttribute on req.Plan`
	resp.Plan.SetAttribute(ctx, path.Root("name"), types.StringValue("x"))
}

// Safe: a Delete that returns no error has its state removed by the
// framework, so the lost RemoveResource changes nothing.
func (r) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	req.State.RemoveResource(ctx)
}

// Safe: a tfsdk.State of one's own is not a request.
func build(ctx context.Context, s tfsdk.State, m model) {
	s.Set(ctx, &m)
}

// Safe: a request built here, or modified and handed back (tests preparing
// the input of a plan modifier), is not a write the framework drops.
func planRequest(ctx context.Context, req resource.ModifyPlanRequest) resource.ModifyPlanRequest {
	req.Plan.SetAttribute(ctx, path.Root("id"), types.StringUnknown())
	return req
}

func newReadRequest(ctx context.Context, m model) resource.ReadRequest {
	var req resource.ReadRequest
	req.State.Set(ctx, &m)
	return req
}
