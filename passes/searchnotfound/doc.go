// Package searchnotfound defines an Analyzer that reports resource Reads
// that search a listing for their object and, when nothing matches, end
// without removing the resource (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/searchnotfound.md is generated from it.
package searchnotfound

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "searchnotfound",
	Title: "Read searches a listing for its object and keeps the state when it is not there",
	Rules: []rules.ID{"READ-2"},
	Why:   `Many APIs have no call that fetches one object: a Read lists the objects of a parent (the rules of a service, the members of a team, the entries of a configuration document) and loops over the answer for the element whose ID is the resource's. When the object was deleted outside Terraform the listing succeeds and simply does not hold it: that loop ending without a match is the Read's only way to learn the object is gone. If the Read then goes on and returns successfully without removing the resource, the old state is kept: the next plan shows no change, the object is never re-created, and the drift stays hidden until something that depends on it fails. The check follows loops of a resource's Read over the answer of a remote call (a slice or a map, by index or by value, through getters such as r.GetId()) that compare an element with the resource's ID (d.Id(), the "id" attribute of the model read from req.State, or a part of either, through strings.Split, strconv or a parser), and reports the return reached after the loop when no path from the loop's end removes the resource (resp.State.RemoveResource, d.SetId(""), a helper that does, or code handed the state that cannot be followed). Left alone: a comparison that skips the element (continue), matches on another attribute, loops over the configuration, a Read that fails after the loop (a "not found" error is readnotfound's), and SDK resources with an Exists function. A decorator around Read that removes the resource on a not-found error does not excuse it: the search without a match returns no error.`,
	Bad: `rules, err := client.ListRules(ctx, d.Get("service_id").(string))
if err != nil {
	return diag.FromErr(err)
}
for _, r := range rules {
	if r.ID == d.Id() {
		return diag.FromErr(d.Set("name", r.Name))
	}
}
return nil // the rule is gone, the state says it exists`,
	Good: `for _, r := range rules {
	if r.ID == d.Id() {
		return diag.FromErr(d.Set("name", r.Name))
	}
}
d.SetId("") // not in the listing: deleted outside Terraform
return nil`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "a resource Read that searches a listing for its ID and, when nothing matches, returns without removing the resource",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
	OptInWhy:   "on the 28 public providers we measure on (every check run on each), it reports nothing, so its precision on real code is not yet measured; a check moves to the default set once a triaged sample of its findings is at least 90% real.",
}
