package nativeconfig

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type item struct{}

type section struct {
	Label types.String `tfsdk:"label"`
}

type itemModel struct {
	ID       types.String       `tfsdk:"id"`
	Title    types.String       `tfsdk:"title"`
	Sections []section          `tfsdk:"section"` // a list block: unknown as a dynamic block over a collection known after apply
	ByName   map[string]section `tfsdk:"section_map"`
	Created  string             `tfsdk:"created"` // Computed only: null in the configuration, never unknown there
}

func (item) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (item) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	label := map[string]schema.Attribute{"label": schema.StringAttribute{Optional: true}}
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":          schema.StringAttribute{Computed: true},
			"title":       schema.StringAttribute{Required: true},
			"section_map": schema.MapNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: label}},
			"created":     schema.StringAttribute{Computed: true},
		},
		Blocks: map[string]schema.Block{
			"section": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: label}},
		},
	}
}

func (item) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config itemModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...) // want `VALIDATE-1: req.Config.Get of item reads block "section" into field Sections \(\[\]section\), "section_map" into field ByName \(map\[string\]section\): a Go type that cannot hold an unknown value, so validation fails .* or whenever the configuration writes the block as a dynamic block`
	if len(config.Sections) > 0 && len(config.ByName) > 0 {
		resp.Diagnostics.AddError("conflict", "section and section_map")
	}
	var title string
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("title"), &title)...) // want `VALIDATE-1: req.Config.GetAttribute of item reads "title" into a string`
	var safe types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("title"), &safe)...)
	var created string
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("created"), &created)...) // Computed only
}

func (item) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var config itemModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...) // at apply time every configured value is known
}
func (item) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (item) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (item) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.ResourceWithValidateConfig = item{}

// The safe model: framework types everywhere.
type note struct{}

type noteModel struct {
	ID       types.String `tfsdk:"id"`
	Title    types.String `tfsdk:"title"`
	Sections types.List   `tfsdk:"section"`
}

func (note) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (note) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":    schema.StringAttribute{Computed: true},
			"title": schema.StringAttribute{Required: true},
		},
		Blocks: map[string]schema.Block{
			"section": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{"label": schema.StringAttribute{Optional: true}}}},
		},
	}
}

func (note) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan noteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.Sections.IsUnknown() {
		return
	}
}

func (note) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (note) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (note) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (note) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.ResourceWithModifyPlan = note{}

// A plan modifier decoding the plan into Go types fails while planning.
type tag struct{}

type tagModel struct {
	ID    types.String `tfsdk:"id"`
	Value *string      `tfsdk:"value"` // a pointer holds null, not unknown
}

func (tag) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (tag) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"value": schema.StringAttribute{Optional: true},
	}}
}

func (tag) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan tagModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...) // want `VALIDATE-1: req.Plan.Get of tag reads "value" into field Value \(\*string\): a Go type that cannot hold an unknown value, so planning fails`
}

func (tag) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (tag) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (tag) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (tag) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.ResourceWithModifyPlan = tag{}

// Safe: the function returns on an unknown section_map before decoding.
type guardedItem struct{ item }

func (guardedItem) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var sections types.Map
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("section_map"), &sections)...)
	if sections.IsUnknown() {
		return
	}
	var blocks types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("section"), &blocks)...)
	if blocks.IsUnknown() {
		return
	}
	var config itemModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
}

var _ resource.ResourceWithValidateConfig = guardedItem{}

// The bug: the test of section_map comes after the decoding has failed.
type lateGuard struct{ item }

func (lateGuard) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config itemModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...) // want `VALIDATE-1: req.Config.Get of lateGuard reads block "section" into field Sections \(\[\]section\), "section_map"`
	var sections types.Map
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("section_map"), &sections)...)
	if sections.IsUnknown() {
		return
	}
}

var _ resource.ResourceWithValidateConfig = lateGuard{}
