package incompleteimport

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type shareModel struct {
	ID      types.String `tfsdk:"id"`
	Storage types.String `tfsdk:"storage"`
	Name    types.String `tfsdk:"name"`
	Size    types.Int64  `tfsdk:"size"`
}

type shareBase struct{}

func (shareBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_share"
}
func (shareBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"storage": schema.StringAttribute{Required: true},
		"name":    schema.StringAttribute{Required: true},
		"size":    schema.Int64Attribute{Computed: true},
	}}
}
func (shareBase) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (shareBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (shareBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (shareBase) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

// Import fills id only; Read looks the share up by storage and name.
type shareByName struct{ shareBase }

func (shareByName) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m shareModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	share, err := api.GetRole(ctx, m.Storage.ValueString(), m.Name.ValueString()) // want `IMPORT-1: shareByName.ImportState sets only "id", but Read looks the object up with "storage", "name" read from req.State`
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	m.ID = types.StringValue(share.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// --- safe idioms ---

// Read parses storage and name from the ID when import left them null.
type shareParsesID struct{ shareBase }

func (shareParsesID) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m shareModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if m.Storage.IsNull() {
		parts := strings.SplitN(m.ID.ValueString(), "/", 2)
		m.Storage, m.Name = types.StringValue(parts[0]), types.StringValue(parts[1])
	}
	share, err := api.GetRole(ctx, m.Storage.ValueString(), m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	m.ID = types.StringValue(share.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// ImportState sets what Read looks up by.
type shareSetsParts struct{ shareBase }

func (shareSetsParts) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts := strings.SplitN(req.ID, "/", 2)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("storage"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), parts[1])...)
}

func (shareSetsParts) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m shareModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	_, err := api.GetRole(ctx, m.Storage.ValueString(), m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
	}
}

// Read looks up by the ID import sets.
type shareByID struct{ shareBase }

func (shareByID) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m shareModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	_, err := api.GetRole(ctx, "", m.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
	}
}
