package undeclaredkey

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

type member struct{}

func (member) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (member) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"team_id": schema.StringAttribute{Required: true},
		"user_id": schema.StringAttribute{Required: true},
		"role":    schema.StringAttribute{Optional: true},
	}}
}
func (member) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (member) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (member) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (member) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func (member) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	parts := strings.Split(req.ID, "/")
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("team"), parts[0])...) // want `IMPORT-1: resp.State.SetAttribute\(path.Root\("team"\)\) in the ImportState of member: "team" is not in the schema; the framework refuses the path, so every import fails`
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("user_id"), parts[1])...)
}

var _ resource.ResourceWithImportState = member{}

type team struct{ member }

func (team) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name": schema.StringAttribute{Required: true},
	}}
}

func (team) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp) // want `IMPORT-1: resource.ImportStatePassthroughID\(path.Root\("id"\)\) in the ImportState of team: "id" is not in the schema;`
}

type group struct{ member }

func (group) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
}

func (group) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp) // declared: fine
}

var (
	_ resource.ResourceWithImportState = team{}
	_ resource.ResourceWithImportState = group{}
)
