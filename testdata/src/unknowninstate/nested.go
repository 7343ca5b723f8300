package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type diskModel struct {
	Size   types.Int64 `tfsdk:"size"`
	Expand types.Bool  `tfsdk:"expand"`
}

type groupModel struct {
	Name types.String `tfsdk:"name"`
	ID   types.String `tfsdk:"id"`
	Disk *diskModel   `tfsdk:"disk"`
}

type clusterModel struct {
	ID     types.String `tfsdk:"id"`
	Groups []groupModel `tfsdk:"group"`
}

type clusterBase struct{ c client }

func (clusterBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_cluster"
}
func (clusterBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
		Blocks: map[string]schema.Block{"group": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{
			Attributes: map[string]schema.Attribute{
				"name": schema.StringAttribute{Required: true},
				"id":   schema.StringAttribute{Computed: true},
				"disk": schema.SingleNestedAttribute{Required: true, Attributes: map[string]schema.Attribute{
					"size":   schema.Int64Attribute{Required: true},
					"expand": schema.BoolAttribute{Optional: true, Computed: true},
				}},
			},
		}}},
	}
}
func (clusterBase) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (clusterBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (clusterBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// The A04 shape: an interim state nulls some nested unknowns, not disk.expand.
type clusterForgets struct{ clusterBase }

func interimCluster(plan clusterModel, id string) clusterModel {
	plan.ID = types.StringValue(id)
	for _, g := range plan.Groups {
		g.ID = types.StringNull()
	}
	return plan
}

func (r clusterForgets) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan clusterModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create("x")
	resp.Diagnostics.Append(resp.State.Set(ctx, interimCluster(plan, out.ID))...) // want `APPLY-1: clusterForgets.Create can save "group.disk.expand"`
}

// Every nested computed attribute is written, on loop copies written back.
type clusterFills struct{ clusterBase }

func (r clusterFills) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan clusterModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create("x")
	plan.ID = types.StringValue(out.ID)
	groups := make([]groupModel, 0, len(plan.Groups))
	for _, g := range plan.Groups {
		g.ID = types.StringValue(out.ID + g.Name.ValueString())
		if g.Disk != nil && (g.Disk.Expand.IsNull() || g.Disk.Expand.IsUnknown()) {
			g.Disk.Expand = types.BoolNull()
		}
		groups = append(groups, g)
	}
	plan.Groups = groups
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}
