package planrewrite

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// --- custom plan modifiers ---

// defaultString plans a default when the configuration leaves the value null.
type defaultString struct{ value string }

func (m defaultString) Description(context.Context) string         { return "default" }
func (m defaultString) MarkdownDescription(context.Context) string { return "default" }
func (m defaultString) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	resp.PlanValue = types.StringValue(m.value) // want `PLAN-2: plan modifier PlanModifyString plans a value of its own for "region" of serverResource: the attribute is not Computed`
}

func defaultValue(v string) planmodifier.String { return &defaultString{value: v} }

// lowerCase rewrites whatever the configuration says.
type lowerCase struct{}

func (lowerCase) Description(context.Context) string         { return "lower" }
func (lowerCase) MarkdownDescription(context.Context) string { return "lower" }
func (lowerCase) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.ConfigValue.IsUnknown() {
		return
	}
	resp.PlanValue = types.StringValue(strings.ToLower(req.ConfigValue.ValueString())) // want `PLAN-1: plan modifier PlanModifyString plans a value of its own for "name" of serverResource: when the configuration sets this attribute, the plan must keep the configured value`
}

// stripPrefix rewrites the planned value, which for an attribute that is not
// Computed is the configuration's.
type stripPrefix struct{}

func (stripPrefix) Description(context.Context) string         { return "strip" }
func (stripPrefix) MarkdownDescription(context.Context) string { return "strip" }
func (stripPrefix) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if resp.PlanValue.IsNull() || resp.PlanValue.IsUnknown() {
		return
	}
	if _, id, ok := strings.Cut(resp.PlanValue.ValueString(), ":"); ok {
		resp.PlanValue = types.StringValue(id) // want `PLAN-1: plan modifier PlanModifyString plans a value of its own for "team_id" of serverResource`
	}
}

// fromOther fills the value only when the configuration does not set it:
// it returns while the value is set and known, so what follows holds for
// null or unknown.
type fromOther struct{}

func (fromOther) Description(context.Context) string         { return "from other" }
func (fromOther) MarkdownDescription(context.Context) string { return "from other" }
func (fromOther) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsUnknown() && !req.ConfigValue.IsNull() {
		return
	}
	var other types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("kind"), &other)...)
	resp.PlanValue = types.StringValue(other.ValueString() + "-1") // want `PLAN-1: plan modifier PlanModifyString plans a value of its own for "derived" of serverResource: this branch is taken when the configuration is null or not yet known`
}

// fromOtherKnown is fromOther returning on an unknown configuration first:
// what follows holds for null only.
type fromOtherKnown struct{}

func (fromOtherKnown) Description(context.Context) string         { return "from other" }
func (fromOtherKnown) MarkdownDescription(context.Context) string { return "from other" }
func (fromOtherKnown) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.ConfigValue.IsUnknown() {
		return
	}
	if !req.ConfigValue.IsNull() {
		return
	}
	var other types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("kind"), &other)...)
	resp.PlanValue = types.StringValue(other.ValueString() + "-1")
}

// keepSecret keeps the stored secret while the configuration sets none, but
// its test lets an unknown configuration through too.
type keepSecret struct{}

func (keepSecret) Description(context.Context) string         { return "keep secret" }
func (keepSecret) MarkdownDescription(context.Context) string { return "keep secret" }
func (keepSecret) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() {
		return
	}
	if !req.ConfigValue.IsNull() && !req.ConfigValue.IsUnknown() {
		return
	}
	resp.PlanValue = req.StateValue // want `PLAN-8: plan modifier PlanModifyString plans the prior state's value for "secret" and "secret2" of serverResource: this branch is taken when the configuration is not yet known`
}

// stateForUnknown is UseStateForUnknown written by hand, testing the plan
// only: an unknown plan value is also what an unknown configuration gives.
type stateForUnknown struct{}

func (stateForUnknown) Description(context.Context) string         { return "state for unknown" }
func (stateForUnknown) MarkdownDescription(context.Context) string { return "state for unknown" }
func (stateForUnknown) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || !req.PlanValue.IsUnknown() {
		return
	}
	resp.PlanValue = req.StateValue // want `PLAN-8: plan modifier PlanModifyString plans the prior state's value for "token" of serverResource`
}

// stateForUnknownChecked tests the configuration as UseStateForUnknown
// does: fine.
type stateForUnknownChecked struct{}

func (stateForUnknownChecked) Description(context.Context) string         { return "state for unknown" }
func (stateForUnknownChecked) MarkdownDescription(context.Context) string { return "state for unknown" }
func (stateForUnknownChecked) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || !req.PlanValue.IsUnknown() || req.ConfigValue.IsUnknown() {
		return
	}
	resp.PlanValue = req.StateValue
}

// emptyIsNull plans the stored empty string where the configuration is
// null: the attribute is not Computed, so the plan must stay null.
type emptyIsNull struct{}

func (emptyIsNull) Description(context.Context) string         { return "empty is null" }
func (emptyIsNull) MarkdownDescription(context.Context) string { return "empty is null" }
func (emptyIsNull) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	if req.StateValue.IsNull() || req.StateValue.ValueString() != "" {
		return
	}
	resp.PlanValue = req.StateValue // want `PLAN-2: plan modifier PlanModifyString plans the prior state's value for "filter" of serverResource: the attribute is not Computed`
}

// emptyIsNullComputed is the same on a Computed attribute: fine.
type emptyIsNullComputed struct{}

func (emptyIsNullComputed) Description(context.Context) string         { return "empty is null" }
func (emptyIsNullComputed) MarkdownDescription(context.Context) string { return "empty is null" }
func (emptyIsNullComputed) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	if req.StateValue.IsNull() || req.StateValue.ValueString() != "" {
		return
	}
	resp.PlanValue = req.StateValue
}

// configModel reads the whole configuration and tests its own attribute.
type configModel struct{}

func (configModel) Description(context.Context) string         { return "config model" }
func (configModel) MarkdownDescription(context.Context) string { return "config model" }
func (configModel) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	var config struct {
		Mode types.String `tfsdk:"mode"`
	}
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if config.Mode.IsNull() {
		resp.PlanValue = types.StringUnknown()
	}
}

// perAttribute is shared; it acts for "kind" only.
type perAttribute struct{}

func (perAttribute) Description(context.Context) string         { return "per attribute" }
func (perAttribute) MarkdownDescription(context.Context) string { return "per attribute" }
func (perAttribute) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.Path.Equal(path.Root("etag")) {
		resp.PlanValue = types.StringUnknown()
	}
}

// keepEquivalent keeps the prior form when only the case differs: fine.
type keepEquivalent struct{}

func (keepEquivalent) Description(context.Context) string         { return "equal fold" }
func (keepEquivalent) MarkdownDescription(context.Context) string { return "equal fold" }
func (keepEquivalent) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if strings.EqualFold(req.ConfigValue.ValueString(), req.StateValue.ValueString()) {
		resp.PlanValue = req.StateValue
		return
	}
	resp.PlanValue = types.StringValue(req.ConfigValue.ValueString())
}

// unknownOnChange marks a value unknown: fine on a Computed-only attribute.
type unknownOnChange struct{}

func (unknownOnChange) Description(context.Context) string         { return "unknown" }
func (unknownOnChange) MarkdownDescription(context.Context) string { return "unknown" }
func (unknownOnChange) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	resp.PlanValue = types.StringUnknown()
}

type serverResource struct{}

func (r *serverResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_server"
}

func (r *serverResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"region":   schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{defaultValue("eu")}},
		"zone":     schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{defaultValue("a")}},
		"name":     schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{lowerCase{}}},
		"kind":     schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{keepEquivalent{}, perAttribute{}}},
		"etag":     schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{unknownOnChange{}}},
		"team_id":  schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stripPrefix{}}},
		"derived":  schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{fromOther{}}},
		"mode":     schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{configModel{}}},
		"pool":     schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{configModel{}}}, // guarded by "mode" unset: a validator ties them, out of sight
		"derived2": schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{fromOtherKnown{}}},
		"secret":   schema.StringAttribute{Optional: true, Computed: true, Sensitive: true, PlanModifiers: []planmodifier.String{keepSecret{}}},
		"secret2":  schema.StringAttribute{Optional: true, Computed: true, Sensitive: true, PlanModifiers: []planmodifier.String{keepSecret{}}},
		"token":    schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{stateForUnknown{}}},
		"token2":   schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{stateForUnknownChecked{}}},
		"serial":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stateForUnknown{}}}, // Computed only: the configuration is always null
		"filter":   schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{emptyIsNull{}}},
		"filter2":  schema.StringAttribute{Optional: true, Computed: true, PlanModifiers: []planmodifier.String{emptyIsNullComputed{}}},
	}}
}

func (r *serverResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *serverResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *serverResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *serverResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// --- ModifyPlan ---

type templateModel struct {
	ID       types.String `tfsdk:"id"`
	Template types.String `tfsdk:"template"`
	Label    types.String `tfsdk:"label"`
	Version  types.String `tfsdk:"version"`
	Owner    types.String `tfsdk:"owner"`
	Settings types.Object `tfsdk:"settings"`
}

type templateResource struct{}

var _ resource.ResourceWithModifyPlan = &templateResource{}

func (r *templateResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_template"
}

func (r *templateResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"template": schema.StringAttribute{Required: true},
		"label":    schema.StringAttribute{Optional: true, Computed: true},
		"version":  schema.StringAttribute{Computed: true},
		"owner":    schema.StringAttribute{Optional: true, Computed: true},
	}}
}

// The C04 shape: the configured template is trimmed in the plan.
func (r *templateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var plan, state templateModel
	var config templateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
		plan.Owner = state.Owner // the prior state's value: fine
		if plan.Label.IsUnknown() {
			plan.Label = state.Label // want `PLAN-8: templateResource.ModifyPlan plans "label" as the prior state's value: this branch is taken when the configuration is not yet known`
		}
		if plan.Version.IsUnknown() {
			plan.Version = state.Version // Computed only: fine
		}
		if plan.Owner.IsUnknown() && config.Owner.IsNull() {
			plan.Owner = state.Owner // not configured: fine
		}
	}
	plan.Version = types.StringUnknown() // Computed only: fine
	if config.Owner.IsNull() {
		plan.Owner = types.StringValue("me") // not configured, Computed: fine
	}
	if !plan.Template.IsNull() && !plan.Template.IsUnknown() {
		plan.Template = types.StringValue(strings.TrimSpace(plan.Template.ValueString())) // want `PLAN-1: templateResource.ModifyPlan plans "template" as a value of its own`
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("label"), types.StringUnknown())...) // want `PLAN-3: templateResource.ModifyPlan plans "label" as an unknown value`
}

func (r *templateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *templateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *templateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *templateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// recordResource keeps its models behind pointers.
type recordResource struct{}

var _ resource.ResourceWithModifyPlan = &recordResource{}

func (r *recordResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_record"
}

func (r *recordResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"template": schema.StringAttribute{Required: true},
		"label":    schema.StringAttribute{Optional: true, Computed: true},
		"settings": schema.SingleNestedAttribute{Optional: true, Computed: true, Attributes: map[string]schema.Attribute{
			"flag": schema.BoolAttribute{Optional: true, Computed: true},
		}},
	}}
}

func (r *recordResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan *templateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	var state *templateModel
	if !req.State.Raw.IsNull() {
		state = &templateModel{}
		resp.Diagnostics.Append(req.State.Get(ctx, state)...)
	}
	if plan == nil || state == nil {
		return
	}
	if strings.EqualFold(plan.Template.ValueString(), state.Template.ValueString()) {
		plan.Template = state.Template // the prior state's equal form: fine
		plan.Label = nullString()      // null: fine
		// A rebuilt nested object may keep what is configured: not decided.
		plan.Settings = types.ObjectValueMust(map[string]attr.Type{"flag": types.BoolType}, map[string]attr.Value{"flag": types.BoolValue(false)})
	} else {
		plan.Label = types.StringValue(strings.ToUpper(plan.Template.ValueString())) // want `PLAN-1: recordResource.ModifyPlan plans "label" as a value of its own`
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
	if plan.Label.IsNull() || plan.Label.IsUnknown() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("label"), types.StringValue("default"))...) // want `PLAN-1: recordResource.ModifyPlan plans "label" as a value of its own: a null or unknown plan value does not mean the configuration leaves it unset`
	}
}

func (r *recordResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *recordResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *recordResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *recordResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

func resources() []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return &serverResource{} },
		func() resource.Resource { return &templateResource{} },
		func() resource.Resource { return &recordResource{} },
		func() resource.Resource { return &sandboxResource{} },
		func() resource.Resource { return &fleetResource{} },
		func() resource.Resource { return &packResource{} },
		func() resource.Resource { return &tierResource{} },
		func() resource.Resource { return &pipeResource{} },
	}
}

func nullString() types.String { return types.StringNull() }

// A plan that pins an attribute under a condition on another one, while
// ValidateConfig rejects any other configured value there: left alone.
type sandboxModel struct {
	ID      types.String `tfsdk:"id"`
	Runtime types.String `tfsdk:"runtime"`
	Sandbox types.String `tfsdk:"sandbox"`
	Resync  types.Bool   `tfsdk:"resync"`
}

type sandboxResource struct{}

func (r *sandboxResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_sandbox"
}

func (r *sandboxResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"runtime": schema.StringAttribute{Required: true},
		"sandbox": schema.StringAttribute{Optional: true, Computed: true},
		"resync":  schema.BoolAttribute{Optional: true},
	}}
}

func (r *sandboxResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config sandboxModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if config.Runtime.ValueString() == "native" && !config.Sandbox.IsNull() && !config.Sandbox.IsUnknown() && config.Sandbox.ValueString() != "basic" {
		resp.Diagnostics.AddAttributeError(path.Root("sandbox"), "native runtimes use the basic sandbox", "")
	}
}

func (r *sandboxResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var config, plan sandboxModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if config.Runtime.ValueString() == "native" {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("sandbox"), "basic")...)
	}
	// A configured true planned as false: no validation covers it.
	if !config.Resync.IsNull() && config.Resync.ValueBool() {
		plan.Resync = types.BoolValue(false) // want `PLAN-1: sandboxResource.ModifyPlan plans "resync" as a value of its own`
		resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
	}
}

func (r *sandboxResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *sandboxResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *sandboxResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *sandboxResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// fleetResource hands its plan model to a helper that marks values
// unknown; only the helper's test of the configuration keeps a
// configured value as written.
type fleetModel struct {
	ID      types.String `tfsdk:"id"`
	Size    types.Int64  `tfsdk:"size"`
	Nodes   types.String `tfsdk:"nodes"`
	Version types.String `tfsdk:"version"`
	Labels  types.String `tfsdk:"labels"`
}

type fleetResource struct{}

func (r *fleetResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_fleet"
}

func (r *fleetResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"size":    schema.Int64Attribute{Required: true},
		"nodes":   schema.StringAttribute{Computed: true},
		"version": schema.StringAttribute{Optional: true, Computed: true},
		"labels":  schema.StringAttribute{Optional: true, Computed: true},
	}}
}

func (r *fleetResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	var plan, state, config *fleetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !plan.Size.Equal(state.Size) {
		markResized(plan, config)
	}
	if !config.Version.IsUnknown() {
		markResizedAt(plan, config.Version.ValueString())
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

func markResized(plan, config *fleetModel) {
	plan.Nodes = types.StringUnknown()   // Computed only: fine
	plan.Version = types.StringUnknown() // want `PLAN-3: fleetResource.ModifyPlan plans "version" as an unknown value`
	if config.Labels.IsNull() {
		plan.Labels = types.StringUnknown() // not configured: fine
	}
}

func (r *fleetResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *fleetResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *fleetResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *fleetResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// packResource keeps prior values in ModifyPlan under tests that make the
// unknown case impossible (another attribute set, with which a validator
// makes this one conflict; a non-Computed value both null and configured)
// and under one that does not (a Required value planned unknown).
type packData struct {
	Flags types.Int64 `tfsdk:"flags"`
}

type packModel struct {
	ID       types.String `tfsdk:"id"`
	Content  types.String `tfsdk:"content"`
	Data     *packData    `tfsdk:"data"`
	Branding types.Bool   `tfsdk:"branding"`
	Hosts    types.String `tfsdk:"hosts"`
}

type packResource struct{}

func (r *packResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_pack"
}

func (r *packResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"content":  schema.StringAttribute{Optional: true, Computed: true},
		"data":     schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{"flags": schema.Int64Attribute{Optional: true}}},
		"branding": schema.BoolAttribute{Optional: true},
		"hosts":    schema.StringAttribute{Required: true},
	}}
}

func (r *packResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var plan, state, config *packModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.Content.IsUnknown() && plan.Data != nil {
		plan.Content = state.Content // content conflicts with data: fine
	}
	if plan.Branding.IsNull() && !config.Branding.IsNull() {
		plan.Branding = state.Branding // a branch never taken: fine
	}
	if plan.Hosts.IsUnknown() {
		plan.Hosts = state.Hosts // want `PLAN-8: packResource.ModifyPlan plans "hosts" as the prior state's value`
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

func (r *packResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *packResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *packResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *packResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// markResizedAt re-expresses a value it is handed: not decided.
func markResizedAt(plan *fleetModel, version string) {
	plan.Version = types.StringValue(strings.TrimPrefix(version, "v"))
}

// tierResource plans constants its own tests of the configuration choose.
type tierModel struct {
	ID    types.String `tfsdk:"id"`
	Mode  types.String `tfsdk:"mode"`
	Tier  types.String `tfsdk:"tier"`
	Level types.String `tfsdk:"level"`
	Zone  types.String `tfsdk:"zone"`
}

type tierResource struct{}

func (r *tierResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_tier"
}

func (r *tierResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"mode":  schema.StringAttribute{Optional: true, Computed: true},
		"tier":  schema.StringAttribute{Optional: true, Computed: true},
		"level": schema.StringAttribute{Optional: true, Computed: true},
		"zone":  schema.StringAttribute{Optional: true, Computed: true},
	}}
}

func (r *tierResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || req.State.Raw.IsNull() {
		return
	}
	var config, plan, state tierModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || config.Mode.IsUnknown() {
		return
	}
	if isFast(config) {
		plan.Mode = types.StringValue("fast") // the configured "fast", or chosen for a null: fine
		plan.Tier = types.StringValue("gold") // want `PLAN-1: tierResource.ModifyPlan plans "tier" as a value of its own`
	} else {
		plan.Mode = types.StringValue("slow")
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)

	var level types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("level"), &level)...)
	if level.IsNull() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("level"), "basic")...) // not configured: fine
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("zone"), state.Zone.ValueString())...) // the prior state's value: fine
}

func isFast(config tierModel) bool {
	switch config.Mode.ValueString() {
	case "fast":
		return true
	case "slow":
		return false
	}
	return !config.Tier.IsNull()
}

func (r *tierResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *tierResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *tierResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *tierResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// pipeResource decides its mode through booleans built from the
// configuration's tests.
type pipeResource struct{}

func (r *pipeResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_pipe"
}

func (r *pipeResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"template": schema.StringAttribute{Optional: true, Computed: true},
		"steps":    schema.StringAttribute{Optional: true, Computed: true},
		"agents":   schema.StringAttribute{Optional: true, Computed: true},
	}}
}

func (r *pipeResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var cfgTemplate, cfgSteps types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("template"), &cfgTemplate)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("steps"), &cfgSteps)...)
	if cfgTemplate.IsUnknown() || cfgSteps.IsUnknown() {
		return
	}
	templateMode := !cfgTemplate.IsNull()
	explicitSteps := !templateMode && !cfgSteps.IsNull()
	if !templateMode {
		if !explicitSteps {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("steps"), "default")...) // neither configured: fine
		}
	}
	known := !cfgSteps.IsUnknown() && !cfgSteps.IsNull()
	if !known {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("steps"), "default")...) // not configured (unknown returned above): fine
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("agents"), "any")...) // want `PLAN-1: pipeResource.ModifyPlan plans "agents" as a value of its own`
}

func (r *pipeResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *pipeResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *pipeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *pipeResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
