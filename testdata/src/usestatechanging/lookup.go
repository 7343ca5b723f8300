package usestatechanging

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// A value Update looks up by a configured one: the machine size's id,
// found by its cpu count in the list of sizes.

type size struct {
	ID   string
	CPUs int64
}

func (client) sizes() ([]size, error) { return nil, nil }

type sizeModel struct {
	ID   types.String `tfsdk:"id"`
	CPUs types.Int64  `tfsdk:"cpus"`
	Tier types.String `tfsdk:"tier"`
}

type machineModel struct {
	ID     types.String `tfsdk:"id"`
	Size   types.Object `tfsdk:"size"`
	Region types.String `tfsdk:"region"`
	Zone   types.String `tfsdk:"zone"`
}

var sizeTypes = map[string]attr.Type{"id": types.StringType, "cpus": types.Int64Type, "tier": types.StringType}

type machineResource struct{ c client }

func (r *machineResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_machine"
}

func (r *machineResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"size": schema.SingleNestedAttribute{
			Required: true,
			Attributes: map[string]schema.Attribute{
				"id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "size.id" of machineResource is Computed with UseStateForUnknown, so every plan promises its prior value, but Update looks it up by the value of "cpus"`
				"cpus": schema.Int64Attribute{Required: true},
				// set under a test of cpus, but not chosen by it: fine
				"tier": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			},
		},
		// zone is looked up by region, which replaces the machine: fine.
		"region": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"zone":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (r *machineResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *machineResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *machineResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan machineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	sz := &sizeModel{}
	resp.Diagnostics.Append(plan.Size.As(ctx, sz, basetypes.ObjectAsOptions{})...)
	if err := r.loadSizeID(sz); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	r.loadZone(&plan)
	plan.Size, _ = types.ObjectValueFrom(ctx, sizeTypes, sz)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *machineResource) loadSizeID(sz *sizeModel) error {
	all, err := r.c.sizes()
	if err != nil {
		return err
	}
	cpus := sz.CPUs.ValueInt64()
	if len(all) > 0 && all[0].CPUs == cpus {
		sz.Tier = types.StringValue(all[0].ID + "-tier")
	}
	for _, s := range all {
		if s.CPUs == cpus {
			sz.ID = types.StringValue(s.ID)
			return nil
		}
	}
	return errors.New("no such size")
}

func (r *machineResource) loadZone(m *machineModel) {
	all, _ := r.c.sizes()
	for _, s := range all {
		if s.ID == m.Region.ValueString() {
			m.Zone = types.StringValue(s.ID + "-a")
		}
	}
}

func (r *machineResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// machineSized keeps the size's id only in the state, and plans it unknown
// otherwise: fine.
type machineSized struct{ machineResource }

func (r *machineSized) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_machine_sized"
}

func (r *machineSized) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"size": schema.SingleNestedAttribute{
			Required: true,
			Attributes: map[string]schema.Attribute{
				"id":   schema.StringAttribute{Computed: true},
				"cpus": schema.Int64Attribute{Required: true},
				// set under a test of cpus, but not chosen by it: fine
				"tier": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			},
		},
		"region": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"zone":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (r *machineSized) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan machineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	sz := &sizeModel{}
	resp.Diagnostics.Append(plan.Size.As(ctx, sz, basetypes.ObjectAsOptions{})...)
	if err := r.loadSizeID(sz); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	r.loadZone(&plan)
	plan.Size, _ = types.ObjectValueFrom(ctx, sizeTypes, sz)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
