package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The model is held through a pointer variable (var data *model;
// req.Plan.Get(ctx, &data)), as generated providers write it: created_at is
// still the plan's unknown when it is saved.
type pointerForgets struct{ base }

func (r pointerForgets) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data *model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	out, err := r.c.Create(data.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	data.ID = types.StringValue(out.ID)
	data.Status = types.StringValue(out.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...) // want `APPLY-1: pointerForgets.Create can save "created_at" \(Computed\) to resp.State while it still holds the plan's value`
}

// Safe: every Computed field set through the pointer.
type pointerFills struct{ base }

func (r pointerFills) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data *model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	out, err := r.c.Create(data.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	data.ID = types.StringValue(out.ID)
	data.Status = types.StringValue(out.Status)
	data.CreatedAt = types.StringValue(out.CreatedAt)
	resp.Diagnostics.Append(resp.State.Set(ctx, data)...)
}

// Safe: the variable is pointed at the API's answer before the save (the
// engine does not follow a variable assigned another model).
type pointerReplaced struct{ base }

func (r pointerReplaced) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data *model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	out, err := r.c.Create(data.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	data = &model{ID: types.StringValue(out.ID), Name: data.Name, Status: types.StringValue(out.Status), CreatedAt: types.StringValue(out.CreatedAt), Region: data.Region}
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

var (
	_ resource.Resource = pointerForgets{}
	_ resource.Resource = pointerFills{}
	_ resource.Resource = pointerReplaced{}
)
