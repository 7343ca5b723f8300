package updaterejects

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type registry struct{}

type registryModel struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Ecosystem types.String `tfsdk:"ecosystem"`
	Team      types.String `tfsdk:"team"`
	Region    types.String `tfsdk:"region"`
}

func (registry) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (registry) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"name":      schema.StringAttribute{Required: true},
		"ecosystem": schema.StringAttribute{Required: true}, // want `SCHEMA-3: "ecosystem" of registry can change in place \(Required, no RequiresReplace\), but registry.Update fails whenever it changes`
		"team":      schema.StringAttribute{Optional: true}, // want `SCHEMA-3: "team" of registry can change in place \(Optional, no RequiresReplace\)`
		"region": schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{
			stringplanmodifier.RequiresReplace(),
		}},
	}}
}

func (registry) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan registryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.ID = types.StringValue(plan.Name.ValueString() + plan.Ecosystem.ValueString() + plan.Team.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (registry) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state registryModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (registry) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state registryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if !plan.Ecosystem.Equal(state.Ecosystem) {
		resp.Diagnostics.AddError("Cannot change ecosystem", "the ecosystem of a registry is fixed at creation")
		return
	}
	if plan.Team.ValueString() != state.Team.ValueString() {
		resp.Diagnostics.AddAttributeError(path.Root("team"), "Cannot change team", "create a new registry")
		return
	}
	if !plan.Region.Equal(state.Region) {
		resp.Diagnostics.AddError("Cannot change region", "")
		return
	}
	if !plan.Name.Equal(state.Name) {
		resp.Diagnostics.AddWarning("Renaming", "the registry is renamed") // a warning: Update goes on
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (registry) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = registry{}
