package nullforempty

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/nullforempty/conv"
)

// team is what the API answers for a team.
type team struct {
	Roles  []*string
	Owners []string
	Tags   map[string]string
}

type teamModel struct {
	ID      types.String `tfsdk:"id"`
	Roles   types.Set    `tfsdk:"roles"`
	Keys    types.Set    `tfsdk:"keys"`
	Members types.List   `tfsdk:"members"`
	Owners  []string     `tfsdk:"owners"`
	Admins  []string     `tfsdk:"admins"`
	Tags    types.Map    `tfsdk:"tags"`
	Labels  types.Map    `tfsdk:"labels"`
	Scopes  types.Set    `tfsdk:"scopes"`
}

type teamResource struct{}

func fetchTeam(string) (team, error) { return team{}, nil }

func (r *teamResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_team"
}

func (r *teamResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"roles":   schema.SetAttribute{Required: true, ElementType: types.StringType},
		"keys":    schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"members": schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"owners":  schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"admins":  schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"tags":    schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"labels":  schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"scopes":  schema.SetAttribute{Optional: true, Computed: true, ElementType: types.StringType},
	}}
}

// roleKeys collects the answer's keys into a slice that stays nil when
// there are none.
func roleKeys(id string) ([]string, error) {
	out, err := fetchTeam(id)
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, k := range out.Roles {
		if k != nil {
			keys = append(keys, *k)
		}
	}
	return keys, nil
}

// ownerNames starts from an empty, non-nil slice.
func ownerNames(out team) []string {
	names := []string{}
	for _, o := range out.Owners {
		names = append(names, o)
	}
	return names
}

func (r *teamResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan teamModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := fetchTeam(plan.ID.ValueString())
	// The bug: a nil slice becomes a null set, where the plan holds [].
	keys, err := roleKeys(plan.ID.ValueString())
	if err != nil {
		return
	}
	plan.Roles, _ = types.SetValueFrom(ctx, types.StringType, keys) // want `APPLY-2: teamResource.Create saves "roles" \(Required\) as types.SetValueFrom of the nil slice roleKeys\(...\) returns when the API's answer is empty`
	// The bug in the same function: a nil slice only appended to.
	var members []string
	for _, o := range out.Owners {
		members = append(members, o)
	}
	plan.Members, _ = types.ListValueFrom(ctx, types.StringType, members) // want `APPLY-2: teamResource.Create saves "members" \(Optional, not Computed\) as types.ListValueFrom of a nil slice when the API's answer is empty`
	// The bug on a Go slice model field: the framework saves nil as null.
	var owners []string
	for _, o := range out.Owners {
		owners = append(owners, o)
	}
	plan.Owners = owners // want `APPLY-2: teamResource.Create saves "owners" \(Optional, not Computed\) as nil when the API's answer is empty`
	// The bug in a converter of another package.
	plan.Tags = conv.ToMap(ctx, &out.Tags) // want `APPLY-2: teamResource.Create saves "tags" \(Optional, not Computed\) as conv.ToMap\(...\) when the API's answer is empty`

	// Safe: the slice is made empty first.
	plan.Admins = ownerNames(out)
	// Safe: the converter makes null only of a missing map.
	plan.Labels = conv.ToMapKeepEmpty(ctx, &out.Tags)
	// Safe: converted only when the answer has elements.
	var ks []string
	for _, k := range out.Roles {
		ks = append(ks, *k)
	}
	if len(ks) > 0 {
		plan.Keys, _ = types.SetValueFrom(ctx, types.StringType, ks)
	}
	// Safe: the answer is tested non-empty before the loop fills the slice.
	if len(out.Roles) > 0 {
		var named []string
		for _, k := range out.Roles {
			if k != nil {
				named = append(named, *k)
			}
		}
		plan.Keys, _ = types.SetValueFrom(ctx, types.StringType, named)
	}
	// Safe: Computed, the provider may choose null.
	var scopes []string
	for _, o := range out.Owners {
		scopes = append(scopes, o)
	}
	plan.Scopes, _ = types.SetValueFrom(ctx, types.StringType, scopes)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *teamResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *teamResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *teamResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
