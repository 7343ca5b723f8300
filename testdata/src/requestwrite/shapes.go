package requestwrite

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var errGone = errors.New("gone")

func lookup(context.Context, string) error { return errGone }

type shapes struct{ inner resource.Resource }

// The updated object is saved on the request: Terraform keeps the plan.
func (shapes) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if lookup(ctx, m.ID.ValueString()) != nil {
		req.State.RemoveResource(ctx) // want `APPLY-5: RemoveResource on req.State writes to the request \(resource.UpdateRequest\)`
		return
	}
	resp.Diagnostics.Append(req.State.Set(ctx, &m)...) // want `APPLY-5: Set on req.State`
}

// The removal is lost; the error is what the user sees.
func (s shapes) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m model
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if err := lookup(ctx, m.ID.ValueString()); err != nil {
		req.State.RemoveResource(ctx) // want `APPLY-5: RemoveResource on req.State`
		resp.Diagnostics.AddError("read failed", err.Error())
		return
	}
	// Safe: the response gets the same write right after.
	if m.ID.IsNull() {
		req.State.RemoveResource(ctx)
		resp.State.RemoveResource(ctx)
		return
	}
	// Another attribute on the response does not repeat this one.
	req.State.SetAttribute(ctx, path.Root("id"), "x") // want `APPLY-5: SetAttribute on req.State`
	resp.State.SetAttribute(ctx, path.Root("name"), "y")
}

// A whole new plan written to the request in ModifyPlan is dropped.
func (shapes) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.ID = types.StringValue("fixed")
	resp.Diagnostics.Append(req.Plan.Set(ctx, m)...) // want `APPLY-5: Set on req.Plan writes to the request \(resource.ModifyPlanRequest\)`
}

// An attribute plan modifier writing the whole plan on its request.
type lowerList struct{}

func (lowerList) Description(context.Context) string         { return "" }
func (lowerList) MarkdownDescription(context.Context) string { return "" }
func (lowerList) PlanModifyList(ctx context.Context, req planmodifier.ListRequest, resp *planmodifier.ListResponse) {
	req.Plan.SetAttribute(ctx, path.Root("privileges"), req.PlanValue) // want `APPLY-5: SetAttribute on req.Plan writes to the request \(planmodifier.ListRequest\), .*resp.PlanValue`
}

// Safe: a wrapper changes its copy of the request and hands it to the
// resource it wraps, which reads it.
type readback struct{ shapes }

func (w readback) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	resp.Diagnostics.Append(req.State.SetAttribute(ctx, path.Root("parameters"), types.StringNull())...)
	w.inner.Read(ctx, req, resp)
}

// Handing the request on before the write does not make the write seen.
func (w readback) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	w.inner.Update(ctx, req, resp)
	req.State.SetAttribute(ctx, path.Root("id"), "x") // want `APPLY-5: SetAttribute on req.State`
}

// A state upgrader writing the upgraded state on the request.
func (shapes) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			resp.Diagnostics.Append(req.State.SetAttribute(ctx, path.Root("id"), "x")...) // want `APPLY-5: SetAttribute on req.State writes to the request \(resource.UpgradeStateRequest\)`
		}},
	}
}

type created struct{}

// The roles read back after the create are written to the request's plan;
// the state saved is the unchanged model.
func (created) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	req.Plan.SetAttribute(ctx, path.Root("roles"), []string{"admin"}) // want `APPLY-5: SetAttribute on req.Plan writes to the request \(resource.CreateRequest\).*resp.State`
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

type copied struct{}

func fillComputed(context.Context, *tfsdk.Plan) {}

// Safe: the request's plan is adjusted, then copied into the state.
func (copied) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.Diagnostics.Append(req.Plan.SetAttribute(ctx, path.Root("id"), types.StringValue("generated"))...)
	fillComputed(ctx, &req.Plan)
	resp.State.Raw = req.Plan.Raw
}

type reread struct{}

// Safe: the model is read back from the request after the write and saved.
func (reread) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m model
	req.Plan.SetAttribute(ctx, path.Root("id"), types.StringValue("kept"))
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
