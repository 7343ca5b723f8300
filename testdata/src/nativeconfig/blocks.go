package nativeconfig

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A set block decoded into a Go slice at plan time: `dynamic "rule" { for_each
// = some_resource.x.ids ... }` makes the whole block set unknown, and the Get
// fails before any check runs.
type policy struct{}

type policyRule struct {
	Name types.String `tfsdk:"name"`
}

type limits struct {
	Max types.Int64 `tfsdk:"max"`
}

type policyModel struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Rules  []policyRule `tfsdk:"rule"`
	Limits *limits      `tfsdk:"limits"` // a single block: left alone
}

func policySchema() schema.Schema {
	return schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":   schema.StringAttribute{Computed: true},
			"name": schema.StringAttribute{Required: true},
		},
		Blocks: map[string]schema.Block{
			"rule": schema.SetNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
				"name": schema.StringAttribute{Required: true},
			}}},
			"limits": schema.SingleNestedBlock{Attributes: map[string]schema.Attribute{
				"max": schema.Int64Attribute{Optional: true},
			}},
		},
	}
}

func (policy) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (policy) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = policySchema()
}

func (policy) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config policyModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...) // want `VALIDATE-1: req.Config.Get of policy reads block "rule" into field Rules \(\[\]policyRule\): a Go type that cannot hold an unknown value, so validation fails \("Value Conversion Error"\) .*dynamic block over a collection known only after apply`
	seen := map[string]bool{}
	for _, r := range config.Rules {
		if seen[r.Name.ValueString()] {
			resp.Diagnostics.AddError("duplicate rule", r.Name.ValueString())
		}
		seen[r.Name.ValueString()] = true
	}
}

func (policy) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (policy) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (policy) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (policy) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.ResourceWithValidateConfig = policy{}

// The safe twin: the block is a types.Set, and the check waits while it is unknown.
type safePolicy struct{}

type safePolicyModel struct {
	ID     types.String `tfsdk:"id"`
	Name   types.String `tfsdk:"name"`
	Rules  types.Set    `tfsdk:"rule"`
	Limits *limits      `tfsdk:"limits"`
}

func (safePolicy) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (safePolicy) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = policySchema()
}

func (safePolicy) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config safePolicyModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if config.Rules.IsUnknown() {
		return
	}
	var rules []policyRule
	resp.Diagnostics.Append(config.Rules.ElementsAs(ctx, &rules, false)...)
}

func (safePolicy) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (safePolicy) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (safePolicy) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (safePolicy) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.ResourceWithValidateConfig = safePolicy{}

// Two decodes of the same block in one ModifyPlan: the plan's fails first and
// is the one reported; the configuration's after it is the same defect (for an
// attribute that is not Computed, an unknown configuration is an unknown plan).
type twicePolicy struct{}

func (twicePolicy) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (twicePolicy) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = policySchema()
}

func (twicePolicy) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan, config policyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...) // want `VALIDATE-1: req.Plan.Get of twicePolicy reads block "rule"`
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if len(config.Rules) != len(plan.Rules) {
		resp.Diagnostics.AddError("rules", "changed")
	}
}

func (twicePolicy) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (twicePolicy) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (twicePolicy) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (twicePolicy) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.ResourceWithModifyPlan = twicePolicy{}
