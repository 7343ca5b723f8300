package importidindex

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	fwschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

type member struct{}

func (member) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_member"
}
func (member) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = fwschema.Schema{Attributes: map[string]fwschema.Attribute{
		"team": fwschema.StringAttribute{Required: true},
		"user": fwschema.StringAttribute{Required: true},
	}}
}
func (member) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (member) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (member) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (member) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (member) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts := strings.Split(req.ID, "/")
	if len(parts) != 2 || parts[0] == "" {
		resp.Diagnostics.AddError("Unexpected import ID", "expected team/user")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("team"), parts[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("user"), parts[1])...)
}

type memberOff struct{ member }

func (memberOff) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_member_off"
}

func (memberOff) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts := strings.Split(req.ID, "/")
	if len(parts) != 2 {
		resp.Diagnostics.AddError("Unexpected import ID", "expected team/user")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("team"), parts[1])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("user"), parts[2])...) // want `IMPORT-1: import of memberOff reads part \[2\] of a value it has just checked has exactly 2 parts`
}

var (
	_ resource.ResourceWithImportState = member{}
	_ resource.ResourceWithImportState = memberOff{}
)
