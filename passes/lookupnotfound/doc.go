// Package lookupnotfound defines an Analyzer that reports the lookups of a
// resource's Read that fail with an error where the object, or a parent named
// in its state, may be gone, although the Read handles a missing object
// elsewhere (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/lookupnotfound.md is generated from it.
package lookupnotfound

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "lookupnotfound",
	Title: "A lookup in Read fails on a missing object before the not-found test is reached",
	Rules: []rules.ID{"READ-2"},
	Why:   `A Read is judged lookup by lookup. A lookup is a call to the API, keyed by something from the resource's state (d.Id(), d.Get("parent_id"), a field of the model read from req.State, a request struct or option built from them), whose error ends the Read with an error. When the object is deleted outside Terraform — or the parent it lives in, which takes the object with it — the first lookup on the path fails. This check reports two shapes. First, a lookup that fails with an error while a later test in the same Read removes the resource on not-found: the Read knows the object can disappear, but after a parent is deleted (or when the earlier call is the one that sees the object gone) it never reaches that test, and every plan fails until the user edits state by hand. Second, an error branch that removes the resource and then still fails: Terraform discards the state of a Read that returns an error, so the removal is lost. A lookup whose own results are tested for not-found, one whose error goes to a helper handed the state, a branch guarded by d.IsNewResource(), client constructors and listings are left alone; SDK resources with an Exists function are skipped (the SDK removes the resource itself).`,
	Bad: `app, _, err := client.GetApplication(ctx, d.Get("app_id").(string))
if err != nil {
	return diag.FromErr(err) // the application was deleted: the assignment is gone too
}
user, resp, err := client.GetApplicationUser(ctx, app.Id, d.Get("user_id").(string))
if resp != nil && resp.StatusCode == http.StatusNotFound {
	d.SetId("")
	return nil
}`,
	Good: `app, resp, err := client.GetApplication(ctx, d.Get("app_id").(string))
if resp != nil && resp.StatusCode == http.StatusNotFound {
	d.SetId("") // no application, no assignment
	return nil
}
if err != nil {
	return diag.FromErr(err)
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a resource Read lookup keyed on state (a parent, the object by another call) that fails with an error before the Read's own not-found test is reached, or an error branch that removes the resource and still fails",
}
