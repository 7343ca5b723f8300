package zerofornull

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// role is what the API answers: pointers, nil when unset.
type role struct {
	Key         string
	Description *string
	Summary     *string
	FirstName   *string
	LastName    *string
	Note        *string
	Weight      *int64
	Topic       *string
	Tags        []string
	Labels      []string
	Owners      []string
	Filters     []string
	Groups      []string
	Raw         []map[string]any
}

type roleModel struct {
	ID          types.String `tfsdk:"id"`
	Description types.String `tfsdk:"description"`
	Summary     types.String `tfsdk:"summary"`
	FirstName   types.String `tfsdk:"first_name"`
	LastName    types.String `tfsdk:"last_name"`
	Note        types.String `tfsdk:"note"`
	Weight      types.Int64  `tfsdk:"weight"`
	Topic       types.String `tfsdk:"topic"`
	Tags        types.Set    `tfsdk:"tags"`
	Labels      types.Set    `tfsdk:"labels"`
	Owners      types.Set    `tfsdk:"owners"`
	Filters     types.List   `tfsdk:"filters"`
	Groups      types.Set    `tfsdk:"groups"`
	Modes       types.List   `tfsdk:"modes"`
	Teams       types.Set    `tfsdk:"teams"`
}

type roleResource struct{}

func fetchRole(string) *role { return &role{} }

func (r *roleResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_role"
}

func (r *roleResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":          schema.StringAttribute{Computed: true},
		"description": schema.StringAttribute{Optional: true},
		"summary":     schema.StringAttribute{Optional: true, Computed: true},
		"first_name":  schema.StringAttribute{Optional: true},
		"last_name":   schema.StringAttribute{Optional: true},
		"note":        schema.StringAttribute{Optional: true},
		"weight":      schema.Int64Attribute{Optional: true},
		"topic":       schema.StringAttribute{Optional: true},
		"tags":        schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"labels":      schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"owners":      schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"filters":     schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"groups":      schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"modes":       schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"teams":       schema.SetAttribute{Optional: true, ElementType: types.StringType},
	}}
}

func (r *roleResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan roleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	r.readInto(ctx, plan.ID.ValueString(), &plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// stringFromPointer answers "" for nil: a known zero, never null.
func stringFromPointer(p *string) types.String {
	if p == nil {
		return types.StringValue("")
	}
	return types.StringValue(*p)
}

// stringOrNull answers null for nil.
func stringOrNull(p *string) types.String {
	if p == nil {
		return types.StringNull()
	}
	return types.StringValue(*p)
}

// stringKeepingPlan answers "" only where the plan held a value.
func stringKeepingPlan(plan types.String, p *string) types.String {
	if p == nil {
		if plan.IsNull() {
			return types.StringNull()
		}
		return types.StringValue("")
	}
	return types.StringValue(*p)
}

// setFromSlice makes an empty set of a nil slice.
func setFromSlice(ctx context.Context, vals []string) (types.Set, diag.Diagnostics) {
	if vals == nil {
		vals = []string{}
	}
	return types.SetValueFrom(ctx, types.StringType, vals)
}

// setOrNull makes null of an empty slice.
func setOrNull(ctx context.Context, vals []string) (types.Set, diag.Diagnostics) {
	if len(vals) == 0 {
		return types.SetNull(types.StringType), nil
	}
	return types.SetValueFrom(ctx, types.StringType, vals)
}

// flattenFilters builds the list element by element: empty when there are none.
func flattenFilters(filters []string) types.List {
	out := make([]attr.Value, 0)
	for _, f := range filters {
		out = append(out, types.StringValue(f))
	}
	return types.ListValueMust(types.StringType, out)
}

// setKeepingNull is told whether the attribute was null.
func setKeepingNull(ids []string, keepNull bool) (types.Set, diag.Diagnostics) {
	if len(ids) == 0 && keepNull {
		return types.SetNull(types.StringType), nil
	}
	values := make([]attr.Value, len(ids))
	for i, id := range ids {
		values[i] = types.StringValue(id)
	}
	return types.SetValue(types.StringType, values)
}

// teamsToState is handed the configured set and keeps its null.
func teamsToState(ids []string, config types.Set) types.Set {
	if len(ids) == 0 && config.IsNull() {
		return types.SetNull(types.StringType)
	}
	elems := make([]attr.Value, len(ids))
	for i, id := range ids {
		elems[i] = types.StringValue(id)
	}
	return types.SetValueMust(types.StringType, elems)
}

func (r *roleResource) readInto(ctx context.Context, id string, data *roleModel) {
	out := fetchRole(id)
	data.ID = types.StringValue(out.Key)
	if out.Description != nil {
		data.Description = types.StringValue(*out.Description)
	} else {
		data.Description = types.StringValue("") // want `APPLY-2: roleResource.Create saves "description" \(Optional, not Computed\) as types.StringValue\(""\): when the configuration leaves it out, the plan holds null and the API has no value`
	}
	if out.Summary != nil {
		data.Summary = types.StringValue(*out.Summary)
	} else {
		data.Summary = types.StringValue("") // Optional+Computed: the plan holds unknown
	}
	data.FirstName = stringFromPointer(out.FirstName)  // want `APPLY-2: roleResource.Create saves "first_name" \(Optional, not Computed\) as stringFromPointer\(\.\.\.\)`
	data.LastName = stringOrNull(out.LastName)         // null for nil
	data.Note = stringKeepingPlan(data.Note, out.Note) // "" only where the plan had a value
	weight := int64(0)
	if out.Weight != nil {
		weight = *out.Weight
	}
	data.Weight = types.Int64Value(weight) // want `APPLY-2: roleResource.Create saves "weight" \(Optional, not Computed\) as types.Int64Value\(0\)`
	if out.Topic != nil {
		data.Topic = types.StringValue(*out.Topic)
	} else if !data.Topic.IsNull() {
		data.Topic = types.StringValue("") // the configuration said ""
	}
	var d diag.Diagnostics
	data.Tags, d = setFromSlice(ctx, out.Tags) // want `APPLY-2: roleResource.Create saves "tags" \(Optional, not Computed\) as setFromSlice\(\.\.\.\) \(types.SetValueFrom inside\) on every path`
	_ = d
	data.Labels, _ = setOrNull(ctx, out.Labels) // null for none
	if len(out.Owners) > 0 {
		data.Owners, _ = setFromSlice(ctx, out.Owners) // only when the API has some
	}
	data.Groups, _ = setKeepingNull(out.Groups, data.Groups.IsNull()) // keeps the null itself
	data.Filters = flattenFilters(out.Filters)                        // want `APPLY-2: roleResource.Create saves "filters" \(Optional, not Computed\) as flattenFilters\(\.\.\.\) \(types.ListValueMust inside\)`
	data.Teams = teamsToState(out.Groups, data.Teams)
	for _, raw := range out.Raw {
		if v, ok := raw["modes"].([]string); ok { // present in the answer: configured
			data.Modes = flattenFilters(v)
		} else {
			data.Modes = types.ListNull(types.StringType)
		}
	}
}

func (r *roleResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state roleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *roleResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan roleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *roleResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var _ resource.Resource = &roleResource{}

// A model built with a zero default that only a configured value replaces.
type notifyModel struct {
	ID      types.String `tfsdk:"id"`
	Token   types.String `tfsdk:"token"`
	Secret  types.String `tfsdk:"secret"`
	Kind    types.String `tfsdk:"kind"`
	Channel types.String `tfsdk:"channel"`
	Offset  types.Int64  `tfsdk:"offset"`
}

type notifyResource struct{}

func (r *notifyResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_notify"
}

func (r *notifyResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"token":   schema.StringAttribute{Optional: true, Sensitive: true},
		"secret":  schema.StringAttribute{Optional: true, Sensitive: true},
		"kind":    schema.StringAttribute{Optional: true},
		"channel": schema.StringAttribute{Optional: true},
		"offset":  schema.Int64Attribute{Optional: true},
	}}
}

func notifyFromAPI(id string, plan notifyModel) *notifyModel {
	result := notifyModel{
		ID:     types.StringValue(id),
		Token:  types.StringValue(""), // want `APPLY-2: notifyResource.Create saves "token" \(Optional, not Computed\) as types.StringValue\(""\)`
		Secret: types.StringValue(""), // the null is put back below
		Kind:   types.StringValue(""), // the plan's value replaces it below
	}
	if plan.Token.ValueString() != "" {
		result.Token = plan.Token
	}
	if plan.Secret.IsNull() {
		result.Secret = types.StringNull()
	} else {
		result.Secret = plan.Secret
	}
	result.Kind = plan.Kind
	channel := ""
	if len(id) > 3 {
		channel = id[3:]
	}
	if channel != "" { // only a value the API has
		result.Channel = types.StringValue(channel)
	}
	result.Offset = plan.Offset
	configZero := known(plan.Offset) && plan.Offset.ValueInt64() == 0
	switch {
	case len(id) > 5:
		result.Offset = types.Int64Value(int64(len(id)))
	case configZero:
		result.Offset = types.Int64Value(0) // the configuration said 0
	default:
		result.Offset = types.Int64Null()
	}
	return &result
}

func known(v types.Int64) bool { return !v.IsNull() && !v.IsUnknown() }

func (r *notifyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan notifyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	state := notifyFromAPI("n", plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *notifyResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state notifyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *notifyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan notifyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *notifyResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var _ resource.Resource = &notifyResource{}

// Nested objects built from maps keyed by attribute name.
type flagRule struct {
	Variation   *int64
	Description *string
	Weight      *int64
	Label       *string
	Title       *string
}

type flagModel struct {
	ID    types.String `tfsdk:"id"`
	Rules types.List   `tfsdk:"rules"`
	Alias types.String `tfsdk:"alias"`
}

type flagResource struct{}

func (r *flagResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_flag"
}

func (r *flagResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"alias": schema.StringAttribute{Optional: true},
		"rules": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"variation":   schema.Int64Attribute{Optional: true},
			"description": schema.StringAttribute{Optional: true},
			"weight":      schema.Int64Attribute{Optional: true, Computed: true},
			"label":       schema.StringAttribute{Optional: true},
			"title":       schema.StringAttribute{Optional: true},
		}}},
	}}
}

var ruleAttrTypes = map[string]attr.Type{
	"variation":   types.Int64Type,
	"description": types.StringType,
	"weight":      types.Int64Type,
	"label":       types.StringType,
	"title":       types.StringType,
}

func rulesValue(rules []flagRule) types.List {
	elems := make([]attr.Value, 0, len(rules))
	for _, r := range rules {
		variation := types.Int64Value(0)
		if r.Variation != nil {
			variation = types.Int64Value(*r.Variation)
		}
		description := types.StringNull()
		if r.Description != nil {
			description = types.StringValue(*r.Description)
		}
		weight := types.Int64Value(0)
		if r.Weight != nil {
			weight = types.Int64Value(*r.Weight)
		}
		title := ""
		if r.Title != nil {
			title = *r.Title
		}
		elems = append(elems, types.ObjectValueMust(ruleAttrTypes, map[string]attr.Value{
			"title":       types.StringValue(title), // want `APPLY-2: flagResource.Create saves "title" \(Optional, not Computed\) as types.StringValue\(""\)`
			"variation":   variation,                // want `APPLY-2: flagResource.Create saves "variation" \(Optional, not Computed\) as types.Int64Value\(0\)`
			"description": description,
			"weight":      weight, // Optional+Computed
			"label":       stringOrNull(r.Label),
		}))
	}
	return types.ListValueMust(types.ObjectType{AttrTypes: ruleAttrTypes}, elems)
}

func (r *flagResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan flagModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	var rules []flagRule
	if !plan.Rules.IsNull() {
		plan.Rules = rulesValue(rules)
	}
	alias := types.StringValue("")
	if a := fetchRole("x").Note; a != nil {
		alias = types.StringValue(*a)
	}
	plan.Alias = alias // want `APPLY-2: flagResource.Create saves "alias" \(Optional, not Computed\) as types.StringValue\(""\)`
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *flagResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state flagModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *flagResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan flagModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *flagResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var _ resource.Resource = &flagResource{}
