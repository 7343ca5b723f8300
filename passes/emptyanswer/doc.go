// Package emptyanswer defines an Analyzer that reports resource Reads that
// index a lookup's answer without testing that it holds anything (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/emptyanswer.md is generated from it.
package emptyanswer

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "emptyanswer",
	Title: "Read indexes a lookup's answer without testing that it holds the object",
	Rules: []rules.ID{"READ-2"},
	Why: `Many APIs answer a lookup of an object that no longer exists not with an error but with an empty result: a search by ID that finds nothing, a response whose list of entities is empty. A resource Read that takes the first element of such an answer (resp.Entities[0]) without testing its length panics with "index out of range" once the object is deleted outside Terraform: the provider crashes on every refresh, and the user must edit state by hand.

The check follows, in a resource's Read, every call that can fail and is keyed on the resource's state (d.Id(), d.Get, a field of the model read from req.State), and reports an element taken at a fixed position of a slice of its answer when no branch before it tests anything of that answer but its error — a len(), a count, a nil test, a loop over it all count as a test.`,
	Bad: `out, err := client.SearchWorkflows(ctx, Filter{ID: d.Id()})
if err != nil {
	return diag.FromErr(err)
}
return diag.FromErr(flatten(out.Entities[0], d))`,
	Good: `out, err := client.SearchWorkflows(ctx, Filter{ID: d.Id()})
if err != nil {
	return diag.FromErr(err)
}
if len(out.Entities) == 0 {
	d.SetId("") // deleted outside Terraform
	return nil
}
return diag.FromErr(flatten(out.Entities[0], d))`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a resource Read that takes element 0 (or another fixed one) of a lookup's answer keyed on state without testing its length first: a deleted object makes Read panic",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
	OptInWhy:   "on the 28 public providers we measure on (every check run on each), it reports nothing, so its precision on real code is not yet measured; a check moves to the default set once a triaged sample of its findings is at least 90% real.",
}
