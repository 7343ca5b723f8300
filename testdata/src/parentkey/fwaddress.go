package parentkey

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/parentkey/api"
)

type scheduleModel struct {
	ID      types.String `tfsdk:"id"`
	Project types.String `tfsdk:"project"`
	Cron    types.String `tfsdk:"cron"`
}

type scheduleBase struct{ client *api.Client }

func (r *scheduleBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_schedule"
}

func (r *scheduleBase) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.ID = types.StringValue("1")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *scheduleBase) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state scheduleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	id, _ := strconv.Atoi(state.ID.ValueString())
	s, err := r.client.GetSchedule(state.Project.ValueString(), id)
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.Cron = types.StringValue(s.Cron)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func (r *scheduleBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// Update edits the schedule under the planned project: a new project is
// looked up where the schedule is not.
type fwSchedule struct{ scheduleBase }

func (r *fwSchedule) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"project": schema.StringAttribute{Required: true}, // want `SCHEMA-3: "project" of fwSchedule can change in place \(Required, no RequiresReplace\), but Update only uses it to address the object beside its ID`
		"cron":    schema.StringAttribute{Required: true},
	}}
}

func (r *fwSchedule) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	id, _ := strconv.Atoi(state.ID.ValueString())
	cron := plan.Cron.ValueString()
	if _, err := r.client.EditSchedule(plan.Project.ValueString(), id, &api.EditOptions{Cron: &cron}); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The twin: Update sends the project in the request body too (the API
// moves the schedule).
type fwScheduleMoves struct{ scheduleBase }

func (r *fwScheduleMoves) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"project": schema.StringAttribute{Required: true},
		"cron":    schema.StringAttribute{Required: true},
	}}
}

func (r *fwScheduleMoves) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	id, _ := strconv.Atoi(state.ID.ValueString())
	cron, project := plan.Cron.ValueString(), plan.Project.ValueString()
	if _, err := r.client.EditSchedule(state.Project.ValueString(), id, &api.EditOptions{Cron: &cron, Project: &project}); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// The twin: project forces a new schedule.
type fwScheduleReplaced struct{ scheduleBase }

func (r *fwScheduleReplaced) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"project": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"cron":    schema.StringAttribute{Required: true},
	}}
}

func (r *fwScheduleReplaced) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state scheduleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	id, _ := strconv.Atoi(state.ID.ValueString())
	cron := plan.Cron.ValueString()
	if _, err := r.client.EditSchedule(plan.Project.ValueString(), id, &api.EditOptions{Cron: &cron}); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

var (
	_ resource.Resource = &fwSchedule{}
	_ resource.Resource = &fwScheduleMoves{}
	_ resource.Resource = &fwScheduleReplaced{}
)
