// Package usestatechanging defines an opt-in Analyzer that reports Computed
// attributes whose plan keeps the prior state (UseStateForUnknown) while
// Update writes them from the API response (PLAN-9, APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/usestatechanging.md is generated from it.
package usestatechanging

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "usestatechanging",
	Title: "UseStateForUnknown on a Computed value that changes on update",
	Rules: []rules.ID{"PLAN-9", "APPLY-2"},
	Why: `UseStateForUnknown makes the plan promise that a Computed attribute keeps its prior value. When Update then writes a different value from the API response — a status that moves while the server reinstalls, an updated_at, an etag, a version counter — Terraform fails with "Provider produced inconsistent result after apply", because the new state differs from a value the plan said was known. The modifier belongs only on values that never change after create (ids, creation times).

This is a risk heuristic, hence opt-in: it cannot know which values the remote system changes, so it looks only at attributes named like values that change by nature (status, state, phase, updated_*/*_updated_at, modified*, last_*, etag, version, revision, generation, *_count), that carry UseStateForUnknown, are Computed, and that the resource's Update — or a helper of the package it calls — stores from something other than the plan or the prior state. A value set from the API on one path and left zero on the others (var t types.String; if p.T != nil { t = types.StringValue(...) }) counts as written from the API. A resource whose ModifyPlan names the attribute (it may mark it unknown when it will change) is left alone.

Whatever its name, a Computed attribute with UseStateForUnknown that Update writes from the API is also reported when its name says it is derived from a setting that changes in place (configurable, no RequiresReplace or custom plan modifier): "P_id" or "P_uuid" of "P_name" — the identifier Update resolves from a configured name, as a plan_id looked up from plan_name — unless the resource itself is the P, and "full_X", "resolved_X", "effective_X" and the like of X. When the setting changes, the value changes with it while the plan promised the old one.`,
	Bad: `"status": schema.StringAttribute{
	Computed:      true,
	PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
},
...
// Update
data.Status = types.StringValue(server.Status)`,
	Good: `"status": schema.StringAttribute{
	Computed: true, // unknown in every plan that changes the server
},`,
	Severity:   "warning",
	Since:      "v0.1.0",
	Summary:    "a risk heuristic: a Computed attribute named like a value that changes (status, state, updated_*, etag, version, ...) with UseStateForUnknown, which Update (or a package helper it calls) writes from the API response",
	NonDefault: true,
}
