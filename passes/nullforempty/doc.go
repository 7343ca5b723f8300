// Package nullforempty defines an Analyzer that reports framework Create,
// Update and Read saving a configurable list, set or map as null because the
// API's answer is empty, so a configured [] (or {}) comes back null
// (APPLY-2, READ-3).
//
// See [Doc] for what it reports and why; docs/checks/nullforempty.md is generated from it.
package nullforempty

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "nullforempty",
	Title: "A configurable collection is saved as null because the API's answer is empty",
	Rules: []rules.ID{"APPLY-2", "READ-3"},
	Why: `A list, set or map attribute the configuration sets (Required, or Optional and not Computed) may be configured empty: members = [], env = {}. Terraform then plans a known empty collection, and the framework keeps null and empty apart. APIs rarely do: most answer an empty list and an absent one alike, so only the plan (or, in Read, the prior state) knows which of the two the user wrote. A provider that decides from the answer alone — if len(out.Members) == 0 { m.Members = types.SetNull(...) } — saves null where the plan holds [], and Terraform fails with "Provider produced inconsistent result after apply" (was [], but now null). Saved by Read, the same null makes every plan show a change back to []. The mirror mistake (an empty collection where the plan holds null) is zerofornull's.

The check follows Create, Update and Read of framework resources and the package functions they call (three calls deep), and reports a store into a model field bound to such an attribute (top-level, nested in a model struct, held as a Go slice of model structs, or an entry of a map keyed by the attribute's name that becomes a nested object) of a null chosen because a value the provider holds is empty: types.ListNull, SetNull or MapNull (nil for a Go slice or map) on the empty side of a len test (len(x) == 0, or the else of len(x) > 0; x == nil counts only beside a len test), directly, through a variable set to null first and replaced only when the answer has elements, or as the result of a package helper that answers it so (flattenMembers(out.Members) returning SetNull for an empty slice). Two more ways to the same null are followed: a helper of another package that returns a null list, set or map whenever the Go slice or map it is handed is empty (conversion.ToTFMap(&out.Tags); facts summarise it as NullWhenEmpty), and a Go slice that stays nil unless the answer has elements — declared var keys []string and only appended to, in the method or in a package helper returning it — handed to types.ListValueFrom, SetValueFrom or MapValueFrom, or stored into a Go slice model field: the framework turns a nil slice into a null collection (a nil []attr.Value given to SetValueMust is an empty set, and is left alone). For these two, where no test in the method chooses the null, only a test of a framework value itself (plan.Roles.IsNull()) counts as consulting the plan, not one of an answer fetched with plan.ID.ValueString(); a conversion guarded by a test of the slice (if len(keys) > 0), a slice made with make or a literal, and a converter that maps only a missing (nil) input to null are left alone. It stays quiet when a test of a framework value decides the way to the null (plan.Members.IsNull(): the plan is consulted), or decides another store to the field in the same function, when the helper is handed a framework value or model (it can tell null from []), when another store puts the plan's or prior state's value of the attribute back (m.Members = keepEmpty(planned, m.Members)), for Computed attributes (null may be the provider's choice), custom types (semantic equality may accept either), blocks, and attributes whose validators refuse an empty value (SizeAtLeast(1), SizeBetween(1, n)): then null is the only empty value the configuration can hold. A nil test alone (an answer that omits the field) is left alone: whether the API omits an empty list is knowledge of the API, not of the code.

In the default set since session 30: on the 28 corpus providers it reports 10 stores, 9 real (tfe notification triggers ×3, one of them fixed upstream since; tfe provider set project_ids/workspace_ids and stack trigger_patterns; okta campaign user, group and excluded-user ids) and 1 not (a Read that saves the rebuilt list only when it differs, by a comparison that takes null and [] alike, from the prior state); on other public providers 17 more, all real by the rule (pagerduty, port-labs, temporalcloud, grafana ×8, datadog ×6): 26 of 27 triaged findings real. Of 17 fixes of the shape and its neighbours mined in session 30, 10 load; it catches 3 of them (buildkite env, incident-io form_fields, stackit node pool taints), silenced by the fix; the others are a helper in another package (mongodb), a file behind a build tag (clickhouse), a nil answer (incident-io, left alone on purpose) and other shapes. Session 33 added the nil-slice and other-package shapes: no new finding on the 28 corpus providers (one candidate, an okta list filled by a loop over an answer tested non-empty first, is left alone since), on 30 other public providers 19 more, all real by the rule (hcp waypoint actions and variable_options ×12 in Create, Update and Read, commercetools business unit shipping/billing_address_keys ×4, datadog observability pipeline group_by ×2, juju access model users in Read: Go slices filled by appends only, saved or converted as they are); the launchdarkly team role mapping fix (custom_role_keys, a nil slice from a helper) is now caught, and the mongodb converter ToTFMapOfString is reported at its callers in advanced_cluster (the fix silences both).`,
	Bad: `out, err := r.client.GetGroup(ctx, id)
// ...
if len(out.Members) == 0 {
	data.Members = types.SetNull(types.StringType) // members = [] comes back null
} else {
	data.Members, diags = types.SetValueFrom(ctx, types.StringType, out.Members)
}
resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)`,
	Good: `out, err := r.client.GetGroup(ctx, id)
// ...
if len(out.Members) == 0 {
	if data.Members.IsNull() || data.Members.IsUnknown() {
		data.Members = types.SetNull(types.StringType)
	} else {
		data.Members = types.SetValueMust(types.StringType, []attr.Value{})
	}
} else {
	data.Members, diags = types.SetValueFrom(ctx, types.StringType, out.Members)
}
resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)`,
	Severity: "error",
	Since:    "v0.3.0",
	Summary:  "framework Create/Update/Read (and the helpers they call) saving a configurable list, set or map as `types.SetNull` (ListNull, MapNull, nil) when the API's answer is empty, so a configured `[]` comes back null",
}
