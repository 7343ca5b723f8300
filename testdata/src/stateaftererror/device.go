package stateaftererror

import (
	"context"
	"errors"

	"fixtures/stateaftererror/api"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type device struct{}

type deviceModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

func authorize(string) (string, error) { return "", errors.New("no") }
func tag(string) error                 { return nil }

func (device) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (device) Schema(context.Context, resource.SchemaRequest, *resource.SchemaResponse)       {}

// The bug: the error branch falls through to the save.
func (device) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, err := authorize(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("authorizing", err.Error()) // want `APPLY-3: device.Create adds an error for a failed call and goes on without returning: the path reaches resp.State.Set`
	}
	plan.ID = types.StringValue(id)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (device) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

// Safe: HasError after the branch stops the failed path.
func (device) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if err := tag(plan.ID.ValueString()); err != nil {
		resp.Diagnostics.AddError("tagging", err.Error())
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (device) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = device{}

type schedule struct{}

func (schedule) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (schedule) Schema(context.Context, resource.SchemaRequest, *resource.SchemaResponse)       {}

// Safe: the partial state is saved inside the error branch on purpose, then it returns.
func (schedule) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id, err := authorize(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error())
		return
	}
	plan.ID = types.StringValue(id)
	if err := tag(id); err != nil {
		resp.Diagnostics.AddError("tagging after create", err.Error())
		resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...) // tracked, tainted: deliberate
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (schedule) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

// The bug in Update: the planned values are saved although the update failed.
func (schedule) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var state, plan deviceModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := tag(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("updating", err.Error()) // want `APPLY-3: schedule.Update adds an error for a failed call and goes on without returning`
	}
	plan.ID = state.ID
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Safe: errors collected per element, a design of their own.
func (schedule) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	for _, n := range []string{"a", "b"} {
		if err := tag(n); err != nil {
			resp.Diagnostics.AddError("deleting", err.Error())
		}
	}
}

var _ resource.Resource = schedule{}

type pool struct{}

func (pool) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (pool) Schema(context.Context, resource.SchemaRequest, *resource.SchemaResponse)       {}

// Safe: members that fail are reported one by one; the pool itself exists.
func (pool) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	for _, m := range []string{"a", "b"} {
		if err := tag(m); err != nil {
			resp.Diagnostics.AddError("adding member", err.Error())
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (pool) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (pool) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (pool) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = pool{}

type download struct{ c api.Client }

func (download) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (download) Schema(context.Context, resource.SchemaRequest, *resource.SchemaResponse)       {}

func (r download) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id, err := r.c.Create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error()) // want `APPLY-3: download.Create adds an error for a failed call and goes on without returning`
	}
	plan.ID = types.StringValue(id)
	// Safe: the object exists once Create succeeded; a failed wait keeps it
	// in state, tainted, to be replaced.
	if err := r.c.Wait(id); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (download) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

// Safe: the change was applied; only the wait for it to show failed.
func (r download) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if _, err := r.c.Create(plan.Name.ValueString()); err != nil {
		resp.Diagnostics.AddError("updating", err.Error())
		return
	}
	if err := r.c.Wait(plan.ID.ValueString()); err != nil {
		resp.Diagnostics.AddError("waiting", err.Error())
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
func (download) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = download{}
