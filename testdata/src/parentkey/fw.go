package parentkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/parentkey/api"
)

type secretModel struct {
	ID    types.String `tfsdk:"id"`
	App   types.String `tfsdk:"app"`
	Name  types.String `tfsdk:"name"`
	Value types.String `tfsdk:"value"`
}

type secretBase struct{ client *api.Client }

func (r *secretBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_secret"
}

func (r *secretBase) create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	s, err := r.client.CreateSecret(plan.App.ValueString(), plan.Name.ValueString(), plan.Value.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	plan.ID = types.StringValue(plan.App.ValueString() + "/" + s.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *secretBase) read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state secretModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	s, err := r.client.GetSecret(state.App.ValueString(), state.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Value = types.StringValue(s.Value)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *secretBase) delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state secretModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if err := r.client.DeleteSecret(state.App.ValueString(), state.Name.ValueString()); err != nil {
		resp.Diagnostics.AddError("delete", err.Error())
	}
}

// Update makes the secret again with the planned app and name: a new name
// makes a second secret, and the old one is left behind.
type secretResource struct{ secretBase }

func (r *secretResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"app":   schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"name":  schema.StringAttribute{Required: true}, // want `SCHEMA-3: "name" of secretResource can change in place \(Required, no RequiresReplace\), but it addresses the object \(Delete and Read use it to find it\) and Update only re-issues Create's CreateSecret with the new value`
		"value": schema.StringAttribute{Required: true, Sensitive: true},
	}}
}

func (r *secretResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.create(ctx, req, resp)
}

func (r *secretResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.read(ctx, req, resp)
}

func (r *secretResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.delete(ctx, req, resp)
}

func (r *secretResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if _, err := r.client.CreateSecret(plan.App.ValueString(), plan.Name.ValueString(), plan.Value.ValueString()); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The twin: name forces a new secret, and the upsert only changes the value.
type secretReplaced struct{ secretBase }

func (r *secretReplaced) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"app":   schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"name":  schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"value": schema.StringAttribute{Required: true, Sensitive: true},
	}}
}

func (r *secretReplaced) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.create(ctx, req, resp)
}

func (r *secretReplaced) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.read(ctx, req, resp)
}

func (r *secretReplaced) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	r.delete(ctx, req, resp)
}

func (r *secretReplaced) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if _, err := r.client.CreateSecret(plan.App.ValueString(), plan.Name.ValueString(), plan.Value.ValueString()); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var (
	_ resource.Resource = &secretResource{}
	_ resource.Resource = &secretReplaced{}
)
