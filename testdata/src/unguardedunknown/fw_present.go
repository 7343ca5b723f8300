package unguardedunknown

import (
	"context"
	"encoding/base64"
	"net"
	"slices"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
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

// The other way round: "set" as !IsNull() && !IsUnknown() counts an unknown
// as not set, and an "at least one" or "required" check then rejects it.

type sourceModel struct {
	Template types.String `tfsdk:"template"`
	Binary   types.String `tfsdk:"binary"`
	Kind     types.String `tfsdk:"kind"`
	Region   types.String `tfsdk:"region"`
	Port     types.String `tfsdk:"port"`
	Content  types.String `tfsdk:"content"`
}

type sourceResource struct{}

var _ resource.ResourceWithValidateConfig = &sourceResource{}

func (r *sourceResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_source"
}

func (r *sourceResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"template": schema.StringAttribute{Optional: true},
		"binary":   schema.StringAttribute{Optional: true},
		"kind":     schema.StringAttribute{Optional: true},
		"region":   schema.StringAttribute{Optional: true},
		"port":     schema.StringAttribute{Optional: true},
		"content":  schema.StringAttribute{Optional: true},
	}}
}

func (r *sourceResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var data sourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	templateSet := !data.Template.IsNull() && !data.Template.IsUnknown() // want `VALIDATE-1: ValidateConfig takes "template" as not set when it is unknown`
	binarySet := !data.Binary.IsNull() && !data.Binary.IsUnknown()       // want `VALIDATE-1: ValidateConfig takes "binary" as not set when it is unknown`
	if !templateSet && !binarySet {
		resp.Diagnostics.AddError("missing", "one of template or binary must be set")
	}
	// Set means known and not null here, and only a set value is checked: fine.
	if !data.Kind.IsNull() && !data.Kind.IsUnknown() && data.Kind.ValueString() == "" {
		resp.Diagnostics.AddAttributeError(path.Root("kind"), "kind", "kind must not be empty")
	}
	// Each way parses its own value: the errors come from the parses, not
	// from port being absent. Fine.
	if !data.Port.IsNull() && !data.Port.IsUnknown() {
		if _, err := strconv.Atoi(data.Port.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("port"), "port", err.Error())
		}
	} else if !data.Content.IsNull() && !data.Content.IsUnknown() {
		if _, err := base64.StdEncoding.DecodeString(data.Content.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("content"), "content", err.Error())
		}
	}
	// A guard that returns: fine.
	if data.Region.IsNull() || data.Region.IsUnknown() {
		return
	}
	if data.Region.ValueString() == "moon" {
		resp.Diagnostics.AddAttributeError(path.Root("region"), "region", "no such region")
	}
}

func (r *sourceResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan sourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *sourceResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *sourceResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan sourceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *sourceResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

type contactModel struct {
	Type       types.String `tfsdk:"type"`
	DeviceType types.String `tfsdk:"device_type"`
	Label      types.String `tfsdk:"label"`
}

type contactResource struct{}

var _ resource.ResourceWithValidateConfig = &contactResource{}

func (r *contactResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_contact"
}

func (r *contactResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"type":        schema.StringAttribute{Required: true},
		"device_type": schema.StringAttribute{Optional: true},
		"label":       schema.StringAttribute{Optional: true},
	}}
}

// An unknown value reads as "", which no list of non-empty names contains.
func (r *contactResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg contactModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if cfg.Type.ValueString() == "push" {
		if allowed, got := []string{"android", "ios"}, cfg.DeviceType.ValueString(); !slices.Contains(allowed, got) { // want `VALIDATE-1: ValidateConfig reads "device_type" with ValueString\(\)`
			resp.Diagnostics.AddAttributeError(path.Root("device_type"), "Invalid value", "device_type must be android or ios")
		}
	}
	// A list holding "" accepts the unknown's "": fine.
	if !slices.Contains([]string{"", "home", "work"}, cfg.Label.ValueString()) {
		resp.Diagnostics.AddAttributeError(path.Root("label"), "Invalid value", "label must be home or work")
	}
}

func (r *contactResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan contactModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *contactResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *contactResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan contactModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *contactResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// An object validator decodes its value: the fields are configured values,
// unknown where the object's attributes come from another resource.
type prefixFilter struct {
	Prefix types.String `tfsdk:"prefix"`
	Mask   types.Int64  `tfsdk:"mask"`
}

type prefixValidator struct{}

func (prefixValidator) Description(context.Context) string         { return "prefix" }
func (prefixValidator) MarkdownDescription(context.Context) string { return "prefix" }
func (prefixValidator) ValidateObject(ctx context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var pf prefixFilter
	resp.Diagnostics.Append(req.ConfigValue.As(ctx, &pf, basetypes.ObjectAsOptions{})...)
	if resp.Diagnostics.HasError() {
		return
	}
	if _, _, err := net.ParseCIDR(pf.Prefix.ValueString()); err != nil { // want `VALIDATE-1: ValidateObject passes "prefix", read with ValueString\(\), to net.ParseCIDR`
		resp.Diagnostics.AddAttributeError(req.Path, "prefix", "not a CIDR prefix")
		return
	}
	if !pf.Mask.IsUnknown() && pf.Mask.ValueInt64() > 32 { // asked first: fine
		resp.Diagnostics.AddAttributeError(req.Path, "mask", "at most 32")
	}
	// An error diagnostic appended counts like AddAttributeError.
	if pf.Mask.ValueInt64() < 8 { // want `VALIDATE-1: ValidateObject reads "mask" with ValueInt64\(\)`
		resp.Diagnostics.Append(diag.NewAttributeErrorDiagnostic(req.Path, "mask", "at least 8"))
	}
}
