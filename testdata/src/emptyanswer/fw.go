package emptyanswer

import (
	"context"

	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/emptyanswer/api"
)

type model struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

type base struct{ c *api.Client }

func (base) Metadata(_ context.Context, req fwresource.MetadataRequest, resp *fwresource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_workflow"
}
func (base) Schema(_ context.Context, _ fwresource.SchemaRequest, resp *fwresource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Optional: true},
	}}
}
func (base) Create(context.Context, fwresource.CreateRequest, *fwresource.CreateResponse) {}
func (base) Update(context.Context, fwresource.UpdateRequest, *fwresource.UpdateResponse) {}
func (base) Delete(context.Context, fwresource.DeleteRequest, *fwresource.DeleteResponse) {}

type fwWorkflow struct{ base }

func (r fwWorkflow) Read(ctx context.Context, req fwresource.ReadRequest, resp *fwresource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	out, err := r.c.Search(ctx, api.Filter{ID: state.ID.ValueString()})
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Name = types.StringValue(out.Entities[0].Name) // want `READ-2: Read of fwWorkflow takes element 0 of Search's answer`
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// --- safe idioms ---

type fwTested struct{ base }

func (r fwTested) Read(ctx context.Context, req fwresource.ReadRequest, resp *fwresource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	out, err := r.c.Search(ctx, api.Filter{ID: state.ID.ValueString()})
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	if len(out.Entities) == 0 {
		resp.State.RemoveResource(ctx)
		return
	}
	state.Name = types.StringValue(out.Entities[0].Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
