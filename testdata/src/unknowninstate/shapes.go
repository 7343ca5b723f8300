package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type fileModel struct {
	ID       types.String `tfsdk:"id"`
	Content  types.String `tfsdk:"content"`
	Checksum types.String `tfsdk:"checksum"`
}

// Every configurable attribute requires replacement: Update is never called,
// so saving the plan there as it is cannot leave an unknown.
type file struct{}

func (file) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_file"
}
func (file) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"content":  schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"checksum": schema.StringAttribute{Computed: true},
	}}
}

// compute fails before filling on some paths; those are error returns.
func compute(m *fileModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if m.Content.ValueString() == "" {
		diags.AddError("empty", "no content")
		return diags
	}
	m.ID = types.StringValue("x")
	m.Checksum = types.StringValue("sum")
	return diags
}

func (file) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(compute(&m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}
func (file) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}
func (file) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
func (file) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// ModifyPlan sets the checksum in the plan, through a helper given its name.
type planned struct{ file }

func (planned) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"content":  schema.StringAttribute{Required: true},
		"checksum": schema.StringAttribute{Computed: true},
	}}
}

func (planned) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	setKnown(ctx, resp, "checksum")
}

func setKnown(ctx context.Context, resp *resource.ModifyPlanResponse, name string) {
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), "sum")...)
}

func (planned) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Without the ModifyPlan the same Update is reported.
type unplanned struct{ planned }

func (unplanned) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	setKnown(ctx, resp, "id")
}

func (unplanned) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...) // want `APPLY-1: unplanned.Update can save "checksum"`
}

// Saving after an error has been added is a failure path: not reported.
type afterError struct{ planned }

func (afterError) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if m.Content.ValueString() == "" {
		resp.Diagnostics.AddError("empty", "no content")
		resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
		return
	}
	m.Checksum = types.StringValue("sum")
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// A model method returning diagnostics that ends by appending them: its
// final return is a success return (the append is usually empty).
func (m *fileModel) fill(sum string) (diags diag.Diagnostics) {
	m.ID = types.StringValue("x")
	if sum == "" {
		diags.AddError("no checksum", "")
		return
	}
	m.Checksum = types.StringValue(sum)
	diags.Append(validate(sum)...)
	return
}

func validate(string) diag.Diagnostics { return nil }

type fillsWithDiags struct{ planned }

func (fillsWithDiags) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m fileModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(m.fill("sum")...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
