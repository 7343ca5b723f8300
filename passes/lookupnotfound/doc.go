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
	Why:   `A Read is judged lookup by lookup. A lookup is a call to the API, keyed by something from the resource's state (d.Id(), d.Get("project_id"), a field of the model read from req.State, a request struct or option built from them), whose error ends the Read with an error. When the object is deleted outside Terraform — or the parent it lives in, which takes the object with it — the first lookup on the path fails. This check reports two shapes. First, a lookup with no not-found test of its own that fails before the Read reaches a later not-found test that removes the resource: the Read knows the object can disappear, but when the parent is deleted (or the earlier call is the one that sees the object gone) it never gets there, and every plan fails until the user edits state by hand. Second, a branch that removes the resource and fails as well — a lookup's error branch, the error of a retry the lookup runs in, a test of a status the API answered: Terraform discards the state of a Read that returns an error, so the removal is lost and every refresh fails. (A recognised not-found test that does this is readnotfound's; when the Read's own not-found test removes and fails too, readnotfound's finding names the other such branches, and this check stays quiet on them: one mistake, one finding.) Left alone: a lookup after a not-found test (the object was just found), a lookup made only while a value from state is empty (if d.Get("team_id") == "" { lookupTeamID(slug) }: a fallback filling a key the state lacks right after Create, not what a refresh runs), a lookup made only where the resource's ID does not parse in the form the provider saves — in the Read (if _, err := strconv.Atoi(d.Id()); err != nil { byName(d.Id()) }) or in a helper of the package that returns a number it parses and looks anything else up (getTeamID(idPart)) — when Create saves the ID as a formatted number or the Read replaces the ID it resolved (an import by name, resolved once), a nil test of a variable only ever set, in the Read or in a retry's closure, to the answer of a function that never answers nil without an error (the branch cannot be taken), a lookup handed the same attribute (d.Get("project_id")) as an earlier call made on every path to it whose not-found test removes the resource (the parent was just found), a Read whose not-found test only warns (it does not remove on purpose), errors handed to a helper given the state, d.IsNewResource() guards, client constructors (but a client made for the parent named by a Required, ForceNew attribute — client.ForProject(d.Get("project_id")) — looks that parent up, and is judged as a lookup), request builders, parsers and listings, Reads handed to a decorator that may remove the resource, and SDK resources with an Exists function (the SDK removes the resource itself).`,
	Bad: `project, _, err := client.GetProject(ctx, d.Get("project_id").(string))
if err != nil {
	return diag.FromErr(err) // the project was deleted: its widget is gone too
}
widget, resp, err := client.GetWidget(ctx, project.ID, d.Id())
if resp != nil && resp.StatusCode == http.StatusNotFound {
	d.SetId("")
	return nil
}`,
	Good: `project, resp, err := client.GetProject(ctx, d.Get("project_id").(string))
if resp != nil && resp.StatusCode == http.StatusNotFound {
	d.SetId("") // no project, no widget
	return nil
}
if err != nil {
	return diag.FromErr(err)
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a resource Read lookup keyed on state (a parent, the object by another call) that fails with an error before the Read's own not-found test is reached, or a branch of Read that removes the resource and still fails",
}
