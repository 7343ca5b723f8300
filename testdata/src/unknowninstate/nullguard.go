package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The planned value of a Computed attribute with no Default and no plan
// modifier is never null: unknown when the configuration leaves it out.
// A fill guarded by x.IsNull() never runs for it, and the unknown is saved
// (dnsimple's registered domain: auto_renew_enabled, trustee).
type nullGuard struct{ base }

func (r nullGuard) fillFrom(m *model, out string) {
	if m.Status.IsNull() {
		m.Status = types.StringValue(out)
	}
}

func (r nullGuard) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.CreatedAt = types.StringValue(out.CreatedAt)
	r.fillFrom(&plan, out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: nullGuard.Create can save "status" \(Computed\) to resp.State while it still holds the plan.s value, which is unknown when the configuration does not set it: the value is filled only where x.IsNull\(\) holds`
}

// Safe twin: the guard takes the unknown too.
type nullOrUnknownGuard struct{ base }

func (r nullOrUnknownGuard) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.CreatedAt = types.StringValue(out.CreatedAt)
	if plan.Status.IsNull() || plan.Status.IsUnknown() {
		plan.Status = types.StringValue(out.Status)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// Safe: the field was set before the guard, which then tests a known value.
type nullGuardAfterSet struct{ base }

func (r nullGuardAfterSet) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(out.ID)
	plan.CreatedAt = types.StringValue(out.CreatedAt)
	plan.Status = types.StringPointerValue(nil)
	if plan.Status.IsNull() {
		plan.Status = types.StringValue(out.Status)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}
