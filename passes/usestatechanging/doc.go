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

This is a risk heuristic, hence opt-in: it cannot know which values the remote system changes, so it looks only at attributes named like values that change by nature (status, state, phase, updated_*/*_updated_at, modified*, last_*, etag, version, revision, generation, *_count), that carry UseStateForUnknown, are Computed, and that the resource's Update — or a helper of the package it calls — stores from something other than the plan or the prior state. A value set from the API on one path and left zero on the others (var t types.String; if p.T != nil { t = types.StringValue(...) }) counts as written from the API. A resource whose ModifyPlan names the attribute (it may mark it unknown when it will change) is left alone. So is a state or status (status, state, phase, health, *_status, *_state) when Update waits for the object to settle (a WaitForStateContext, a wait handler's WaitWithContext): it stores the settled state, which is the one the plan kept.

Whatever its name, a Computed attribute with UseStateForUnknown that Update writes from the API is also reported when its name says it is derived from a setting that changes in place (configurable, no RequiresReplace or custom plan modifier): "P_id" or "P_uuid" of "P_name" — the identifier Update resolves from a configured name, as a plan_id looked up from plan_name — unless the resource itself is the P, and "full_X", "resolved_X", "effective_X" and the like of X. When the setting changes, the value changes with it while the plan promised the old one.

Nested values count too: a volatile-named attribute inside a block or nested attribute (the nested schema may be a package variable or built by a helper) that carries UseStateForUnknown itself, or a mark of the last change (updated_*, *_modified, etag, revision, generation) in a Computed object or list that does (the modifier then keeps the whole object: a change_log whose updated_at moves; a status there is as often a detail that stays). Update's store into it is found in the struct whose tfsdk tags are exactly the nested object's attribute names (however the model field holding it is typed), and in structs the model embeds untagged.

Two more relations decide the value from the code rather than the name. A kept Computed attribute (top-level or nested) that Update stores from the API only on the branch where an API value equals the planned value of a sibling the configuration changes in place — a lookup, for _, f := range flavors { if f.CPU == cpu { flavor.ID = types.StringValue(f.ID) } } — is a function of that sibling. And a Computed attribute with UseStateForUnknown, Optional or not, that Update stores from the same API value (one field or getter of one variable) as an attribute configured in place and not deprecated (Update may ignore an old name) — an old name kept beside the new one, an identifier that is the name — changes whenever that attribute does, while a plan that leaves it unset promises its prior value. On the 21 framework providers of the corpus the check reports 4 attributes; the two relations decided by the code gave 6 findings on the corpus and on other providers (an id that is a renamable name 4 times, a flavor id looked up by cpu and ram twice), all real.`,
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
	Summary:    "a risk heuristic: a Computed attribute named like a value that changes (status, state, updated_*, etag, version, ...) with UseStateForUnknown, top-level or nested, which Update (or a package helper it calls) writes from the API response; and a kept Computed value Update looks up by, or stores from the same API value as, an attribute configured in place",
	NonDefault: true,
}
