// Package configoverwrite defines an opt-in Analyzer that reports framework
// and SDK Create/Update writing a configured (non-Computed) attribute in the remote
// system's form instead of the planned value (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/configoverwrite.md is generated from it.
package configoverwrite

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "configoverwrite",
	Title: "Create or Update saves a configured attribute in the remote system's form",
	Rules: []rules.ID{"APPLY-2", "PLAN-9"},
	Why: `After Create and Update, every value the plan knew must come back unchanged. For an attribute the user configures and the provider does not compute, that value is exactly what the configuration says. Saving instead what the API answers — JSON re-marshalled or filtered, a list the API reports as [] where the configuration has none — fails with "Provider produced inconsistent result after apply". Normalise in Read (keeping the prior value when it is semantically equal), or use a custom type with semantic equality.

This is a risk heuristic, hence opt-in: it cannot know which values the API echoes unchanged, so it looks only at two shapes in Create, Update and the package helpers they call (two calls deep), for attributes that are Required or Optional, not Computed, without a custom type: a string saved from a normalising step (a conversion from []byte such as string(json.Marshal(...)), or a package function's result, not a getter), and a list or set saved from the API's slice without a dominating len(...) > 0 test (so an empty answer stays null).

For SDK resources, where Terraform only logs the mismatch, it reports (as a warning) d.Set of a Required or Optional, not Computed, top-level key with such a normalised string in Create, Update or the package helpers they hand d to; Read, where the remote form belongs, is not followed. Attributes with a StateFunc (the plan holds the normalised form as well) or a DiffSuppressFunc, and plain case folding (strings.ToLower of an enum the API returns in upper case gives back the validated form), are left alone. The SDK treats an empty list and null alike, so lists are not reported there.`,
	Bad: `bytes, _ := json.Marshal(filter(apiResponse))
state.JSON = types.StringValue(string(bytes))
resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)`,
	Good: `state.JSON = plan.JSON // normalise in Read, keeping the prior form when equal
resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)`,
	Severity:   "warning",
	Since:      "v0.1.0",
	Summary:    "a risk heuristic: framework Create/Update (or a package helper they call) saving a Required/Optional, non-Computed attribute as a normalised string (`string(json.Marshal(...))`, a normalising function) or an Optional list built from the API's answer without a `len(...) > 0` test; SDK Create/Update `d.Set` of such a string on a non-Computed key",
	NonDefault: true,
}
