// Package stalecomputed defines an opt-in Analyzer that reports SDK Computed
// attributes that keep their prior value in the plan while an in-place change
// of the attribute they are named after, or built from, makes Update change
// them (PLAN-9, PLAN-8).
//
// See [Doc] for what it reports and why; docs/checks/stalecomputed.md is generated from it.
package stalecomputed

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "stalecomputed",
	Title: "A Computed attribute keeps its old value in the plan while an in-place change alters it",
	Rules: []rules.ID{"PLAN-9", "PLAN-8"},
	Why: `The SDK plans a Computed attribute that is not in the configuration with its prior value, unless the resource's CustomizeDiff marks it as changing (d.SetNewComputed, customdiff.ComputedIf). When an in-place update of another attribute changes it — enabling ipv6 gives the droplet an ipv6_address — the plan has promised the old value: Terraform only logs the inconsistent result for an SDK provider, but every resource that uses the value was planned with the stale one, and apply fails with "Provider produced inconsistent final plan".

This is a risk heuristic, hence opt-in: it cannot know what the remote system changes, so it relates attributes by name. It reports a top-level Computed attribute Y (not Required, not ForceNew) when the resource's Update, or a helper of the package it hands d to, tests d.HasChange("X") for an attribute X that is updated in place and Y is named "X_something" (or X names Y's identifier or an action on it, "Y_id", "Y_uuid", "Y_reset", "Y_rotation", "Y_version", when Y is not Optional), Read or Update sets Y from the API, and the CustomizeDiff never names Y. An Update that tests no change at all acts on every in-place attribute; then only an action named after Y ("password_reset") relates. A Computed-only attribute named as a mark the remote system moves on every change of the object — version, latest_version, revision, serial, etag, modify_index, updated_at, update_time, last_modified, last_updated, modified_at and the like — relates to every in-place attribute: in a resource that has one (configurable, not ForceNew), it is reported when Read or Update sets it (or Read names it: a map handed to a setter of another package), it has no DiffSuppressFunc, and the CustomizeDiff never names it. On the corpus this relation gave 39 findings (updated_at 20, etag 13, modified_at 2, last_updated 2, version, serial): real by the rule, each changes on an in-place update while the plan keeps the old value, but of low consequence unless something refers to the value, which is why the check stays opt-in.

The code relates attributes too, whatever their names: a Computed-only attribute that Read or Update (or a helper of the package they hand d to) saves from the value a configurable attribute that is not ForceNew is saved from — the same API field, or a string built from it by a concatenation, fmt.Sprint*, a strings, path, strconv or net/url function, or a helper of the package taking and returning plain values (a url of the name, a display copy of the title) — or from d.Get of that attribute, changes when the user changes that attribute in place; it is reported when the CustomizeDiff never names it. A call that takes a client or a struct (a lookup by the name) is not followed, and a constant saved twice relates nothing.

A Computed-only attribute named as derived from a setting is reported the same way, whether or not Update tests the setting (an Update that sends every setting renames in place all the same): "full_X", "resolved_X", "effective_X", "actual_X", "canonical_X" or "normalized_X" of a configurable attribute X that is not ForceNew (full_name of name, resolved_execution_mode of execution_mode, effective_tags of tags), and "P_id" or "P_uuid" of a configurable "P_name" (the identifier resolved from the name) unless the resource itself is the P (a certificate resource's certificate_id, which a rename keeps).`,
	Bad: `"ipv6":         {Type: schema.TypeBool, Optional: true},
"ipv6_address": {Type: schema.TypeString, Computed: true},
...
// Update
if d.HasChange("ipv6") && d.Get("ipv6").(bool) {
	enableIPv6(ctx, client, id)
}`,
	Good: `CustomizeDiff: customdiff.IfValueChange("ipv6",
	func(ctx context.Context, old, new, meta interface{}) bool { return !old.(bool) && new.(bool) },
	customdiff.ComputedIf("ipv6_address", func(ctx context.Context, d *schema.ResourceDiff, meta interface{}) bool {
		return d.Get("ipv6").(bool)
	}),
),`,
	Severity:   "warning",
	Since:      "v0.1.0",
	Summary:    "a risk heuristic: an SDK Computed attribute `X_something` that Read/Update set from the API while Update acts on `d.HasChange(\"X\")` for an in-place attribute `X`, and the CustomizeDiff never marks it (`customdiff.ComputedIf`, `d.SetNewComputed`)",
	NonDefault: true,
}
