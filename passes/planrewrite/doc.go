// Package planrewrite defines an Analyzer that reports framework plan
// modifiers and ModifyPlan methods that plan a value of their own for an
// attribute the configuration controls (PLAN-1, PLAN-2, PLAN-3, PLAN-5, PLAN-8).
//
// See [Doc] for what it reports and why; docs/checks/planrewrite.md is generated from it.
package planrewrite

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "planrewrite",
	Title: "A plan modifier or ModifyPlan rewrites a value the configuration controls",
	Rules: []rules.ID{"PLAN-1", "PLAN-2", "PLAN-3", "PLAN-5", "PLAN-8"},
	Why: `Terraform checks every plan a provider returns against the configuration: an attribute set in the configuration must be planned as written (or as the prior state's value, to keep an equal form), a known configured value must not become unknown, and an attribute that is not Computed must stay null when the configuration leaves it null. A plan that breaks this fails with "Provider produced invalid plan" — for example ModifyPlan trimming whitespace from a configured template, or a "default" plan modifier attached to an Optional attribute that is not Computed.

This check follows, on SSA, the writes of resp.PlanValue in custom plan modifiers declared in the package (reported for each attribute of the schema they are attached to) and, in ModifyPlan, resp.Plan.SetAttribute(ctx, path.Root("x"), v) and the fields of a model stored before resp.Plan.Set. A write of the request's own ConfigValue or PlanValue (also re-wrapped, types.StringValue(req.ConfigValue.ValueString())), or of null, is fine. The prior state's value (req.StateValue, a state model's field) is fine where the configuration sets the attribute — Terraform takes it as an equal form of the configured value — but not on a branch taken when the configuration may still be unknown (after return-unless-null-or-unknown, or under a test of the plan only, as a hand-written UseStateForUnknown that forgets the framework's req.ConfigValue.IsUnknown() test): the final plan, made at apply with the value known, then differs; and not for an attribute that is not Computed under a test that the configuration is null. A value of its own is reported on a branch the configuration may reach unknown, and otherwise unless a dominating branch shows the configuration leaves the attribute null (req.ConfigValue.IsNull(), or the plan's or config model's field IsNull()) — and then only when the attribute is Computed; an unknown is fine when the configuration is unknown too. Attributes with flags the model cannot decide are skipped.

Blocks are held to a stricter rule (PLAN-5): the plan must hold exactly as many list blocks as the configuration, whatever other attributes say. A list block planned with a fixed number of elements of the provider's own — types.ListValue(t, []attr.Value{obj}) or ListValueFrom of a literal slice, directly or returned by a package function — is reported unless a dominating branch shows the configuration holds that block (the count it holds is then out of sight). This is the usual remnant of an SDK CustomizeDiff that filled a default block: in the framework, a value the provider fills belongs in an Optional+Computed nested attribute.`,
	Bad: `func (r *templateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan templateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.Template.IsNull() || plan.Template.IsUnknown() {
		return
	}
	plan.Template = types.StringValue(strings.TrimSpace(plan.Template.ValueString()))
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}`,
	Good: `// Keep the configured text; compare it trimmed through a custom type's
// StringSemanticEquals, so a whitespace-only difference is no change.
Template: schema.StringAttribute{Required: true, CustomType: TrimmedStringType{}},`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a framework plan modifier (custom type attached in the schema) or `ModifyPlan` (`resp.Plan.SetAttribute`, model fields stored before `resp.Plan.Set`) planning a value of its own for an attribute the configuration sets, an unknown for a configured value, a non-null value for a non-Computed attribute the configuration leaves null, or the prior state's value while the configuration may be unknown; and a list block planned with a fixed number of blocks of its own",
}
