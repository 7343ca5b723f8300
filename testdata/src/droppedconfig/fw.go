package droppedconfig

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// monitor is what the API answers: no warehouse, no notes.
type monitor struct{ ID, Table, Status string }

func create(string) monitor { return monitor{} }

type monitorModel struct {
	ID        types.String `tfsdk:"id"`
	Table     types.String `tfsdk:"table"`
	Warehouse types.String `tfsdk:"warehouse"`
	Notes     types.String `tfsdk:"notes"`
	Status    types.String `tfsdk:"status"`
}

type monitorResource struct{}

func (r *monitorResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_monitor"
}

func (r *monitorResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"table":     schema.StringAttribute{Required: true},
		"warehouse": schema.StringAttribute{Required: true},
		"notes":     schema.StringAttribute{Optional: true},
		"status":    schema.StringAttribute{Computed: true},
	}}
}

// The bug: the state is built from the answer alone; warehouse and notes
// are lost.
func (r *monitorResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan monitorModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := create(plan.Table.ValueString())
	state := monitorModel{ID: types.StringValue(out.ID), Table: types.StringValue(out.Table)}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...) // want `APPLY-2: monitorResource.Create saves a model it built without "warehouse" \(Required\), "notes" \(Optional\)`
}

func (r *monitorResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

// Safe: the planned values are copied, or saved one by one after.
func (r *monitorResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan monitorModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := create(plan.Table.ValueString())
	state := monitorModel{ID: types.StringValue(out.ID), Table: types.StringValue(out.Table)}
	state.Warehouse = plan.Warehouse
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("notes"), plan.Notes)...)
}

func (r *monitorResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
