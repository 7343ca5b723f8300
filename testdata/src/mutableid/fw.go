package mutableid

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type rulesModel struct {
	ID       types.String `tfsdk:"id"`
	ServerID types.String `tfsdk:"server_id"`
	Rules    types.String `tfsdk:"rules"`
}

type fwClient struct{}

func (fwClient) PutRules(server, rules string) error    { return nil }
func (fwClient) GetRules(server string) (string, error) { return "", nil }

type rulesBase struct{ c fwClient }

func (rulesBase) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (r rulesBase) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data rulesModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	data.ID = types.StringValue(data.ServerID.ValueString())
	if err := r.c.PutRules(data.ServerID.ValueString(), data.Rules.ValueString()); err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

func (r rulesBase) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var data rulesModel
	resp.Diagnostics.Append(req.State.Get(ctx, &data)...)
	rules, err := r.c.GetRules(data.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	data.ServerID = types.StringValue(data.ID.ValueString())
	data.Rules = types.StringValue(rules)
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

func (r rulesBase) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var data rulesModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	if err := r.c.PutRules(data.ServerID.ValueString(), data.Rules.ValueString()); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

func (rulesBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func idSchema() schema.StringAttribute {
	return schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}
}

// The ID is the server's; Update posts the rules to the new server and
// keeps the old ID.
type firewallRules struct{ rulesBase }

func (firewallRules) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        idSchema(),
		"server_id": schema.StringAttribute{Required: true}, // want `SCHEMA-3: "server_id" of firewallRules can change in place \(Required, no RequiresReplace\), but Create builds the resource ID from it`
		"rules":     schema.StringAttribute{Required: true},
	}}
}

var _ resource.Resource = firewallRules{}

// The same with RequiresReplace: a new server makes a new resource.
type pinnedRules struct{ rulesBase }

func (pinnedRules) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": idSchema(),
		"server_id": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{
			stringplanmodifier.RequiresReplace(),
		}},
		"rules": schema.StringAttribute{Required: true},
	}}
}

var _ resource.Resource = pinnedRules{}

// Update gives the resource its new ID.
type movingRules struct{ rulesBase }

func (movingRules) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        idSchema(),
		"server_id": schema.StringAttribute{Required: true},
		"rules":     schema.StringAttribute{Required: true},
	}}
}

func (r movingRules) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var data rulesModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	if err := r.c.PutRules(data.ServerID.ValueString(), data.Rules.ValueString()); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	data.ID = types.StringValue(data.ServerID.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

var _ resource.Resource = movingRules{}
