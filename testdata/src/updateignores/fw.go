package updateignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type schedule struct {
	ID, Pipeline, Cron, Label, Branch, Owner string
}

type scheduleModel struct {
	ID       types.String `tfsdk:"id"`
	Pipeline types.String `tfsdk:"pipeline"`
	Cron     types.String `tfsdk:"cron"`
	Label    types.String `tfsdk:"label"`
	Branch   types.String `tfsdk:"branch"`
	Owner    types.String `tfsdk:"owner"`
	Priority types.Int64  `tfsdk:"priority"`
	Region   types.String `tfsdk:"region"`
}

type scheduleResource struct{}

func (r *scheduleResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_schedule"
}

func (r *scheduleResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"pipeline": schema.StringAttribute{Required: true}, // want `SCHEMA-3: "pipeline" of scheduleResource can change in place \(Required, no RequiresReplace\), but scheduleResource.Update never reads it`
		"cron":     schema.StringAttribute{Required: true},
		"label":    schema.StringAttribute{Optional: true}, // read through GetAttribute
		"branch": schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{
			stringplanmodifier.RequiresReplace(),
		}},
		"owner":    schema.StringAttribute{Optional: true}, // read by a model method
		"priority": schema.Int64Attribute{Optional: true},
		"region":   schema.StringAttribute{Optional: true}, // ModifyPlan rejects a change
	}}
}

func (m scheduleModel) body() schedule {
	return schedule{Cron: m.Cron.ValueString(), Owner: m.Owner.ValueString()}
}

func (r *scheduleResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	_ = plan.body()
	_ = plan.Region.ValueString()
	plan.ID = types.StringValue(plan.Pipeline.ValueString() + "/" + plan.Label.ValueString() + plan.Branch.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *scheduleResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state scheduleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	s := schedule{}
	state = scheduleModel{
		ID:       types.StringValue(s.ID),
		Pipeline: types.StringValue(s.Pipeline),
		Cron:     types.StringValue(s.Cron),
		Label:    types.StringValue(s.Label),
		Branch:   types.StringValue(s.Branch),
		Owner:    types.StringValue(s.Owner),
		Priority: types.Int64Value(int64(len(s.ID))),
		Region:   types.StringValue(s.Branch),
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *scheduleResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var label types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("label"), &label)...)
	_ = plan.body()
	_ = plan.Priority.ValueInt64()
	plan.ID = state.ID
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *scheduleResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan, state scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if !plan.Region.Equal(state.Region) {
		resp.Diagnostics.AddAttributeError(path.Root("region"), "region cannot change", "recreate the schedule")
	}
}

func (r *scheduleResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// Update hands the model to code out of sight: nothing can be said.
type tokenResource struct{ scheduleResource }

func send(m any) {}

func (r *tokenResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	send(plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var (
	_ resource.Resource = &scheduleResource{}
	_ resource.Resource = &tokenResource{}
)

// Import-only: Create always fails, so it reads nothing and that is fine.
type ruleResource struct{ scheduleResource }

func (r *ruleResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.Diagnostics.AddError("cannot be created", "import the existing rule")
}

func (r *ruleResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	_ = plan.body()
	_ = plan.Pipeline.ValueString() + plan.Label.ValueString() + plan.Branch.ValueString()
	_ = plan.Priority.ValueInt64()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var _ resource.Resource = &ruleResource{}
