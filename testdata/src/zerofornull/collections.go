package zerofornull

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// member is what the API answers.
type member struct {
	ID        string
	Confirmed bool
	Projects  []string
	Groups    []string
	Labels    []string
	Teams     []string
	Roles     []string
	Owners    []string
	Tags      []string
}

type memberModel struct {
	ID       types.String `tfsdk:"id"`
	Projects types.Set    `tfsdk:"projects"`
	Groups   types.Set    `tfsdk:"groups"`
	Labels   types.List   `tfsdk:"labels"`
	Teams    types.Set    `tfsdk:"teams"`
	Roles    types.List   `tfsdk:"roles"`
	Owners   types.Set    `tfsdk:"owners"`
	Tags     types.Set    `tfsdk:"tags"`
}

type memberResource struct{}

func fetchMember(string) member { return member{} }

func (r *memberResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_member"
}

func (r *memberResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"projects": schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"groups":   schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"labels":   schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"teams":    schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"roles":    schema.ListAttribute{Optional: true, Computed: true, ElementType: types.StringType},
		"owners":   schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"tags":     schema.SetAttribute{Optional: true, ElementType: types.StringType},
	}}
}

func (r *memberResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := fetchMember(plan.ID.ValueString())
	result := toMember(ctx, out, plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, &result)...)
}

func toMember(ctx context.Context, out member, plan memberModel) memberModel {
	var projects []attr.Value
	for _, p := range out.Projects {
		projects = append(projects, types.StringValue(p))
	}
	var groups []attr.Value
	for _, g := range out.Groups {
		groups = append(groups, types.StringValue(g))
	}
	groupSet := types.SetNull(types.StringType)
	if len(groups) > 0 {
		groupSet = types.SetValueMust(types.StringType, groups)
	}
	teams := make([]string, 0, len(out.Teams))
	teams = append(teams, out.Teams...)
	teamSet, _ := types.SetValueFrom(ctx, types.StringType, teams)
	labels, _ := types.ListValueFrom(ctx, types.StringType, out.Labels)
	roles, _ := types.ListValueFrom(ctx, types.StringType, append([]string{}, out.Roles...))
	m := memberModel{
		ID: types.StringValue(out.ID),
		// The bug: empty, never null; only an unconfirmed member puts the null back.
		Projects: types.SetValueMust(types.StringType, projects), // want `APPLY-2: memberResource.Create saves "projects" \(Optional, not Computed\) as types.SetValueMust on every path`
		// Safe: null when empty.
		Groups: groupSet,
		// Safe: a slice the API answered is nil when empty, and nil is null.
		Labels: labels,
		// The bug: a slice made here is empty, not nil.
		Teams: teamSet, // want `APPLY-2: memberResource.Create saves "teams" \(Optional, not Computed\) as types.SetValueFrom on every path`
		// Safe: Computed, an empty list is a value the provider may choose.
		Roles: roles,
	}
	if !out.Confirmed {
		m.Projects = types.SetNull(types.StringType)
	}
	// Safe: set only when the API has some.
	m.Owners = types.SetNull(types.StringType)
	if len(out.Owners) > 0 {
		m.Owners, _ = types.SetValueFrom(ctx, types.StringType, append([]string{}, out.Owners...))
	}
	// Safe: the plan's null is put back.
	m.Tags, _ = types.SetValueFrom(ctx, types.StringType, append([]string{}, out.Tags...))
	if plan.Tags.IsNull() {
		m.Tags = plan.Tags
	}
	return m
}

func (r *memberResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *memberResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *memberResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
