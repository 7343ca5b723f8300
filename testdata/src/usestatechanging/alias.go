package usestatechanging

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Attributes stored from one API value: an old name kept beside the new
// one, an identifier that is the name.

type site struct {
	Name     string
	Feedback *bool
	Secure   bool
}

func (s *site) GetName() string { return s.Name }

func (client) site(name string) (*site, error) { return &site{}, nil }

type siteModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	Comments    types.Bool   `tfsdk:"comments"`
	Feedback    types.Bool   `tfsdk:"feedback"`
	Secure      types.Bool   `tfsdk:"secure"`
	Protected   types.Bool   `tfsdk:"protected"`
	Description types.String `tfsdk:"description"`
}

type siteResource struct{ c client }

func (r *siteResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_site"
}

func (r *siteResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "id" of siteResource is Computed with UseStateForUnknown, so every plan promises its prior value, but Update stores it from the same API value as "name"`
		"name": schema.StringAttribute{Required: true},
		"comments": schema.BoolAttribute{ // want `PLAN-9: "comments" of siteResource is Computed with UseStateForUnknown, so a plan that leaves it unset promises its prior value, but Update stores it from the same API value as "feedback"`
			Optional: true, Computed: true, DeprecationMessage: "Use feedback instead.",
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
		},
		// comments, deprecated, may be ignored by Update: it does not show
		// that it decides feedback.
		"feedback": schema.BoolAttribute{
			Optional: true, Computed: true,
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
		},
		// secure and protected are stored from one constant, which tells
		// nothing of the API; description from a value of its own.
		"secure":      schema.BoolAttribute{Optional: true},
		"protected":   schema.BoolAttribute{Computed: true, PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()}},
		"description": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (r *siteResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *siteResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *siteResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan siteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.site(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	state := toSiteModel(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func toSiteModel(s *site) siteModel {
	return siteModel{
		ID:          types.StringValue(s.GetName()),
		Name:        types.StringValue(s.GetName()),
		Comments:    types.BoolPointerValue(s.Feedback),
		Feedback:    types.BoolPointerValue(s.Feedback),
		Secure:      types.BoolValue(true),
		Protected:   types.BoolValue(true),
		Description: types.StringValue(s.Name + " site"),
	}
}

func (r *siteResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// siteRenamed: the same values, where a new name replaces the site and
// the two names of the flag plan unknown when left unset.
type siteRenamed struct{ c client }

func (r *siteRenamed) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_site_renamed"
}

func (r *siteRenamed) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":          schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name":        schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"comments":    schema.BoolAttribute{Optional: true, Computed: true, DeprecationMessage: "Use feedback instead."},
		"feedback":    schema.BoolAttribute{Optional: true, Computed: true},
		"secure":      schema.BoolAttribute{Optional: true},
		"protected":   schema.BoolAttribute{Computed: true, PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()}},
		"description": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (r *siteRenamed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *siteRenamed) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *siteRenamed) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan siteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.site(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	state := toSiteModel(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *siteRenamed) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
