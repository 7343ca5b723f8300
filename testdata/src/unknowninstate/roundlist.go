package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Planned list elements make the round trip: decoded with ElementsAs into
// a slice of element structs, some fields filled from the API, rebuilt with
// ListValueFrom and saved. The nested Computed id, with no Default, is
// unknown in the plan of every element the configuration writes.
type poolModel struct {
	ID      types.String `tfsdk:"id"`
	Members types.List   `tfsdk:"members"`
}

type poolMember struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Status types.String `tfsdk:"status"`
}

var poolMemberTypes = map[string]attr.Type{"id": types.StringType, "name": types.StringType, "status": types.StringType}

type poolAPIMember struct{ ID, Name, Status string }

func (client) Pool([]string) (string, []poolAPIMember) { return "", nil }

type poolBase struct{ c client }

func (poolBase) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (poolBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"members": schema.ListNestedAttribute{Required: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{
				"id":     schema.StringAttribute{Computed: true},
				"name":   schema.StringAttribute{Required: true},
				"status": schema.StringAttribute{Computed: true, Default: stringdefault.StaticString("up")},
			}}},
	}}
}
func (poolBase) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (poolBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (poolBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type poolKeepsPlanned struct{ poolBase }

func (r poolKeepsPlanned) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m poolModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var members []poolMember
	resp.Diagnostics.Append(m.Members.ElementsAs(ctx, &members, false)...)
	id, got := r.c.Pool(nil)
	m.ID = types.StringValue(id)
	for i := range members {
		if i < len(got) {
			members[i].Status = types.StringValue(got[i].Status)
		}
	}
	list, diags := types.ListValueFrom(ctx, types.ObjectType{AttrTypes: poolMemberTypes}, members)
	resp.Diagnostics.Append(diags...)
	m.Members = list
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...) // want `APPLY-1: poolKeepsPlanned.Create can save the nested attribute "members.id"`
}

// Safe twin: each element's id is filled from the API in the loop.
type poolFillsID struct{ poolBase }

func (r poolFillsID) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m poolModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var members []poolMember
	resp.Diagnostics.Append(m.Members.ElementsAs(ctx, &members, false)...)
	id, got := r.c.Pool(nil)
	m.ID = types.StringValue(id)
	for i := range members {
		if i < len(got) {
			members[i].Status = types.StringValue(got[i].Status)
			members[i].ID = types.StringValue(got[i].ID)
		}
	}
	list, diags := types.ListValueFrom(ctx, types.ObjectType{AttrTypes: poolMemberTypes}, members)
	resp.Diagnostics.Append(diags...)
	m.Members = list
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// Safe twin: the list is rebuilt from the API's answer, the planned
// elements only name the members to create (an id the API leaves out is
// null, not unknown).
type poolFromAPI struct{ poolBase }

func (r poolFromAPI) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m poolModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var members []poolMember
	resp.Diagnostics.Append(m.Members.ElementsAs(ctx, &members, false)...)
	names := []string{}
	for _, pm := range members {
		names = append(names, pm.Name.ValueString())
	}
	id, got := r.c.Pool(names)
	m.ID = types.StringValue(id)
	out := []poolMember{}
	for _, g := range got {
		out = append(out, poolMember{Name: types.StringValue(g.Name), Status: types.StringValue(g.Status)})
	}
	list, diags := types.ListValueFrom(ctx, types.ObjectType{AttrTypes: poolMemberTypes}, out)
	resp.Diagnostics.Append(diags...)
	m.Members = list
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// Safe twin: each element is replaced whole; the new struct's id is null
// (known), not the planned unknown.
type poolReplaces struct{ poolBase }

func (r poolReplaces) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m poolModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var members []poolMember
	resp.Diagnostics.Append(m.Members.ElementsAs(ctx, &members, false)...)
	id, got := r.c.Pool(nil)
	m.ID = types.StringValue(id)
	for i := range members {
		if i < len(got) {
			members[i] = poolMember{Name: members[i].Name, Status: types.StringValue(got[i].Status)}
		}
	}
	list, diags := types.ListValueFrom(ctx, types.ObjectType{AttrTypes: poolMemberTypes}, members)
	resp.Diagnostics.Append(diags...)
	m.Members = list
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// Safe twin: the same code as poolKeepsPlanned, but id has a Default, so
// the plan knows it. A set, decoded and rebuilt with SetValueFrom.
type poolSetModel struct {
	ID      types.String `tfsdk:"id"`
	Members types.Set    `tfsdk:"members"`
}

type poolDefaultBase struct{ poolBase }

func (poolDefaultBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"members": schema.SetNestedAttribute{Required: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{
				"id":     schema.StringAttribute{Computed: true, Default: stringdefault.StaticString("")},
				"name":   schema.StringAttribute{Required: true},
				"status": schema.StringAttribute{Computed: true, Default: stringdefault.StaticString("up")},
			}}},
	}}
}

type poolSetDefaulted struct{ poolDefaultBase }

func (r poolSetDefaulted) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m poolSetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var members []poolMember
	resp.Diagnostics.Append(m.Members.ElementsAs(ctx, &members, false)...)
	id, got := r.c.Pool(nil)
	m.ID = types.StringValue(id)
	for i := range members {
		if i < len(got) {
			members[i].Status = types.StringValue(got[i].Status)
		}
	}
	set, diags := types.SetValueFrom(ctx, types.ObjectType{AttrTypes: poolMemberTypes}, members)
	resp.Diagnostics.Append(diags...)
	m.Members = set
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// The set shape of the bug, with a Computed id and no Default.
type poolSetBase struct{ poolBase }

func (poolSetBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"members": schema.SetNestedAttribute{Required: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{
				"id":     schema.StringAttribute{Computed: true},
				"name":   schema.StringAttribute{Required: true},
				"status": schema.StringAttribute{Computed: true, Default: stringdefault.StaticString("up")},
			}}},
	}}
}

type poolSetKeepsPlanned struct{ poolSetBase }

func (r poolSetKeepsPlanned) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m poolSetModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	var members []poolMember
	resp.Diagnostics.Append(m.Members.ElementsAs(ctx, &members, false)...)
	id, _ := r.c.Pool(nil)
	m.ID = types.StringValue(id)
	set, diags := types.SetValueFrom(ctx, types.ObjectType{AttrTypes: poolMemberTypes}, members)
	resp.Diagnostics.Append(diags...)
	m.Members = set
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...) // want `APPLY-1: poolSetKeepsPlanned.Create can save the nested attribute "members.id"`
}

var (
	_ resource.Resource = poolKeepsPlanned{}
	_ resource.Resource = poolFillsID{}
	_ resource.Resource = poolFromAPI{}
	_ resource.Resource = poolReplaces{}
	_ resource.Resource = poolSetDefaulted{}
	_ resource.Resource = poolSetKeepsPlanned{}
)
