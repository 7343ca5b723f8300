package zerofornull

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// site is what the API answers: plain values, "" and false when unset.
type site struct {
	ID          string
	Name        string
	Domain      string
	Branch      string
	Alias       *string
	Public      bool
	Timeout     int64
	Kind        kind
	Owner       string
	Region      string
	Note        string
	Settings    *settings
	Description string
	Flags       settings
	RegionName  *string
}

type kind string

func (s *site) GetRegionName() string {
	if s.RegionName == nil {
		return ""
	}
	return *s.RegionName
}

type settings struct {
	Mode  string
	Level string
}

func (s *site) GetOwner() string { return s.Owner }

func (s *site) GetRegion() string { return s.Region }

func (s *site) GetNote() string { return s.Note }

func (s *site) GetNoteOk() (*string, bool) { return &s.Note, s.Note != "" }

func (s *site) HasBranch() bool { return s.Branch != "" }

func (s *site) GetBranch() string { return s.Branch }

type client struct{}

func (client) get(string) (*site, error)    { return &site{}, nil }
func (client) put(siteModel) (*site, error) { return &site{}, nil }

type flagsModel struct {
	Mode  types.String `tfsdk:"mode"`
	Level types.String `tfsdk:"level"`
}

type settingsModel struct {
	Mode  types.String `tfsdk:"mode"`
	Level types.String `tfsdk:"level"`
}

type siteModel struct {
	ID          types.String   `tfsdk:"id"`
	Name        types.String   `tfsdk:"name"`
	Domain      types.String   `tfsdk:"domain"`
	Branch      types.String   `tfsdk:"branch"`
	Alias       types.String   `tfsdk:"alias"`
	Public      types.Bool     `tfsdk:"public"`
	Timeout     types.Int64    `tfsdk:"timeout"`
	Kind        types.String   `tfsdk:"kind"`
	Owner       types.String   `tfsdk:"owner"`
	Region      types.String   `tfsdk:"region"`
	Note        types.String   `tfsdk:"note"`
	Label       types.String   `tfsdk:"label"`
	Settings    *settingsModel `tfsdk:"settings"`
	Description types.String   `tfsdk:"description"`
	Flags       flagsModel     `tfsdk:"flags"`
}

type siteResource struct{ c client }

func (r *siteResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_site"
}

func (r *siteResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":          schema.StringAttribute{Computed: true},
		"name":        schema.StringAttribute{Required: true},
		"domain":      schema.StringAttribute{Optional: true},
		"branch":      schema.StringAttribute{Optional: true},
		"alias":       schema.StringAttribute{Optional: true},
		"public":      schema.BoolAttribute{Optional: true},
		"timeout":     schema.Int64Attribute{Optional: true},
		"kind":        schema.StringAttribute{Optional: true},
		"owner":       schema.StringAttribute{Optional: true},
		"region":      schema.StringAttribute{Optional: true, Computed: true},
		"note":        schema.StringAttribute{Optional: true},
		"label":       schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("")},
		"description": schema.StringAttribute{Optional: true},
		"settings": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"mode":  schema.StringAttribute{Optional: true},
			"level": schema.StringAttribute{Optional: true, Computed: true},
		}},
		"flags": schema.SingleNestedAttribute{Required: true, Attributes: map[string]schema.Attribute{
			"mode":  schema.StringAttribute{Optional: true},
			"level": schema.StringAttribute{Optional: true, Computed: true},
		}},
	}}
}

func (r *siteResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan siteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.put(plan)
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.fromAPI(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// fromAPI is shared by Create, Update and Read.
func (m *siteModel) fromAPI(out *site) {
	m.ID = types.StringValue(out.ID)              // Computed: anything goes
	m.Name = types.StringValue(out.Name)          // Required: never null in the configuration
	m.Domain = types.StringValue(out.Domain)      // want `APPLY-2: siteResource.Create saves "domain" \(Optional, not Computed\) as types.StringValue\(Domain\): when the configuration leaves it out`
	m.Public = types.BoolValue(out.Public)        // want `APPLY-2: siteResource.Create saves "public" \(Optional, not Computed\) as types.BoolValue\(Public\)`
	m.Timeout = types.Int64Value(out.Timeout)     // want `APPLY-2: siteResource.Create saves "timeout"`
	m.Kind = types.StringValue(string(out.Kind))  // want `APPLY-2: siteResource.Create saves "kind"`
	m.Owner = types.StringValue(out.GetOwner())   // want `APPLY-2: siteResource.Create saves "owner" \(Optional, not Computed\) as types.StringValue\(GetOwner\)`
	m.Alias = types.StringPointerValue(out.Alias) // nil stays null
	m.Region = types.StringValue(out.Region)      // Optional+Computed: the plan holds unknown
	m.Label = types.StringValue(out.Note)         // has a Default, so Computed: never null in the plan
	if out.Branch != "" {                         // an empty answer keeps the plan's null
		m.Branch = types.StringValue(out.Branch)
	}
	m.Note = types.StringValue(out.Note) // overridden below when empty
	if out.Note == "" {
		m.Note = types.StringNull()
	}
	if !m.Description.IsNull() { // only when configured
		m.Description = types.StringValue(out.Description)
	}
	if out.Settings != nil { // a related object the API answers when it was configured
		m.Settings = &settingsModel{
			Mode:  types.StringValue(out.Settings.Mode),
			Level: types.StringValue(out.Settings.Level),
		}
	}
	m.Flags = flagsModel{
		Mode:  types.StringValue(out.Flags.Mode),  // want `APPLY-2: siteResource.Create saves "mode" \(Optional, not Computed\)`
		Level: types.StringValue(out.Flags.Level), // Optional+Computed
	}
}

func (r *siteResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state siteModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	out, err := r.c.get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.fromAPI(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *siteResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan siteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if _, err := r.c.put(plan); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	// the plan's values are kept: nothing from the API
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *siteResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// A resource whose Read alone saves the API's zero value: every plan shows a
// change back to null (no apply error, as Create and Update keep the plan).
type hookModel struct {
	ID     types.String `tfsdk:"id"`
	Secret types.String `tfsdk:"secret"`
	URL    types.String `tfsdk:"url"`
	Topic  types.String `tfsdk:"topic"`
}

type hook struct {
	ID     string
	Secret string
	URL    string
	Topic  string
}

type hookResource struct{}

func (r *hookResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_hook"
}

func (r *hookResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":     schema.StringAttribute{Computed: true},
		"secret": schema.StringAttribute{Optional: true},
		"url":    schema.StringAttribute{Optional: true},
		"topic":  schema.StringAttribute{Optional: true},
	}}
}

func (r *hookResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan hookModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.ID = types.StringValue("h")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func fetchHook(string) hook { return hook{} }

func (r *hookResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state hookModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	h := fetchHook(state.ID.ValueString())
	state.Secret = types.StringValue(h.Secret)             // want `READ-3: hookResource.Read saves "secret" \(Optional, not Computed\) as types.StringValue\(Secret\): when the configuration leaves it out, state holds the API's zero value`
	state.URL = types.StringValue(state.URL.ValueString()) // the state's own value
	prior := state
	state.Topic = types.StringValue(h.Topic)
	keepNulls(&state, prior) // puts the null back
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func keepNulls(m *hookModel, prior hookModel) {
	if prior.Topic.IsNull() {
		m.Topic = types.StringNull()
	}
}

func (r *hookResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan hookModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *hookResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var (
	_ resource.Resource = &siteResource{}
	_ resource.Resource = &hookResource{}
)

// Generated API clients answer through getters, with presence tests beside.
type keyModel struct {
	ID     types.String `tfsdk:"id"`
	Note   types.String `tfsdk:"note"`
	Branch types.String `tfsdk:"branch"`
	Owner  types.String `tfsdk:"owner"`
	Region types.String `tfsdk:"region"`
}

type keyResource struct{ c client }

func (r *keyResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_key"
}

func (r *keyResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":     schema.StringAttribute{Computed: true},
		"note":   schema.StringAttribute{Optional: true},
		"branch": schema.StringAttribute{Optional: true},
		"owner":  schema.StringAttribute{Optional: true},
		"region": schema.StringAttribute{Optional: true},
	}}
}

func (r *keyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan keyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.get("")
	if _, ok := out.GetNoteOk(); ok {
		plan.Note = types.StringValue(out.GetNote())
	}
	if out.HasBranch() {
		plan.Branch = types.StringValue(out.GetBranch())
	}
	plan.Owner = types.StringValue(out.GetOwner()) // want `APPLY-2: keyResource.Create saves "owner"`
	if out.RegionName != nil {                     // the field the getter reads is tested
		plan.Region = types.StringValue(out.GetRegionName())
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *keyResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *keyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *keyResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var _ resource.Resource = &keyResource{}
