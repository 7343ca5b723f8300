// Package unknownwhenabsent defines an Analyzer that reports Computed
// attributes a framework Create or Update sets only when the API's answer
// holds them (APPLY-1).
//
// See [Doc] for what it reports and why; docs/checks/unknownwhenabsent.md is generated from it.
package unknownwhenabsent

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "unknownwhenabsent",
	Title: "A Computed attribute is set only when the API's answer holds it",
	Rules: []rules.ID{"APPLY-1"},
	Why: `A Computed attribute (or an Optional+Computed one the configuration leaves out) is unknown in the plan of a framework Create, and in Update unless a plan modifier keeps the prior value. The model read with req.Plan.Get carries that unknown until the code stores a value. When the store is made only if the API's answer holds the field — ` + "`if out.Mode != \"\" { m.Mode = types.StringValue(out.Mode) }`" + `, a comma-ok map lookup, a nil test of a pointer — the other branch saves the unknown, and Terraform fails with "Provider returned invalid result object after apply" the first time the API leaves the field out (an older server, an object of another kind, a field that appears later).

The check follows Create and Update and the package functions they call (three deep, model methods such as m.fromAPI(out) included) for the stores into each model field bound to such an attribute. It reports a field stored exactly once, with a constructor that never yields null (types.StringValue, not StringPointerValue), under a branch whose condition tests the stored value itself, the comma-ok of the lookup or type assertion that produced it, or the pointer it is loaded through. A field stored more than once (one store is the null of the other branch) is left alone, and so is every field of a model replaced as a whole or handed to code of another package — unless that code is a function or model method of the provider's other packages with a summary (the fields it leaves untouched on every success return, computed where it is declared): then only the fields it may set are left alone (xfill.SetIDs(&plan, out) sets id, and the check still looks at created_at).`,
	Bad: `if mode, ok := info["mode"].(string); ok && mode != "" {
	data.Mode = types.StringValue(mode)
}
resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)`,
	Good: `data.Mode = types.StringNull()
if mode, ok := info["mode"].(string); ok && mode != "" {
	data.Mode = types.StringValue(mode)
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "framework Create/Update (and the helpers they call) setting a Computed attribute only under a test that the API's answer holds it: on the other branch the plan's unknown is saved",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
