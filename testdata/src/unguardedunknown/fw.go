package unguardedunknown

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// arnValidator rejects an unknown ARN: it reads as "" and has no prefix.
type arnValidator struct{}

func (arnValidator) Description(context.Context) string         { return "arn" }
func (arnValidator) MarkdownDescription(context.Context) string { return "arn" }
func (arnValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() { // not a guard for unknown
		return
	}
	if !strings.HasPrefix(req.ConfigValue.ValueString(), "arn:") { // want `VALIDATE-1: ValidateString reads the attribute's value with ValueString\(\) and can add an error without asking IsUnknown\(\) first`
		resp.Diagnostics.AddAttributeError(req.Path, "not an ARN", "must start with arn:")
	}
}

// guardedValidator returns while the value is unknown: fine.
type guardedValidator struct{}

func (guardedValidator) Description(context.Context) string         { return "guarded" }
func (guardedValidator) MarkdownDescription(context.Context) string { return "guarded" }
func (guardedValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !strings.HasPrefix(req.ConfigValue.ValueString(), "arn:") {
		resp.Diagnostics.AddAttributeError(req.Path, "not an ARN", "must start with arn:")
	}
}

type clusterBase struct {
	Label types.String `tfsdk:"label"`
}

type clusterModel struct {
	clusterBase
	Tier  types.String `tfsdk:"tier"`
	Size  types.Int64  `tfsdk:"size"`
	Zones types.List   `tfsdk:"zones"`
	Note  types.String `tfsdk:"note"`
	Hosts types.Set    `tfsdk:"hosts"`
	Mode  types.Bool   `tfsdk:"mode"`
}

type clusterResource struct{}

var _ resource.ResourceWithValidateConfig = &clusterResource{}

func (r *clusterResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_cluster"
}

func (r *clusterResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"tier":  schema.StringAttribute{Optional: true, Validators: []validator.String{arnValidator{}, guardedValidator{}}},
		"size":  schema.Int64Attribute{Optional: true},
		"zones": schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"note":  schema.StringAttribute{Optional: true},
		"hosts": schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"label": schema.StringAttribute{Optional: true},
		"mode":  schema.BoolAttribute{Optional: true},
	}}
}

func (r *clusterResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg clusterModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// An unknown size reads as 0 and is rejected for the paid tier.
	if cfg.Tier.ValueString() == "paid" && cfg.Size.ValueInt64() < 1 { // want `VALIDATE-1: ValidateConfig reads "size" with ValueInt64\(\)`
		resp.Diagnostics.AddAttributeError(path.Root("size"), "size", "paid clusters need a size")
	}
	// An unknown list has no elements.
	if !cfg.Zones.IsNull() && len(cfg.Zones.Elements()) == 0 { // want `VALIDATE-1: ValidateConfig reads "zones" with Elements\(\)`
		resp.Diagnostics.AddAttributeError(path.Root("zones"), "zones", "at least one zone")
	}
	// Guarded: fine.
	if !cfg.Note.IsUnknown() && cfg.Note.ValueString() == "" {
		resp.Diagnostics.AddAttributeError(path.Root("note"), "note", "empty note")
	}
	// An unknown note reads as "", which has no prefix built on a constant.
	if !cfg.Tier.IsUnknown() && cfg.Tier.ValueString() != "" {
		prefix := cfg.Tier.ValueString() + "-"
		if !strings.HasPrefix(cfg.Note.ValueString(), prefix) { // want `VALIDATE-1: ValidateConfig reads "note" with ValueString\(\)`
			resp.Diagnostics.AddAttributeError(path.Root("note"), "note", "must start with the tier")
		}
		if strings.Contains(cfg.Note.ValueString(), cfg.Tier.ValueString()) { // a needle that may be empty: undecided
			resp.Diagnostics.AddAttributeError(path.Root("note"), "note", "must not repeat the tier")
		}
	}
	// A field of an embedded struct is read the same way.
	if !strings.HasPrefix(cfg.Label.ValueString(), "lbl-") { // want `VALIDATE-1: ValidateConfig reads "label" with ValueString\(\)`
		resp.Diagnostics.AddAttributeError(path.Root("label"), "label", "must start with lbl-")
	}
	// An unknown set cannot become a []string.
	if !cfg.Hosts.IsNull() {
		var hosts []string
		resp.Diagnostics.Append(cfg.Hosts.ElementsAs(ctx, &hosts, false)...) // want `VALIDATE-1: ValidateConfig converts "hosts" with ElementsAs\(\.\.\., false\) without asking IsUnknown\(\) first`
	}
	if !cfg.Zones.IsUnknown() {
		var zones []string
		resp.Diagnostics.Append(cfg.Zones.ElementsAs(ctx, &zones, false)...) // guarded
	}
	var hostList []string
	if d := cfg.Hosts.ElementsAs(ctx, &hostList, false); d.HasError() {
		return // gives up quietly: nothing is rejected
	}
	// An unknown tier is taken as no tier: "too big without a tier" rejects
	// a configuration that sets the tier from another resource.
	if !cfg.Tier.IsNull() && !cfg.Tier.IsUnknown() { // want `VALIDATE-1: ValidateConfig takes "tier" as not set when it is unknown`
		_ = cfg.Tier.ValueString()
	} else if cfg.Size.IsUnknown() {
		return
	} else if cfg.Size.ValueInt64() > 10 {
		resp.Diagnostics.AddAttributeError(path.Root("size"), "size", "too big without a tier")
	}
	// A known value is demanded on purpose, beside a value check: left alone.
	if cfg.Mode.IsUnknown() || cfg.Mode.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("mode"), "mode", "must be a known false")
		return
	}
	// An unknown list is rejected outright.
	if cfg.Hosts.IsNull() || cfg.Hosts.IsUnknown() { // want `VALIDATE-1: ValidateConfig adds an error when "hosts" is unknown`
		resp.Diagnostics.AddAttributeError(path.Root("hosts"), "hosts", "hosts are required")
		return
	}
	// The zero value passes: an unknown tier is not "legacy".
	if cfg.Tier.ValueString() == "legacy" {
		resp.Diagnostics.AddAttributeError(path.Root("tier"), "tier", "legacy is gone")
	}
}

// At apply time every value is known: Create may test them freely.
func (r *clusterResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan clusterModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.Size.ValueInt64() < 1 {
		resp.Diagnostics.AddAttributeError(path.Root("size"), "size", "too small")
	}
}
func (r *clusterResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *clusterResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *clusterResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
