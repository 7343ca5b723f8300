package searchnotfound

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	fwschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/searchnotfound/api"
)

type ruleModel struct {
	ID     types.String `tfsdk:"id"`
	Parent types.String `tfsdk:"parent"`
	Name   types.String `tfsdk:"name"`
}

type ruleBase struct{ client api.Client }

func (ruleBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_rule"
}
func (ruleBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = fwschema.Schema{Attributes: map[string]fwschema.Attribute{
		"id":     fwschema.StringAttribute{Computed: true},
		"parent": fwschema.StringAttribute{Required: true},
		"name":   fwschema.StringAttribute{Required: true},
	}}
}
func (b ruleBase) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {
	b.client.CreateRule("p", api.Rule{})
}
func (ruleBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (b ruleBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {
	b.client.DeleteRule("p", "x")
}

type ruleKept struct{ ruleBase }

func (r ruleKept) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	rules, _, err := r.client.ListRules(state.Parent.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("listing rules", err.Error())
		return
	}
	for _, rule := range rules {
		if rule.ID == state.ID.ValueString() {
			state.Name = types.StringValue(rule.Name)
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
} // want `READ-2: Read of ruleKept searches what ListRules lists for the resource's ID`

// Quiet: nothing matched, the resource is removed.
type ruleRemoved struct{ ruleBase }

func (r ruleRemoved) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	rules, _, err := r.client.ListRules(state.Parent.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("listing rules", err.Error())
		return
	}
	for _, rule := range rules {
		if rule.ID == state.ID.ValueString() {
			state.Name = types.StringValue(rule.Name)
			resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
			return
		}
	}
	resp.State.RemoveResource(ctx)
}

// Quiet: the plan's value is not the resource's ID read from state.
type ruleFromPlan struct{ ruleBase }

func (r ruleFromPlan) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var other ruleModel
	rules, _, err := r.client.ListRules("p")
	if err != nil {
		resp.Diagnostics.AddError("listing rules", err.Error())
		return
	}
	for _, rule := range rules {
		if rule.ID == other.ID.ValueString() {
			other.Name = types.StringValue(rule.Name)
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &other)...)
}

// Quiet here: no match is told apart and reported as an error diagnostic.
type ruleReported struct{ ruleBase }

func (r ruleReported) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var found *api.Rule
	rules, _, err := r.client.ListRules(state.Parent.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("listing rules", err.Error())
		return
	}
	for i := range rules {
		if rules[i].ID == state.ID.ValueString() {
			found = &rules[i]
			break
		}
	}
	if found == nil {
		resp.Diagnostics.Append(diag.NewErrorDiagnostic("rule not found", state.ID.ValueString()))
		return
	}
	state.Name = types.StringValue(found.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

var (
	_ resource.Resource = ruleReported{}
	_ resource.Resource = ruleKept{}
	_ resource.Resource = ruleRemoved{}
	_ resource.Resource = ruleFromPlan{}
)
