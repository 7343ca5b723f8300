package incompleteimport

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// An alert rule imported as "project/id": Read refreshes the rule's body
// only when the state already holds one.

type ruleModel struct {
	ID      types.String `tfsdk:"id"`
	Project types.String `tfsdk:"project"`
	Name    types.String `tfsdk:"name"`
	Filters types.String `tfsdk:"filters"`
}

type ruleAPI struct{ Name, Filters string }

func (client) Rule(project, id string) (ruleAPI, error) { return ruleAPI{}, nil }

type ruleBase struct{ c client }

func (ruleBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_rule"
}
func (ruleBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"project": schema.StringAttribute{Required: true},
		"name":    schema.StringAttribute{Optional: true, Computed: true},
		"filters": schema.StringAttribute{Optional: true},
	}}
}
func (ruleBase) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (ruleBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (ruleBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (ruleBase) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	project, id, _ := strings.Cut(req.ID, "/")
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("project"), project)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
}

// fill refreshes filters only when the model already holds them.
func (m *ruleModel) fill(got ruleAPI) {
	m.Name = types.StringValue(got.Name)
	if !m.Filters.IsNull() {
		m.Filters = types.StringValue(got.Filters)
	}
}

// The filters are never read after an import.
type rule struct{ ruleBase }

func (r rule) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) { // want `IMPORT-3: rule.ImportState sets only "id", "project", but its Read sets "filters" only when the state already holds a value`
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Rule(state.Project.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.fill(got)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// --- safe idiom: the filters are read when the state holds none too ---
type ruleFull struct{ ruleBase }

func (r ruleFull) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Rule(state.Project.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	state.fill(got)
	if state.Filters.IsNull() && got.Filters != "" {
		state.Filters = types.StringValue(got.Filters)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// --- safe idiom: a test of the prior value that does not guard the
// assignment after it (the block after an if without else) ---
type ruleNoted struct{ ruleBase }

func (r ruleNoted) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Rule(state.Project.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	imported := state.Filters.IsNull()
	if imported {
		resp.Diagnostics.AddWarning("imported", "filters read from the API")
	}
	state.Name = types.StringValue(got.Name)
	state.Filters = types.StringValue(got.Filters)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// --- safe idiom: a setting the API does not return, put back from the
// state when it holds one: no Read can fill it ---
type ruleKept struct{ ruleBase }

func (r ruleKept) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	got, err := r.c.Rule(state.Project.ValueString(), state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("read", err.Error())
		return
	}
	kept := state.Filters
	state = ruleModel{ID: state.ID, Project: state.Project, Name: types.StringValue(got.Name)}
	if !kept.IsNull() {
		state.Filters = kept
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
