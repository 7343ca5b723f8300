// Package stateaftererror defines an Analyzer that reports a framework Create
// or Update whose error branch falls through to saving state (APPLY-3).
//
// See [Doc] for what it reports and why; docs/checks/stateaftererror.md is generated from it.
package stateaftererror

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "stateaftererror",
	Title: "An error branch of Create or Update that goes on to save state",
	Rules: []rules.ID{"APPLY-3"},
	Why: `Terraform keeps whatever state Create or Update returns, errors or not. When a remote call fails and the provider adds an error but does not return, the function carries on: it fills the model from a nil or empty answer and saves it. A failed Create then leaves a resource in state (tainted) for an object that was never made, often with an empty ID that a later Read matches against something else; a failed Update saves the planned values as if they had been applied, so the next plan shows no difference and the change is silently lost.

The check looks at each framework resource's Create and Update for a block that is the ` + "`err != nil`" + ` branch of an error test and adds an error (AddError, AddAttributeError) without returning, and follows the paths from there: once they have joined the success path, a resp.State.Set or SetAttribute is reported. A ` + "`resp.Diagnostics.HasError()`" + ` test on the way stops the walk (its failure branch is taken); a save inside the error branch itself, before returning, is a deliberate partial state and is left alone, as are errors added in a loop (one per element, a design of their own). Only a failure of the first remote call counts: once an earlier call into the API has succeeded (the object was made or changed, and a later read or wait failed), saving the state records what happened — for a Create, it is how Terraform marks the object tainted for replacement.

Opt-in for now: on the corpus it reported one Update (a failed schedule update saving the planned values), a real bug, after the first-remote-call rule removed four Creates that keep a downloaded file in state when the read-back fails (and, on a real-bug row's file, an Update saving a team member after the update succeeded and a propagation wait failed).`,
	Bad: `out, err := r.client.Create(ctx, in)
if err != nil {
	resp.Diagnostics.AddError("Create failed", err.Error())
}
plan.ID = types.StringValue(out.GetID())
resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)`,
	Good: `if err != nil {
	resp.Diagnostics.AddError("Create failed", err.Error())
	return
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a framework Create or Update adding an error for a failed call (`if err != nil { resp.Diagnostics.AddError(...) }`) without returning, on a path that then saves `resp.State`: the state of a failed operation is recorded",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
