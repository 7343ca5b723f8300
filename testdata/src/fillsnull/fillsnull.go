package fillsnull

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

type sshKey struct{}

type sshKeyModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	ServiceName types.String `tfsdk:"service_name"`
	Region      types.String `tfsdk:"region"`
	Zone        types.String `tfsdk:"zone"`
	Comment     types.String `tfsdk:"comment"`
	Label       types.String `tfsdk:"label"`
	Note        types.String `tfsdk:"note"`
}

func (sshKey) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (sshKey) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":           schema.StringAttribute{Computed: true},
		"name":         schema.StringAttribute{Required: true},
		"service_name": schema.StringAttribute{Optional: true},
		"region":       schema.StringAttribute{Optional: true},
		"zone":         schema.StringAttribute{Optional: true, Computed: true}, // Computed: filling it in is allowed
		"comment":      schema.StringAttribute{Optional: true},
		"label":        schema.StringAttribute{Optional: true},
		"note":         schema.StringAttribute{Optional: true},
	}}
}

// resolveServiceName fills its caller's model when the configuration has none.
func resolveServiceName(data *sshKeyModel) string {
	if !data.ServiceName.IsNull() && !data.ServiceName.IsUnknown() && data.ServiceName.ValueString() != "" {
		return data.ServiceName.ValueString()
	}
	env := os.Getenv("CLOUD_PROJECT_SERVICE")
	data.ServiceName = types.StringValue(env) // want `APPLY-2: sshKey.Create fills "service_name" in when the configuration leaves it out, though it is Optional and not Computed`
	return env
}

func (sshKey) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data sshKeyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	_ = resolveServiceName(&data)
	if data.Region.IsNull() || data.Region.IsUnknown() {
		data.Region = types.StringValue("eu-west") // want `APPLY-2: sshKey.Create fills "region" in`
	}
	if data.Zone.IsNull() {
		data.Zone = types.StringValue("a")
	}
	if data.Comment.IsNull() {
		data.Comment = types.StringNull() // stays null
	} else {
		data.Comment = types.StringValue(data.Comment.ValueString() + "")
	}
	if !data.Note.IsNull() {
		if data.Note.ValueString() == "" {
			data.Note = types.StringValue("") // a configured "" kept
		}
	}
	var request sshKeyModel
	if request.Label.IsNull() {
		request.Label = types.StringValue("default") // a request built aside, never saved
	}
	data.ID = types.StringValue("k")
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

func (sshKey) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state sshKeyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if !state.Label.IsNull() {
		state.Label = types.StringValue("from the API") // only when configured
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (sshKey) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (sshKey) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = sshKey{}

// A custom string type embedding the framework's, as generated providers
// declare them.
type tfString struct{ basetypes.StringValue }

func NewTfStringValue(s string) tfString { return tfString{basetypes.NewStringValue(s)} }

type cloudKeyModel struct {
	ID      types.String `tfsdk:"id"`
	Project tfString     `tfsdk:"project"`
}

type cloudKey struct{}

func (cloudKey) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (cloudKey) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"project": schema.StringAttribute{Optional: true, CustomType: basetypes.StringType{}},
	}}
}

func (cloudKey) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var data cloudKeyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &data)...)
	if data.Project.IsNull() || data.Project.ValueString() == "" {
		data.Project = NewTfStringValue(os.Getenv("CLOUD_PROJECT")) // want `APPLY-2: cloudKey.Create fills "project" in`
	}
	data.ID = types.StringValue("k")
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

func (cloudKey) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (cloudKey) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (cloudKey) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = cloudKey{}
