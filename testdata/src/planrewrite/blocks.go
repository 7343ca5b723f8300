package planrewrite

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// --- ModifyPlan writing list blocks (PLAN-5) ---

var availabilityTypes = map[string]attr.Type{"mobile": types.BoolType}

type projectModel struct {
	ID           types.String `tfsdk:"id"`
	Snippet      types.Bool   `tfsdk:"snippet"`
	Availability types.List   `tfsdk:"availability"`
	Limits       types.List   `tfsdk:"limits"`
	Tags         types.List   `tfsdk:"tags"`
}

type projectResource struct{}

var _ resource.ResourceWithModifyPlan = &projectResource{}

// A validator naming the block does not excuse a block count of the
// provider's own.
func (r *projectResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config projectModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if !config.Snippet.IsNull() && !config.Availability.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("availability"), "conflict", "set one of snippet and availability")
	}
}

func (r *projectResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_project"
}

func (r *projectResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	nested := schema.NestedBlockObject{Attributes: map[string]schema.Attribute{"mobile": schema.BoolAttribute{Optional: true}}}
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":      schema.StringAttribute{Computed: true},
			"snippet": schema.BoolAttribute{Optional: true, Computed: true},
			"tags":    schema.ListAttribute{ElementType: types.StringType, Optional: true, Computed: true},
		},
		Blocks: map[string]schema.Block{
			"availability": schema.ListNestedBlock{NestedObject: nested},
			"limits":       schema.ListNestedBlock{NestedObject: nested},
		},
	}
}

// defaultAvailability builds one block of the provider's own.
func defaultAvailability() (types.List, error) {
	obj := types.ObjectValueMust(availabilityTypes, map[string]attr.Value{"mobile": types.BoolValue(true)})
	l, d := types.ListValue(types.ObjectType{AttrTypes: availabilityTypes}, []attr.Value{obj})
	if d.HasError() {
		return l, nil
	}
	return l, nil
}

func (r *projectResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var config, plan projectModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !(config.Snippet.IsNull() && (config.Availability.IsNull() || len(config.Availability.Elements()) == 0)) {
		return
	}
	plan.Snippet = types.BoolValue(false) // Optional+Computed, not configured: fine
	// The bug: one block planned where the configuration has none.
	csa, _ := defaultAvailability()
	plan.Availability = csa // want `PLAN-5: projectResource.ModifyPlan plans "availability" as a value of its own: it is a block, and the plan must hold exactly as many blocks`
	// Safe: an empty list of blocks is what a configuration without any has.
	plan.Limits = types.ListValueMust(types.ObjectType{AttrTypes: availabilityTypes}, []attr.Value{})
	// Safe: the configuration holds the block, and how many is out of sight.
	if !config.Limits.IsNull() {
		plan.Limits, _ = defaultAvailability()
	}
	// Safe: an Optional+Computed list attribute may be filled.
	plan.Tags = types.ListValueMust(types.StringType, []attr.Value{types.StringValue("a")})
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
}

func (r *projectResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
}
func (r *projectResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}
func (r *projectResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}
func (r *projectResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
