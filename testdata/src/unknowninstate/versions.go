package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type version struct {
	Dir  types.String `tfsdk:"dir"`
	Hash types.String `tfsdk:"hash"`
	ID   types.String `tfsdk:"id"`
}

// A named slice type: nested stores are found through it.
type versionList []version

type templateModel struct {
	ID       types.String `tfsdk:"id"`
	Versions versionList  `tfsdk:"versions"`
}

// hashVersions computes each version's hash at plan time.
type hashVersions struct{}

func (hashVersions) Description(context.Context) string         { return "hash" }
func (hashVersions) MarkdownDescription(context.Context) string { return "hash" }
func (hashVersions) PlanModifyList(context.Context, planmodifier.ListRequest, *planmodifier.ListResponse) {
}

type templateBase struct{ c client }

func (templateBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_template"
}
func (templateBase) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (templateBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (templateBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func setIDs(plan *templateModel, id string) {
	plan.ID = types.StringValue(id)
	for i := range plan.Versions {
		plan.Versions[i].ID = types.StringValue(id)
	}
}

// The list's own plan modifier fills the hash: left alone.
type templateHashed struct{ templateBase }

func (templateHashed) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"versions": schema.ListNestedAttribute{Required: true, PlanModifiers: []planmodifier.List{hashVersions{}},
			NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
				"dir":  schema.StringAttribute{Required: true},
				"hash": schema.StringAttribute{Computed: true},
				"id":   schema.StringAttribute{Computed: true},
			}}},
	}}
}

func (r templateHashed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan templateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create("x")
	setIDs(&plan, out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Without it, the hash stays the plan's unknown; the IDs are written.
type templateUnhashed struct{ templateBase }

func (templateUnhashed) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"versions": schema.ListNestedAttribute{Required: true,
			NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
				"dir":  schema.StringAttribute{Required: true},
				"hash": schema.StringAttribute{Computed: true},
				"id":   schema.StringAttribute{Computed: true},
			}}},
	}}
}

func (r templateUnhashed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan templateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, _ := r.c.Create("x")
	setIDs(&plan, out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...) // want `APPLY-1: templateUnhashed.Create can save "versions.hash"`
}
