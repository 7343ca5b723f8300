package zerocollection

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type itemModel struct {
	Key types.String `tfsdk:"key"`
}

type netModel struct {
	ID    types.String `tfsdk:"id"`
	Name  types.String `tfsdk:"name"`
	Tags  types.Map    `tfsdk:"tags"`
	Ports types.List   `tfsdk:"ports"`
	Items []itemModel  `tfsdk:"items"`
}

type api struct{}

func (api) create(string) (string, []string, error) { return "", nil, nil }

type network struct{ c api }

func (network) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (network) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"name":  schema.StringAttribute{Required: true},
		"tags":  schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"ports": schema.ListAttribute{Computed: true, ElementType: types.StringType},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"key": schema.StringAttribute{Required: true},
		}}},
	}}
}

// Create builds the new state itself and forgets tags.
func (n network) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id, ports, err := n.c.create(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	portList, diags := types.ListValueFrom(ctx, types.StringType, ports)
	resp.Diagnostics.Append(diags...)
	state := netModel{
		ID:    types.StringValue(id),
		Name:  plan.Name,
		Ports: portList,
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...) // want `APPLY-3: network.Create saves a model it built without setting Tags \("tags"\)`
}

func (network) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (network) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// Update saves the plan it read: every field came from the plan.
func (network) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var _ resource.Resource = network{}

// gateway sets every collection field, or hands the model to a helper.
type gateway struct{ c api }

func (gateway) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (gateway) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"name":  schema.StringAttribute{Required: true},
		"tags":  schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"ports": schema.ListAttribute{Computed: true, ElementType: types.StringType},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"key": schema.StringAttribute{Required: true},
		}}},
	}}
}

func fill(m *netModel) { m.Ports = types.ListNull(types.StringType) }

func (g gateway) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id, _, _ := g.c.create(plan.Name.ValueString())
	state := netModel{
		ID:    types.StringValue(id),
		Name:  plan.Name,
		Tags:  plan.Tags,
		Ports: types.ListNull(types.StringType),
	} // items: a Go slice, nil converts to null
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (g gateway) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	state := netModel{ID: plan.ID, Name: plan.Name, Tags: plan.Tags}
	fill(&state) // the helper may fill the rest
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (gateway) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (gateway) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = gateway{}

// bridge initialises a variable from a literal and assigns more fields
// afterwards: ports is never assigned.
type bridge struct{ gateway }

func (b bridge) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id, _, _ := b.c.create(plan.Name.ValueString())
	state := netModel{
		ID:   types.StringValue(id),
		Name: plan.Name,
	}
	if !plan.Tags.IsNull() {
		state.Tags = plan.Tags
	} else {
		state.Tags = types.MapNull(types.StringType)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...) // want `APPLY-3: bridge.Create saves a model it built without setting Ports \("ports"\)`
}

var _ resource.Resource = bridge{}
