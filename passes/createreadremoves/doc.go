// Package createreadremoves defines an opt-in Analyzer that reports SDK
// Reads that Create calls and that drop the resource without a
// d.IsNewResource() guard (APPLY-3).
//
// See [Doc] for what it reports and why; docs/checks/createreadremoves.md is generated from it.
package createreadremoves

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "createreadremoves",
	Title: "Create ends with a Read that can drop the resource it just made",
	Rules: []rules.ID{"APPLY-3"},
	Why: `An SDK Create usually ends by calling the resource's Read to fill the state. When that Read finds the object missing it calls d.SetId("") and returns success, as it must on a refresh; but right after Create the object may not be visible yet (an eventually consistent API, a listing that lags, a permission that has not propagated), and then Create returns success with an empty ID: the object exists, the state has nothing, and Terraform fails with "Provider produced inconsistent result after apply: Root resource was present, but now absent". The SDK's idiom is to remove only when !d.IsNewResource(), and to return an error otherwise.

The check reports, for an SDK resource whose Create calls its Read, each d.SetId("") in that Read that no d.IsNewResource() test dominates and after which the Read returns success. A Create that waits for the object before reading it (a StateChangeConf's WaitForState, a retry, a helper of its own named wait..., called on every path to the Read) is left alone: the object answers by then. It is opt-in: the failure needs an API that can miss a freshly made object, which the code does not show.`,
	Bad: `if resp.StatusCode == http.StatusNotFound {
	d.SetId("")
	return nil
}`,
	Good: `if resp.StatusCode == http.StatusNotFound && !d.IsNewResource() {
	d.SetId("")
	return nil
}`,
	Severity:   "warning",
	Since:      "v0.3.0",
	Summary:    "an SDK Read that Create calls removing the resource (`d.SetId(\"\")`, then success) with no `d.IsNewResource()` guard: an object not yet visible after Create leaves Create successful with no ID",
	NonDefault: true,
	OptInWhy:   "whether a freshly made object can be missing depends on the API's consistency, which the code does not show; on the 28 corpus providers it reports 315 removals in 13 of them; a random 25 were triaged before Creates that wait were left alone, and of the 22 still reported, 8 are real (an API the provider itself works around for lag after create, a Read that searches a listing or drops the resource on any error), 5 are not (nothing is created, an API that reads consistently) and 9 cannot be told from the code: a review list rather than a list of bugs",
}
