package unknowninstate

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/unknowninstate/fill"
)

// ModifyPlan reads the plan, adjusts one field and sets it back: only that
// field may have been made known; created_at is still unknown in Create.
type adjustsName struct{ base }

func (adjustsName) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.Name = types.StringValue(m.Name.ValueString() + "-x")
	resp.Diagnostics.Append(resp.Plan.Set(ctx, m)...)
}

func (r adjustsName) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: adjustsName.Create can save "created_at" \(Computed\)`
}

// Safe twin: the round trip sets created_at in the plan.
type adjustsCreatedAt struct{ base }

func (adjustsCreatedAt) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.CreatedAt = types.StringValue("now")
	resp.Diagnostics.Append(resp.Plan.Set(ctx, m)...)
}

func (r adjustsCreatedAt) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// A helper that tests its model pointer against nil is still followed.
func mapOut(out fill.Out, m *model) error {
	if m == nil {
		return errors.New("no model")
	}
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	return nil
}

type nilChecked struct{ base }

func (r nilChecked) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	if err := mapOut(out, &plan); err != nil {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: nilChecked.Create can save "created_at" \(Computed\)`
}

// Safe twin: the helper also sets created_at.
func mapAllOut(out fill.Out, m *model) error {
	if m == nil {
		return errors.New("no model")
	}
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	m.CreatedAt = types.StringValue(out.CreatedAt)
	return nil
}

type nilCheckedFills struct{ base }

func (r nilCheckedFills) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	if err := mapAllOut(out, &plan); err != nil {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

var (
	_ resource.ResourceWithModifyPlan = adjustsName{}
	_ resource.ResourceWithModifyPlan = adjustsCreatedAt{}
	_ resource.Resource               = nilChecked{}
	_ resource.Resource               = nilCheckedFills{}
)

// Safe twin, through a pointer variable: created_at is set in the plan.
type adjustsViaPointer struct{ base }

func (adjustsViaPointer) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var m *model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.CreatedAt = types.StringValue("now")
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &m)...)
}

func (r adjustsViaPointer) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create(plan.Name.ValueString())
	plan.ID = types.StringValue(out.ID)
	plan.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

var _ resource.ResourceWithModifyPlan = adjustsViaPointer{}
