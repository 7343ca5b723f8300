package neversent

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type project struct{}

type projectModel struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Public types.Bool   `tfsdk:"public"`
	Region types.String `tfsdk:"region"`
	Kept   types.String `tfsdk:"kept"`
}

type apiProject struct {
	ID, Name, Region, Kept string
	Public                 bool
}

func (project) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (project) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":     schema.StringAttribute{Computed: true},
		"name":   schema.StringAttribute{Required: true},
		"public": schema.BoolAttribute{Optional: true}, // want `APPLY-2: "public" of project is configurable \(Optional\), but neither project.Create nor project.Update reads it while Read saves it from the API`
		"region": schema.StringAttribute{Optional: true, Computed: true},
		"kept":   schema.StringAttribute{Optional: true}, // Read keeps the prior value when equal
	}}
}

func (project) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan projectModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := apiProject{Name: plan.Name.ValueString()}
	plan.ID = types.StringValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (project) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state projectModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	out := fetch(state.ID.ValueString())
	state.Name = types.StringValue(out.Name)
	state.Public = types.BoolValue(out.Public)
	state.Region = types.StringValue(out.Region)
	if state.Kept.ValueString() != out.Kept {
		state.Kept = types.StringValue(out.Kept)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func fetch(id string) apiProject { return apiProject{ID: id} }

func (project) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan projectModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	_ = apiProject{Name: plan.Name.ValueString()}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (project) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = project{}
