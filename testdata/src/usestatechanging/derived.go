package usestatechanging

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type plan struct{ ID, Name string }

func (client) plans() ([]plan, error) { return nil, nil }

type instanceModel struct {
	ID       types.String `tfsdk:"id"`
	PlanName types.String `tfsdk:"plan_name"`
	PlanID   types.String `tfsdk:"plan_id"`
	Name     types.String `tfsdk:"name"`
	FullName types.String `tfsdk:"full_name"`
	// The instance's own name and identifier.
	InstanceName types.String `tfsdk:"instance_name"`
	InstanceID   types.String `tfsdk:"instance_id"`
}

// The plan id is resolved from the configured plan name: a new plan name
// changes it in place, but UseStateForUnknown promised the old one.
type instanceResource struct{ c client }

func (r *instanceResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_instance"
}

func (r *instanceResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"plan_name": schema.StringAttribute{Required: true},
		"plan_id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "plan_id" of instanceResource is Computed with UseStateForUnknown, so every plan promises its prior value, but it is derived from "plan_name" by name`
		// A new name replaces the instance: its full name is unknown then.
		"name":      schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"full_name": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		// Its own identifier, which a rename keeps: fine.
		"instance_name": schema.StringAttribute{Required: true},
		"instance_id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (r *instanceResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *instanceResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *instanceResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m instanceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if err := r.loadPlanID(&m); err != nil {
		resp.Diagnostics.AddError("plan", err.Error())
		return
	}
	m.FullName = types.StringValue("org/" + m.Name.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// loadPlanID resolves the configured plan name to its id.
func (r *instanceResource) loadPlanID(m *instanceModel) error {
	plans, err := r.c.plans()
	if err != nil {
		return err
	}
	for _, p := range plans {
		if p.Name == m.PlanName.ValueString() {
			m.PlanID = types.StringValue(p.ID)
		}
	}
	if len(plans) > 0 {
		m.InstanceID = types.StringValue(plans[0].ID)
	}
	return nil
}

func (r *instanceResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// Safe: the plan id is planned unknown (no UseStateForUnknown), and a new
// plan name replaces the other instance.
type instanceFixed struct{ c client }

func (r *instanceFixed) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_instance_fixed"
}

func (r *instanceFixed) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"plan_name": schema.StringAttribute{Required: true},
		"plan_id":   schema.StringAttribute{Computed: true},
		"name":      schema.StringAttribute{Required: true},
		"full_name": schema.StringAttribute{Computed: true},
	}}
}

func (r *instanceFixed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *instanceFixed) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *instanceFixed) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m instanceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	plans, err := r.c.plans()
	if err != nil {
		resp.Diagnostics.AddError("plan", err.Error())
		return
	}
	for _, p := range plans {
		if p.Name == m.PlanName.ValueString() {
			m.PlanID = types.StringValue(p.ID)
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *instanceFixed) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

func moreResources() []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &instanceResource{} }, func() resource.Resource { return &instanceFixed{} }}
}
