// Package existsnotfound defines an Analyzer that reports SDK Exists
// functions answering a lookup's failure, not-found included, with an error
// (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/existsnotfound.md is generated from it.
package existsnotfound

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "existsnotfound",
	Title: "An SDK Exists function returns the lookup's error on a deleted object",
	Rules: []rules.ID{"READ-2"},
	Why: `The SDK calls a resource's Exists function before Read on every refresh, so that a deleted object can be dropped from state: Exists answers false and no error, and the SDK removes the resource. An Exists that hands back the lookup's error as it is — ` + "`return obj != nil, err`" + ` — turns a deleted object into an error instead: the API answers 404, Exists returns it, and every refresh and plan fails until the user edits state by hand. The Read it guards is never reached, so a not-found test there does not help.

The check looks at the Exists function of each SDK resource, and reports a return whose error result is the error of a call keyed on the resource's state (its ID, a parent's name read from d) that can fail, when the function tests nothing for not-found (no 404 status, not-found predicate or code, nil object). An Exists handed to a wrapper that may answer not-found itself is left alone.`,
	Bad: `func appGroupExists(d *schema.ResourceData, m any) (bool, error) {
	g, _, err := client(m).GetAssignment(d.Get("app_id").(string), d.Id())
	return g != nil, err
}`,
	Good: `func appGroupExists(d *schema.ResourceData, m any) (bool, error) {
	g, resp, err := client(m).GetAssignment(d.Get("app_id").(string), d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		return false, nil
	}
	return g != nil, err
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "an SDK Exists function returning the error of a lookup keyed on state without any not-found test: a deleted object fails every refresh instead of being dropped",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
	OptInWhy:   "on the 28 public providers we measure on (every check run on each), it reports nothing (Exists functions have become rare), so its precision on real code is not yet measured; a check moves to the default set once a triaged sample of its findings is at least 90% real.",
}
