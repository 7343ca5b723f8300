package nullforempty

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// role is what the API answers; it omits empty lists.
type role struct {
	ID       string
	Cluster  []string
	Triggers []string
	Filters  *[]string
	Tags     []string
	Labels   map[string]string
	Owners   []string
	Groups   []string
	Roles    []string
	Members  []string
	Notes    []string
	Scopes   []string
	Aliases  []string
}

type roleModel struct {
	ID       types.String `tfsdk:"id"`
	Cluster  types.Set    `tfsdk:"cluster"`
	Triggers types.Set    `tfsdk:"triggers"`
	Filters  types.List   `tfsdk:"filters"`
	Tags     types.Set    `tfsdk:"tags"`
	Labels   types.Map    `tfsdk:"labels"`
	Owners   types.Set    `tfsdk:"owners"`
	Groups   types.Set    `tfsdk:"groups"`
	Roles    types.Set    `tfsdk:"roles"`
	Members  types.Set    `tfsdk:"members"`
	Notes    types.List   `tfsdk:"notes"`
	Scopes   types.Set    `tfsdk:"scopes"`
	Aliases  types.Set    `tfsdk:"aliases"`
}

type roleResource struct{}

// SizeAtLeast stands for setvalidator.SizeAtLeast (the validators module is
// not among the fixtures' dependencies).
func SizeAtLeast(int) validator.Set { return nil }

func fetchRole(string) role { return role{} }

func (r *roleResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_role"
}

func (r *roleResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"cluster":  schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"triggers": schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"filters":  schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"tags":     schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"labels":   schema.MapAttribute{Required: true, ElementType: types.StringType},
		"owners":   schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"groups": schema.SetAttribute{Optional: true, ElementType: types.StringType,
			Validators: []validator.Set{SizeAtLeast(1)}},
		"roles":   schema.SetAttribute{Optional: true, Computed: true, ElementType: types.StringType},
		"members": schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"notes":   schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"scopes":  schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"aliases": schema.SetAttribute{Optional: true, ElementType: types.StringType},
	}}
}

func (r *roleResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan roleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := fetchRole(plan.ID.ValueString())
	prior := plan
	fromAPI(ctx, &plan, out, prior)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// stringSet makes null from an empty answer, whatever the plan held.
func stringSet(ctx context.Context, xs []string) types.Set {
	if len(xs) == 0 {
		return types.SetNull(types.StringType)
	}
	s, _ := types.SetValueFrom(ctx, types.StringType, xs)
	return s
}

// keepEmpty tells null from [] by the value the caller held.
func keepEmpty(ctx context.Context, xs []string, held types.Set) types.Set {
	if len(xs) == 0 {
		if held.IsNull() || held.IsUnknown() {
			return types.SetNull(types.StringType)
		}
		return types.SetValueMust(types.StringType, []attr.Value{})
	}
	s, _ := types.SetValueFrom(ctx, types.StringType, xs)
	return s
}

func fromAPI(ctx context.Context, m *roleModel, out role, prior roleModel) {
	m.ID = types.StringValue(out.ID)
	// The bug: an empty answer becomes null, where the plan may hold [].
	if len(out.Cluster) > 0 {
		m.Cluster, _ = types.SetValueFrom(ctx, types.StringType, out.Cluster)
	} else {
		m.Cluster = types.SetNull(types.StringType) // want `APPLY-2: roleResource.Create saves "cluster" \(Optional, not Computed\) as types.SetNull when the API's answer is empty`
	}
	// The bug, in a helper.
	m.Triggers = stringSet(ctx, out.Triggers) // want `APPLY-2: roleResource.Create saves "triggers" \(Optional, not Computed\) as stringSet\(...\) when the API's answer is empty`
	// The bug: nil or empty, both null.
	if out.Filters == nil || len(*out.Filters) == 0 {
		m.Filters = types.ListNull(types.StringType) // want `APPLY-2: roleResource.Create saves "filters" \(Optional, not Computed\) as types.ListNull when the API's answer is empty`
	} else {
		m.Filters, _ = types.ListValueFrom(ctx, types.StringType, *out.Filters)
	}
	// The bug: null first, replaced only when the answer has elements.
	m.Tags = types.SetNull(types.StringType) // want `APPLY-2: roleResource.Create saves "tags" \(Optional, not Computed\) as types.SetNull when the API's answer is empty`
	if len(out.Tags) > 0 {
		m.Tags, _ = types.SetValueFrom(ctx, types.StringType, out.Tags)
	}
	// The bug on a Required map, chosen through a phi.
	labels := types.MapNull(types.StringType)
	if len(out.Labels) != 0 {
		labels, _ = types.MapValueFrom(ctx, types.StringType, out.Labels)
	}
	m.Labels = labels // want `APPLY-2: roleResource.Create saves "labels" \(Required\) as types.MapNull when the API's answer is empty`

	// Safe: null only when the plan held null.
	if len(out.Owners) == 0 && m.Owners.IsNull() {
		m.Owners = types.SetNull(types.StringType)
	} else {
		m.Owners, _ = types.SetValueFrom(ctx, types.StringType, out.Owners)
	}
	// Safe: a validator refuses [], so null is the only empty value.
	if len(out.Groups) == 0 {
		m.Groups = types.SetNull(types.StringType)
	} else {
		m.Groups, _ = types.SetValueFrom(ctx, types.StringType, out.Groups)
	}
	// Safe: Computed, the provider may choose null.
	if len(out.Roles) == 0 {
		m.Roles = types.SetNull(types.StringType)
	} else {
		m.Roles, _ = types.SetValueFrom(ctx, types.StringType, out.Roles)
	}
	// Safe: the helper is handed the value the plan held.
	m.Members = keepEmpty(ctx, out.Members, prior.Members)
	// Safe: only a missing answer is null, an empty one is kept.
	if out.Notes == nil {
		m.Notes = types.ListNull(types.StringType)
	} else {
		m.Notes, _ = types.ListValueFrom(ctx, types.StringType, out.Notes)
	}
	// Safe: the plan's value is put back when the answer is empty.
	m.Scopes = stringSet(ctx, out.Scopes)
	if len(out.Scopes) == 0 {
		m.Scopes = prior.Scopes
	}
}

func (r *roleResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state roleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	out := fetchRole(state.ID.ValueString())
	// The bug in Read: a configured [] shows a change on every plan.
	if len(out.Aliases) == 0 {
		state.Aliases = types.SetNull(types.StringType) // want `READ-3: roleResource.Read saves "aliases" \(Optional, not Computed\) as types.SetNull when the API's answer is empty`
	} else {
		state.Aliases, _ = types.SetValueFrom(ctx, types.StringType, out.Aliases)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *roleResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *roleResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
