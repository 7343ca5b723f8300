// Package readneverremoves defines an Analyzer that reports resource Reads
// that can fail on a remote error but have no path that removes the resource
// from state (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/readneverremoves.md is generated from it.
package readneverremoves

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "readneverremoves",
	Title: "Read can never drop a resource whose object was deleted",
	Rules: []rules.ID{"READ-2"},
	Why:   `A resource's Read that reports every remote error as an error, and never calls resp.State.RemoveResource (framework) or d.SetId("") (SDK) — itself or through a helper in any package — turns an out-of-band delete into a refresh error on every plan: the user must edit state by hand. This is reported once per Read, at the first remote error it returns, as a warning: some resources (organisation settings, singletons) cannot disappear, some clients return no error for a missing object (then the old state is kept instead), and the check cannot know the API. Only Reads that look the object up by something from state (d.Id(), d.Get, the state model) are considered. A listing (a call returning a collection, such as the keys under a prefix) is not taken as the lookup: a deleted prefix lists as empty, not as an error. Resources that manage settings of an object they do not own are left alone too: their Delete makes no remote call; or their Create makes no call that Update or Read does not also make (it applies settings to something that exists) and their Delete makes no call of its own named as a deletion (Delete..., Destroy..., Drop..., Purge..., Terminate..., Deregister...; a Reset... or Remove... puts settings back); such a Read fails only once the owning object is gone. When Read names that object itself — a lookup keyed on a Required attribute whose change replaces the resource (ForceNew, or the framework's RequiresReplace: repository, device_id, a reference to another object, which can be deleted outside Terraform), or on an ID that Create made of such an attribute — it is reported all the same: after that delete every refresh fails here. A lookup run inside a retry (retry.RetryContext with a closure that calls the API) is judged like a direct one. Resources whose Delete is the SDK's no-op (schema.NoopContext: the object cannot be deleted), Reads that hand the state to code it cannot follow before the lookup succeeds, Reads handed to a decorator that may remove the resource (ReadContext: handleNotFound(read)), and SDK resources with an Exists function, are left alone. On 30 public providers every finding was triaged by reading the code: 112 findings, 109 real (Reads of objects, or of children of a parent that can be deleted — security configurations, apps, teams —, returning the client's error), 3 not (an object the API only deactivates, tenant settings answered with defaults, a per-principal record Delete resets).`,
	Bad: `out, _, err := r.client.GetWidget(ctx, state.ID.ValueString())
if err != nil {
	resp.Diagnostics.AddError("Error reading widget", err.Error())
	return
}`,
	Good: `out, httpResp, err := r.client.GetWidget(ctx, state.ID.ValueString())
if httpResp != nil && httpResp.StatusCode == http.StatusNotFound {
	resp.State.RemoveResource(ctx)
	return
}
if err != nil {
	resp.Diagnostics.AddError("Error reading widget", err.Error())
	return
}`,
	Severity: "warning",
	Since:    "v0.1.0",
	Summary:  "a resource Read that looks its object up by something from state, fails on the remote error, never tests for not-found and has no path that removes the resource",
}
