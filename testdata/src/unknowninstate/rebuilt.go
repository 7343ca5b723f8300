package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Update builds the new state with a helper that takes values from the
// plan one by one, into a model pointer variable assigned on one branch.
type secretModel struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Plaintext types.String `tfsdk:"plaintext"`
	Role      types.String `tfsdk:"role"`
}

type secretOut struct{ ID, Name, Role string }

type secret struct{ c client }

func (secret) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (secret) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"name":      schema.StringAttribute{Required: true},
		"plaintext": schema.StringAttribute{Computed: true, Sensitive: true},
		"role":      schema.StringAttribute{Optional: true, Computed: true},
	}}
}

func secretFromAPI(out *secretOut, plaintext, role types.String) *secretModel {
	if out == nil {
		return nil
	}
	m := &secretModel{
		ID:        types.StringValue(out.ID),
		Name:      types.StringValue(out.Name),
		Plaintext: plaintext,
		Role:      types.StringValue(out.Role),
	}
	if out.Role == "" {
		m.Role = role
	}
	return m
}

func (secret) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (secret) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (secret) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (s secret) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var data *secretModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var state *secretModel
	if !data.Name.IsNull() {
		out := &secretOut{ID: data.ID.ValueString(), Name: data.Name.ValueString()}
		state = secretFromAPI(out, data.Plaintext, data.Role)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...) // want `APPLY-1: secret.Update can save "plaintext" \(Computed\) to resp.State while it still holds the plan's value`
}

var _ resource.Resource = secret{}
