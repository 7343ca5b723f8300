package unguardedunknown

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A configured value that is unknown is not null: taking !IsNull() as "the
// user set it" rejects a configuration whose value comes from a conditional
// expression or another resource and may still become null.

type releaseModel struct {
	Method      types.String `tfsdk:"method"`
	Guarded     types.Object `tfsdk:"guarded"`
	Progressive types.Object `tfsdk:"progressive"`
	Name        types.String `tfsdk:"name"`
	Template    types.String `tfsdk:"template"`
	Binary      types.String `tfsdk:"binary"`
	Timeout     types.Int64  `tfsdk:"timeout"`
	Kind        types.String `tfsdk:"kind"`
}

type releaseResource struct{}

var _ resource.ResourceWithValidateConfig = &releaseResource{}
var _ resource.ResourceWithModifyPlan = &releaseResource{}

func (r *releaseResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_release"
}

func (r *releaseResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	obj := map[string]schema.Attribute{"n": schema.Int64Attribute{Optional: true}}
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"method":      schema.StringAttribute{Optional: true},
		"guarded":     schema.SingleNestedAttribute{Optional: true, Attributes: obj},
		"progressive": schema.SingleNestedAttribute{Optional: true, Attributes: obj},
		"name":        schema.StringAttribute{Required: true},
		"template":    schema.StringAttribute{Optional: true},
		"binary":      schema.StringAttribute{Optional: true},
		"timeout":     schema.Int64Attribute{Optional: true},
		"kind":        schema.StringAttribute{Optional: true},
	}}
}

func (r *releaseResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg releaseModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if cfg.Method.IsNull() || cfg.Method.IsUnknown() {
		return
	}
	switch cfg.Method.ValueString() {
	case "guarded":
		if !cfg.Progressive.IsNull() { // want `VALIDATE-1: ValidateConfig takes "progressive" as set when IsNull\(\) is false and adds an error`
			resp.Diagnostics.AddAttributeError(path.Root("progressive"), "conflict", "progressive is not allowed with guarded")
		}
	case "progressive":
		if !cfg.Guarded.IsNull() && !cfg.Guarded.IsUnknown() { // guarded: fine
			resp.Diagnostics.AddAttributeError(path.Root("guarded"), "conflict", "guarded is not allowed with progressive")
		}
	}
	// Both set: reported on the test that decides the error.
	if !cfg.Template.IsNull() && !cfg.Binary.IsNull() { // want `VALIDATE-1: ValidateConfig takes "binary" as set`
		resp.Diagnostics.AddError("conflict", "template and binary are mutually exclusive")
	}
	// A Required attribute cannot become null: present is present.
	if cfg.Kind.ValueString() == "anonymous" && !cfg.Name.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("name"), "name", "anonymous kinds take no name")
	}
	// The null way returns; the other goes on to tests that may pass.
	if cfg.Timeout.IsNull() {
		return
	}
	if cfg.Timeout.IsUnknown() {
		return
	}
	if cfg.Timeout.ValueInt64() > 60 {
		resp.Diagnostics.AddAttributeError(path.Root("timeout"), "timeout", "at most 60")
	}
}

// ModifyPlan reads the plan: an Optional value unknown there is not null either.
func (r *releaseResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan releaseModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.Kind.ValueString() == "basic" && !plan.Timeout.IsNull() { // want `VALIDATE-1: ModifyPlan takes "timeout" as set`
		resp.Diagnostics.AddAttributeError(path.Root("timeout"), "timeout", "basic kinds take no timeout")
	}
	if !plan.Timeout.IsUnknown() && plan.Kind.ValueString() == "fast" && !plan.Timeout.IsNull() { // asked first: fine
		resp.Diagnostics.AddAttributeError(path.Root("timeout"), "timeout", "fast kinds take no timeout")
	}
}

func (r *releaseResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan releaseModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *releaseResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *releaseResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan releaseModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *releaseResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
