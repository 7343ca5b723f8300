package incompleteimport

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A contact imported by ID: Read refreshes what the API returns, and must
// fill every attribute the configuration holds.

type contactModel struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Phone  types.String `tfsdk:"phone"`
	Region types.String `tfsdk:"region"`
	Kind   types.String `tfsdk:"kind"`
	Secret types.String `tfsdk:"secret"`
}

type contactAPI struct{ Name, Phone, Region string }

func (client) Contact(string) (contactAPI, error) { return contactAPI{}, nil }

type contactBase struct{ c client }

func (contactBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_contact"
}
func (contactBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"name":  schema.StringAttribute{Required: true},
		"phone": schema.StringAttribute{Required: true},
		"region": schema.StringAttribute{Optional: true, Computed: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		// Read sets it from a constant of the provider's (which kind the
		// API answered with): that counts.
		"kind": schema.StringAttribute{Required: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		// A secret the API never returns: no Read can fill it.
		"secret": schema.StringAttribute{Required: true, Sensitive: true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
	}}
}
func (contactBase) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (contactBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (contactBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (contactBase) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

// Read never sets phone (Required) nor region (RequiresReplace).
type contact struct{ contactBase }

func (r contact) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) { // want `IMPORT-3: contact is imported with ImportStatePassthroughID, which sets only the attribute the ID goes into, but its Read never sets "region" \(Optional, Computed, RequiresReplace\)` `IMPORT-3: contact is imported with ImportStatePassthroughID, which sets only the attribute the ID goes into, but its Read never sets "phone" \(Required\)`
	var state contactModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Contact(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Name = types.StringValue(got.Name)
	state.Kind = types.StringValue("person")
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// --- safe idioms ---

// Read fills everything, through a helper mapping the API's answer.
type contactFull struct{ contactBase }

func (m *contactModel) fromAPI(got contactAPI) {
	m.Name = types.StringValue(got.Name)
	m.Phone = types.StringValue(got.Phone)
	m.Region = types.StringValue(got.Region)
	m.Kind = types.StringValue("person")
}

func (r contactFull) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state contactModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Contact(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.fromAPI(got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Read hands the model to code out of sight: quiet.
type contactOpaque struct{ contactBase }

func fill(any) {}

func (r contactOpaque) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state contactModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	fill(&state)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
