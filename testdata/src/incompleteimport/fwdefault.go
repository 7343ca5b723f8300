package incompleteimport

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A policy imported by ID, with a switch whose default is true.

type policyModel struct {
	ID       types.String `tfsdk:"id"`
	Name     types.String `tfsdk:"name"`
	CatchAll types.Bool   `tfsdk:"catch_all"`
}

type policyAPI struct {
	Name     string
	CatchAll bool
}

func (client) Policy(string) (policyAPI, error) { return policyAPI{}, nil }

type policyBase struct{ c client }

func (policyBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_policy"
}
func (policyBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"name":      schema.StringAttribute{Optional: true, Computed: true},
		"catch_all": schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(true)},
	}}
}
func (policyBase) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (policyBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (policyBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (policyBase) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

// Read never sets catch_all: after import it is null, and the plan puts
// true back.
type policy struct{ policyBase }

func (r policy) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) { // want `IMPORT-3: policy is imported with ImportStatePassthroughID, which sets only the attribute the ID goes into, but its Read never sets "catch_all", which has a default`
	var state policyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Policy(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Name = types.StringValue(got.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// --- safe idiom: Read sets it from the API's answer ---
type policyFull struct{ policyBase }

func (r policyFull) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state policyModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Policy(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Name = types.StringValue(got.Name)
	state.CatchAll = types.BoolValue(got.CatchAll)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
