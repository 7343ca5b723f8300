package fw

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"

	"fixtures/base"
)

// Update only adds an error, and "name" can change.
type cannotUpdate struct{ base.CRD }

func (cannotUpdate) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
		"zone": schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
	}}
}

func (cannotUpdate) Update(_ context.Context, _ resource.UpdateRequest, resp *resource.UpdateResponse) { // want `SCHEMA-3: cannotUpdate.Update never writes resp.State, but "name" has no RequiresReplace plan modifier`
	resp.Diagnostics.AddError("not supported", "this resource cannot be updated")
}

// Safe: every configurable attribute requires replacement.
type allReplace struct{ base.CRD }

func (allReplace) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
	}}
}

func (allReplace) Update(_ context.Context, _ resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.Diagnostics.AddError("not supported", "this resource cannot be updated")
}

// Safe: Update writes the plan into state.
type updates struct{ base.CRD }

type model struct {
	Name string `tfsdk:"name"`
}

func (updates) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Required: true},
	}}
}

func (updates) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Safe: Update hands resp to a helper the check does not follow.
type delegates struct{ base.CRD }

func (delegates) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Required: true},
	}}
}

func (delegates) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	apply(ctx, req, resp)
}

func apply(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

// Safe: a write-only attribute never plans a change.
type writeOnlyOnly struct{ base.CRD }

func (writeOnlyOnly) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"password": schema.StringAttribute{Optional: true, WriteOnly: true},
		"id":       schema.StringAttribute{Computed: true},
	}}
}

func (writeOnlyOnly) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

// Safe: ModifyPlan decides replacement itself.
type replacesInModifyPlan struct{ base.CRD }

func (replacesInModifyPlan) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Required: true},
	}}
}

func (replacesInModifyPlan) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}

func (replacesInModifyPlan) ModifyPlan(_ context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	resp.RequiresReplace = append(resp.RequiresReplace, path.Root("name"))
}

// Safe: a deliberately non-functional resource (every operation errors).
type nonFunctional struct{ base.CRD }

func (nonFunctional) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Required: true},
	}}
}

func (nonFunctional) Create(_ context.Context, _ resource.CreateRequest, resp *resource.CreateResponse) {
	resp.Diagnostics.AddError("resource is non-functional", "removed upstream")
}

func (nonFunctional) Update(_ context.Context, _ resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.Diagnostics.AddError("resource is non-functional", "removed upstream")
}
