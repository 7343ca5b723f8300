package overwrittenset

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type userModel struct {
	ID    types.String `tfsdk:"id"`
	Email types.String `tfsdk:"email"`
	Phone types.String `tfsdk:"phone"`
}

type apiUser struct{ ID, Email, Phone string }

type user struct{}

func (user) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (user) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"email": schema.StringAttribute{Required: true},
		"phone": schema.StringAttribute{Optional: true},
	}}
}
func (user) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (user) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (user) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (user) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m userModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	u := apiUser{}
	m.ID = types.StringValue(u.ID)
	m.Email = types.StringValue(u.Email) // want `APPLY-2: "email" is saved here and saved again, with another value`
	m.Email = types.StringValue(u.Phone)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

var _ resource.Resource = user{}
