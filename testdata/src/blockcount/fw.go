package blockcount

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type apiRule struct{ ID, Name string }

type apiPolicy struct {
	ID    string
	Rules []apiRule
	Tags  []string
}

func apply(ctx context.Context, p *apiPolicy) (*apiPolicy, error) { return p, nil }

type ruleModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

var ruleType = types.ObjectType{AttrTypes: map[string]attr.Type{"id": types.StringType, "name": types.StringType}}

type policyModel struct {
	ID     types.String `tfsdk:"id"`
	Rule   types.List   `tfsdk:"rule"`
	Action []ruleModel  `tfsdk:"action"`
	Tags   types.List   `tfsdk:"tags"`
}

type policyResource struct{}

func (r *policyResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_policy"
}

func (r *policyResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	nested := schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
	resp.Schema = schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id":   schema.StringAttribute{Computed: true},
			"tags": schema.ListAttribute{Optional: true, ElementType: types.StringType},
		},
		Blocks: map[string]schema.Block{
			"rule":   schema.ListNestedBlock{NestedObject: nested},
			"action": schema.ListNestedBlock{NestedObject: nested},
		},
	}
}

// Create saves the API's rules, filtered: a configured block can vanish.
func (r *policyResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan policyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := apply(ctx, &apiPolicy{})
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	rules := make([]ruleModel, 0, len(out.Rules))
	for _, x := range out.Rules {
		if x.Name == "" { // a configured block without a name vanishes
			continue
		}
		rules = append(rules, ruleModel{ID: types.StringValue(x.ID), Name: types.StringValue(x.Name)})
	}
	var diags = resp.Diagnostics
	plan.Rule, diags = types.ListValueFrom(ctx, ruleType, rules) // want `PLAN-5: policyResource.Create saves the list of "rule" blocks rebuilt from the API's answer`
	resp.Diagnostics.Append(diags...)
	plan.Action = flattenActions(out) // want `PLAN-5: policyResource.Create saves the list of "action" blocks rebuilt from the API's answer`
	plan.Tags, _ = types.ListValueFrom(ctx, types.StringType, out.Tags) // an attribute, not a block
	plan.ID = types.StringValue(out.ID)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
	plan.Action = echoRules(out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func flattenActions(out *apiPolicy) []ruleModel {
	var res []ruleModel
	for _, x := range out.Rules {
		if x.ID != "" {
			res = append(res, ruleModel{ID: types.StringValue(x.ID), Name: types.StringValue(x.Name)})
		}
	}
	return res
}

// echoRules copies every element of the answer: whether the API echoes the
// blocks one for one cannot be known, so it is not reported.
func echoRules(out *apiPolicy) []ruleModel {
	res := make([]ruleModel, 0, len(out.Rules))
	for _, x := range out.Rules {
		res = append(res, ruleModel{ID: types.StringValue(x.ID), Name: types.StringValue(x.Name)})
	}
	return res
}

// Update keeps the planned blocks and fills in their Computed ids: fine.
func (r *policyResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan policyModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, err := apply(ctx, &apiPolicy{})
	if err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	var rules []ruleModel
	resp.Diagnostics.Append(plan.Rule.ElementsAs(ctx, &rules, false)...)
	for i := range rules {
		if i < len(out.Rules) {
			rules[i].ID = types.StringValue(out.Rules[i].ID)
		}
	}
	plan.Rule, _ = types.ListValueFrom(ctx, ruleType, rules)
	actions := make([]ruleModel, len(plan.Action))
	for i, a := range plan.Action {
		actions[i] = ruleModel{ID: types.StringValue(out.ID), Name: a.Name}
	}
	plan.Action = actions
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *policyResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *policyResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
