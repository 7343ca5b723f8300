package createignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type memberModel struct {
	ID   types.String `tfsdk:"id"`
	User types.String `tfsdk:"user"`
	Role types.String `tfsdk:"role"`
}

type member struct{ ID, User, Role string }

type memberResource struct{}

func (r *memberResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_member"
}

func (r *memberResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"user": schema.StringAttribute{Required: true},
		"role": schema.StringAttribute{Optional: true}, // want `APPLY-2: "role" of memberResource is configurable \(Optional\) and memberResource.Update sends it, but memberResource.Create never reads it`
	}}
}

func (r *memberResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.ID = types.StringValue(plan.User.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *memberResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	m := member{}
	state := memberModel{ID: types.StringValue(m.ID), User: types.StringValue(m.User), Role: types.StringValue(m.Role)}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *memberResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan memberModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	_ = member{User: plan.User.ValueString(), Role: plan.Role.ValueString()}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *memberResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var _ resource.Resource = &memberResource{}
