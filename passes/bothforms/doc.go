// Package bothforms defines an Analyzer that reports SDK Create, Read and
// Update saving, from the API's answer, an Optional, non-Computed attribute
// that is one of two alternative forms of a setting (ConflictsWith,
// ExactlyOneOf) without testing which form the configuration uses
// (APPLY-2, READ-3).
//
// See [Doc] for what it reports and why; docs/checks/bothforms.md is generated from it.
package bothforms

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "bothforms",
	Title: "An SDK resource saves both forms of a setting the configuration gives in one form",
	Rules: []rules.ID{"APPLY-2", "READ-3"},
	Why: `Two attributes that are alternatives — one lists the other in ConflictsWith, or both are in one ExactlyOneOf — are usually two forms of one remote setting (a timestamp and a date, a deprecated name and its successor). The configuration sets at most one of them, so Terraform holds the other null. When Create, Read or Update (or a helper they hand d to) saves the API's answer into an Optional, non-Computed attribute of such a pair without first testing which form the configuration (or, in Read, the state) uses, a user of the other form gets a value saved for an attribute they never set: after apply the new state disagrees with the plan's null (the SDK only logs the inconsistency), and every later plan shows a change back to null, a perpetual diff.

The check follows the SDK resource's Create, Read and Update, their closures and the package functions they hand d to (three deep), and reports d.Set of such an attribute — its key a constant, or each constant of a local slice literal ranged over (for _, k := range []string{...}) — when no test of the attribute's or an alternative's presence or value (d.Get, d.GetOk, d.HasChange, d.GetRawConfig..., or a package function handed d and one of the keys) decides, in any function on the way, whether the d.Set runs. Only alternatives that look like two forms of one setting count: one of them is Deprecated (the old form and its successor), or one name is the other's with words added ("start" and "start_date", "policies" and "token_policies"); two settings that merely exclude each other (a Helm URL or a git repository) are left alone, since the API answers the unused one with nothing, which the SDK reads as unset. It also stays quiet when f saves the alternative on a way that never meets this d.Set (the API's answer picks the form), when a test that the API's answer holds a value (x != nil, x != "", v, ok := m[k]; ok, GetFooOk()) decides whether it runs and the way that skips it goes on (an API that keeps one form answers the other with nothing; a not-found return does not count), when the attribute is Computed (Optional+Computed absorbs the API's value) or has a Default (the plan is not null), when the value saved is a constant (nil clears it) or the attribute's own d.Get, and when the schema or its ConflictsWith list cannot be resolved (nested paths such as "block.0.name" are not followed). A DiffSuppressFunc hides the difference in every plan after the first, so for such an attribute only Create is reported: its plan held null, and the new state holds a value.`,
	Bad: `"start":      {Type: schema.TypeInt, Optional: true},
"start_date": {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"start"}},
...
d.Set("start", dt.GetStart()) // in Read: a start_date user gets "start" too`,
	Good: `if _, ok := d.GetOk("start_date"); ok {
	d.Set("start_date", time.Unix(dt.GetStart(), 0).UTC().Format(time.RFC3339))
} else {
	d.Set("start", dt.GetStart())
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "SDK Create, Read or Update saving the API's value into an Optional, non-Computed attribute whose alternative (ConflictsWith, ExactlyOneOf) the configuration may use instead, without testing which form is in use",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
