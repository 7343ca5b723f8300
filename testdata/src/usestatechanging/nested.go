package usestatechanging

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Nested values: UseStateForUnknown on an attribute of a block declared
// in a package variable, or on a Computed object that holds a value that
// changes; Update stores them through helpers, into the nested structs.

type peering struct{ ASN, Status, CreatedBy, UpdatedAt string }

func (client) peering(name string) (*peering, error) { return &peering{}, nil }

type peeringBlockModel struct {
	ASN    types.String `tfsdk:"asn"`
	Status types.String `tfsdk:"status"`
}

type auditModel struct {
	CreatedBy types.String `tfsdk:"created_by"`
	UpdatedAt types.String `tfsdk:"updated_at"`
}

type baseModel struct {
	Name  types.String `tfsdk:"name"`
	State types.String `tfsdk:"state"`
}

type projectModel struct {
	baseModel
	ID      types.String `tfsdk:"id"`
	Peering types.List   `tfsdk:"peering"`
	Audit   types.Object `tfsdk:"audit"`
}

var peeringSchema = map[string]schema.Attribute{
	"asn":    schema.StringAttribute{Required: true},
	"status": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "peering.status" of projectResource is Computed with UseStateForUnknown, so every plan promises its prior value, but Update writes it from the API response`
}

type projectResource struct{ c client }

func (r *projectResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_project"
}

func (r *projectResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":    schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"name":  schema.StringAttribute{Required: true},
			"state": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}, // want `PLAN-9: "state" of projectResource is Computed with UseStateForUnknown`
			"audit": schema.SingleNestedAttribute{ // want `PLAN-9: "audit" of projectResource is Computed with UseStateForUnknown, so every plan promises the prior object, but Update writes its "audit.updated_at" from the API response`
				Computed:      true,
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
				Attributes: map[string]schema.Attribute{
					"created_by": schema.StringAttribute{Computed: true},
					"updated_at": schema.StringAttribute{Computed: true},
				},
			},
		},
		Blocks: map[string]schema.Block{
			"peering": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: peeringSchema}},
		},
	}
}

func (r *projectResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *projectResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *projectResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan projectModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := r.c.peering(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(plan.parse(ctx, out)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// parse fills the model: the embedded base's fields through its own method.
func (m *projectModel) parse(ctx context.Context, p *peering) (diags diag.Diagnostics) {
	m.baseModel.parse(p)
	blocks := make([]peeringBlockModel, 1)
	blocks[0] = peeringBlockModel{ASN: types.StringValue(p.ASN), Status: types.StringValue(p.Status)}
	m.Peering, diags = types.ListValueFrom(ctx, types.ObjectType{AttrTypes: peeringTypes}, blocks)
	audit := auditModel{CreatedBy: types.StringValue(p.CreatedBy), UpdatedAt: types.StringValue(p.UpdatedAt)}
	m.Audit, _ = types.ObjectValueFrom(ctx, auditTypes, audit)
	return diags
}

func (m *baseModel) parse(p *peering) {
	m.State = types.StringValue(p.Status)
}

func (r *projectResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var (
	peeringTypes = map[string]attr.Type{"asn": types.StringType, "status": types.StringType}
	auditTypes   = map[string]attr.Type{"created_by": types.StringType, "updated_at": types.StringType}
)

// projectStable: the same nested values without UseStateForUnknown where
// they change, and an object kept whole that holds only values set once.
type projectStable struct{ c client }

type stableAuditModel struct {
	CreatedBy types.String `tfsdk:"created_by"`
	CreatedAt types.String `tfsdk:"created_at"`
	Status    types.String `tfsdk:"status"`
}

type stableModel struct {
	ID      types.String `tfsdk:"id"`
	Name    types.String `tfsdk:"name"`
	Peering types.List   `tfsdk:"peering"`
	Audit   types.Object `tfsdk:"audit"`
}

var stablePeeringSchema = map[string]schema.Attribute{
	"asn":    schema.StringAttribute{Required: true},
	"status": schema.StringAttribute{Computed: true}, // unknown in each plan: fine
}

func (r *projectStable) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_project_stable"
}

func (r *projectStable) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"name": schema.StringAttribute{Required: true},
			"audit": schema.SingleNestedAttribute{ // set once, and a status that is a detail of it: fine
				Computed:      true,
				PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
				Attributes: map[string]schema.Attribute{
					"created_by": schema.StringAttribute{Computed: true},
					"created_at": schema.StringAttribute{Computed: true},
					"status":     schema.StringAttribute{Computed: true},
				},
			},
		},
		Blocks: map[string]schema.Block{
			"peering": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: stablePeeringSchema}},
		},
	}
}

func (r *projectStable) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}

func (r *projectStable) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *projectStable) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan stableModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	p, err := r.c.peering(plan.Name.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	blocks := []peeringBlockModel{{ASN: types.StringValue(p.ASN), Status: types.StringValue(p.Status)}}
	plan.Peering, _ = types.ListValueFrom(ctx, types.ObjectType{AttrTypes: peeringTypes}, blocks)
	audit := stableAuditModel{CreatedBy: types.StringValue(p.CreatedBy), CreatedAt: types.StringValue(p.UpdatedAt), Status: types.StringValue(p.Status)}
	plan.Audit, _ = types.ObjectValueFrom(ctx, stableAuditTypes, audit)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *projectStable) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

var stableAuditTypes = map[string]attr.Type{"created_by": types.StringType, "created_at": types.StringType, "status": types.StringType}
