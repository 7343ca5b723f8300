package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A family of resources shares one generic implementation: each resource
// embeds genericStore[*itsModel, itsModel], whose Create and Update are
// promoted, and the model's own fromAPI fills the model.
type storeModel interface {
	fromAPI(fp string)
}

type genericStore[T interface {
	*M
	storeModel
}, M any] struct {
	c client
}

func (r *genericStore[T, M]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan T = new(M)
	resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	plan.fromAPI("fp")
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *genericStore[T, M]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan T = new(M)
	resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	plan.fromAPI("fp")
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // want `APPLY-1: pbsGenStore.Update can save "encryption_key_fingerprint" \(Computed\)`
}

type pbsGenModel struct {
	ID          types.String `tfsdk:"id"`
	Server      types.String `tfsdk:"server"`
	Fingerprint types.String `tfsdk:"encryption_key_fingerprint"`
}

// fromAPI fills the ID only: encryption_key_fingerprint keeps the plan's
// unknown after an update.
func (m *pbsGenModel) fromAPI(string) {
	m.ID = types.StringValue("x")
}

type pbsGenStore struct {
	*genericStore[*pbsGenModel, pbsGenModel]
}

func (pbsGenStore) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_pbs_gen"
}

func (pbsGenStore) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":                         schema.StringAttribute{Computed: true},
		"server":                     schema.StringAttribute{Required: true},
		"encryption_key_fingerprint": schema.StringAttribute{Computed: true},
	}}
}

func (pbsGenStore) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (pbsGenStore) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// Create fills the fingerprint itself before the generic Create runs.
func (r pbsGenStore) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan pbsGenModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.fromAPI("fp")
	plan.Fingerprint = types.StringNull()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The safe twin: its model's fromAPI sets the fingerprint (value or null).
type pbsGenSetModel struct {
	ID          types.String `tfsdk:"id"`
	Server      types.String `tfsdk:"server"`
	Fingerprint types.String `tfsdk:"encryption_key_fingerprint"`
}

func (m *pbsGenSetModel) fromAPI(fp string) {
	m.ID = types.StringValue("x")
	m.Fingerprint = types.StringNull()
	if fp != "" {
		m.Fingerprint = types.StringValue(fp)
	}
}

type pbsGenSetStore struct {
	*genericStore[*pbsGenSetModel, pbsGenSetModel]
}

func (pbsGenSetStore) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_pbs_gen_set"
}

func (pbsGenSetStore) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":                         schema.StringAttribute{Computed: true},
		"server":                     schema.StringAttribute{Required: true},
		"encryption_key_fingerprint": schema.StringAttribute{Computed: true},
	}}
}

func (pbsGenSetStore) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (pbsGenSetStore) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
