package incompleteimport

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type model struct {
	ResourceID   types.String `tfsdk:"resource_id"`
	ResourceName types.String `tfsdk:"resource_name"`
	Description  types.String `tfsdk:"description"`
}

type client struct{}

func (client) Get(string) (string, error) { return "", nil }

type base struct{ c client }

func (base) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_project"
}
func (base) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"resource_id":   schema.StringAttribute{Computed: true},
		"resource_name": schema.StringAttribute{Computed: true},
		"description":   schema.StringAttribute{Optional: true},
	}}
}
func (base) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (r base) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	desc, err := r.c.Get(state.ResourceID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Description = types.StringValue(desc)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// The F13 shape: the ID goes into resource_name, Read looks up by resource_id.
type wrongAttribute struct{ base }

func (wrongAttribute) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("resource_name"), req, resp) // want `IMPORT-1: wrongAttribute.ImportState passes the ID into "resource_name", which Read never reads, while Read uses "resource_id"`
}

// Writes nothing at all.
type writesNothing struct{ base }

func (writesNothing) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) { // want `IMPORT-1: writesNothing.ImportState writes nothing into resp.State`
	_ = req.ID
}

// --- safe idioms ---

// The ID goes where Read looks.
type rightAttribute struct{ base }

func (rightAttribute) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("resource_id"), req, resp)
}

// Import not supported: an error, not a missing state.
type notSupported struct{ base }

func (notSupported) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resp.Diagnostics.AddError("import not supported", "recreate it instead")
}

// Two attributes set from a composite ID: more than passthrough, left alone.
type composite struct{ base }

func (composite) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("resource_name"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("resource_id"), req.ID+"-id")...)
}

// Handed to a helper: out of sight.
type helper struct{ base }

func importByName(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {}

func (helper) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importByName(ctx, req, resp)
}
