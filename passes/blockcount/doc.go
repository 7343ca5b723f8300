// Package blockcount defines an opt-in Analyzer that reports framework
// Create/Update saving a nested block list or set rebuilt from the remote
// system's answer instead of from the plan (PLAN-5, APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/blockcount.md is generated from it.
package blockcount

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "blockcount",
	Title: "Create or Update rebuilds nested blocks from a filtered API answer",
	Rules: []rules.ID{"PLAN-5", "APPLY-2"},
	Why: `A plan has exactly as many nested blocks as the configuration, and the state after apply must have the same number. When Create or Update rebuild a list or set of blocks from what the API answers — which can add elements the API creates by itself (a default rule, a system tag) or drop ones it merges — the block count changes and Terraform fails with "Provider produced inconsistent result after apply". Build the blocks from the plan and fill only their Computed attributes from the answer, or reconcile the answer in Read.

This is a risk heuristic, hence opt-in: it cannot know whether the API echoes the blocks one for one. It reports, in Create, Update and the package functions they call (two calls deep), a store into a resource model's field for a list or set block of a list built with ListValueFrom, SetValueFrom, ListValue, SetValue (or their Must forms) or a Go slice, where nothing the list is built from was read from that block's field of a model — its elements and their count come from the API alone — and the loop that accumulates the elements skips some of them (an iteration that appends nothing: a filter, a continue). A loop that copies every element of the answer is not reported: whether the API echoes the blocks one for one cannot be known.`,
	Bad: `rules := make([]ruleModel, 0, len(out.Rules))
for _, r := range out.Rules {
	if r.Note == nil { // a configured block without a note vanishes
		continue
	}
	rules = append(rules, ruleModel{Name: types.StringValue(r.Name)})
}
plan.Rules, diags = types.ListValueFrom(ctx, ruleType, rules)`,
	Good: `var rules []ruleModel
resp.Diagnostics.Append(plan.Rules.ElementsAs(ctx, &rules, false)...)
for i := range rules { // the configured blocks, one for one
	rules[i].ID = types.StringValue(out.Rules[i].ID)
}
plan.Rules, diags = types.ListValueFrom(ctx, ruleType, rules)`,
	Severity:   "warning",
	Since:      "v0.1.0",
	Summary:    "a risk heuristic: framework Create/Update (or a package helper they call) saving a list or set of nested blocks rebuilt from the API's answer in a loop that skips some elements, where nothing it is built from was read from the planned blocks",
	NonDefault: true,
}
