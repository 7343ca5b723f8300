package usestatechanging

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

type vm struct {
	Name      *string
	UpdatedAt *time.Time
}

func (client) resize(name string) (*vm, error) { return &vm{}, nil }

type vmModel struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	UpdatedAt types.String `tfsdk:"updated_at"`
}

// The update time is copied from the answer when the API sends one: a
// variable set on one path only.
type vmResource struct{ c client }

func (r *vmResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_vm"
}

func (r *vmResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name":       schema.StringAttribute{Required: true},
		"updated_at": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "updated_at" of vmResource is Computed with UseStateForUnknown, so every plan promises its prior value, but Update writes it from the API response`
	}}
}

func (r *vmResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *vmResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *vmResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m vmModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	out, err := r.c.resize(m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("resize", err.Error())
		return
	}
	mapVM(out, &m)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func mapVM(v *vm, m *vmModel) {
	var updatedAt basetypes.StringValue
	if v.UpdatedAt != nil {
		updatedAt = types.StringValue(v.UpdatedAt.Format(time.RFC3339))
	}
	m.UpdatedAt = updatedAt
}

func (r *vmResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// The fix: the update time is unknown in every plan.
type vmFixed struct{ c client }

func (r *vmFixed) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_vm_fixed"
}

func (r *vmFixed) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name":       schema.StringAttribute{Required: true},
		"updated_at": schema.StringAttribute{Computed: true},
	}}
}

func (r *vmFixed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *vmFixed) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *vmFixed) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m vmModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	out, err := r.c.resize(m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("resize", err.Error())
		return
	}
	mapVM(out, &m)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *vmFixed) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// Quiet: the φ has an edge that is the prior value handed in (a parameter),
// so the answer may be the state's own: the check cannot decide.
type vmPrior struct{ c client }

func (r *vmPrior) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_vm_prior"
}

func (r *vmPrior) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name":       schema.StringAttribute{Required: true},
		"updated_at": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
	}}
}

func (r *vmPrior) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *vmPrior) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *vmPrior) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m, state vmModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	out, err := r.c.resize(m.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("resize", err.Error())
		return
	}
	mapVMPrior(out, &m, state.UpdatedAt)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func mapVMPrior(v *vm, m *vmModel, prior types.String) {
	updatedAt := prior
	if v.UpdatedAt != nil {
		updatedAt = types.StringValue(v.UpdatedAt.Format(time.RFC3339))
	}
	m.UpdatedAt = updatedAt
}

func (r *vmPrior) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
