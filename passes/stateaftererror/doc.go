// Package stateaftererror defines an Analyzer that reports a framework Create
// or Update whose error branch falls through to saving state, and an SDK
// Create that returns a failure with an ID set before anything was made
// (APPLY-3).
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

An SDK Create has the same problem the other way round: the SDK keeps a resource whose ID is set, whatever Create returns. A Create that calls d.SetId with a value of its own (a name from the configuration) before any call into the API has succeeded, and then returns an error (the create call failed, or a check before it), leaves a tainted resource in state for an object that was never made; the next apply plans to destroy and re-create it, and the destroy acts on something that is not there, or on an object Terraform does not own. The check follows Create into a function of the package it hands d to (Create delegating to Update) and looks for that function's failures before its own first successful call. It leaves alone a Create that asks the API nothing, itself or in what it calls (a local or test resource: its state is all there is; an API client written in the package on net/http is not seen as one), an ID set once a call into the API has run on every path (in a closure handed to a retry helper too), a d.SetId("") on the way to the error, errors of d.Set, and a Read that Create hands on to (with nothing to make, the object is there).

On the corpus it reported one Update (a failed schedule update saving the planned values), after the first-remote-call rule removed four Creates that keep a downloaded file in state when the read-back fails; the SDK part seven Creates, six of them resources that configure something that exists already (settings of an organisation, a realm or an enterprise, a feature flag) by setting the ID and handing on to Update, one that makes a schema property. On fifteen more providers it reported 23 findings, all real. All 31 break the rule; 26 are the settings shape, whose consequence is mild (the failed first update leaves the resource tainted, and the next apply replaces it where it should retry), which is why the check stayed opt-in a while; it runs by default now, as the 90%-real bar asks.`,
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
	Summary:  "a framework Create or Update adding an error for a failed call (`if err != nil { resp.Diagnostics.AddError(...) }`) without returning, on a path that then saves `resp.State`, or an SDK Create setting the ID before its first call into the API and returning that call's failure with the ID set: the state of a failed operation is recorded",
}
