// Package orphanedcreate defines an Analyzer that reports Creates that
// fail after the remote object was made and before its ID is saved: SDK
// Creates returning an error before d.SetId, framework Creates adding an
// error before the first resp.State.Set (APPLY-3).
//
// See [Doc] for what it reports and why; docs/checks/orphanedcreate.md is generated from it.
package orphanedcreate

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "orphanedcreate",
	Title: "A Create fails after making the object and before saving its ID",
	Rules: []rules.ID{"APPLY-3"},
	Why: `The SDK keeps state for a failed Create only when d.SetId was called: an error returned with no ID leaves nothing in state. When the error comes after the remote create succeeded (a wait for the object to be ready, a second call that tags, enables or configures it), the object exists but Terraform does not know it: it is left behind (and billed), and the next apply creates it again, failing with "already exists" when the name is unique, or making a second one. The SDK's idiom is to call d.SetId as soon as the create answers: a later error then marks the resource tainted, and the next apply replaces it.

The check finds "the create" precisely: for each d.SetId(x) of an SDK Create, the first call into the API that x is computed from (the answer's ID, through conversions and formatting; or the variable a closure handed to a retry helper fills with that answer), or, for an ID the provider builds itself (a name from the configuration, an answer written into an argument), the call that runs before the d.SetId on every path and is handed a value the ID is built from. Either way the call must be named as a create (a name holding Create, or starting Add, Insert, Post, Register, Provision, Launch, Allocate; not CreateOrUpdate or Upsert): a conversion, a lookup or an update of something that exists (a feature switched on) makes nothing to leave behind. From the branch where the create succeeded it follows the paths to an error return that meet no d.SetId, no code handed d (a helper that may save the ID), and no call named as a delete (a cleanup before the error). Left alone: an error on a test of the create's answer (no ID in it: there is nothing to save), the error of a d.Set, creates inside a loop, a resource whose Delete asks the API nothing (a task or an action: nothing to delete, and re-running it is what a tainted resource would do too), and an ID that is a parent key as configured (d.SetId(d.Get("domain").(string)): the settings of that parent, which the next apply sets again).

With -orphanedcreate.framework the check also covers the framework, where the rule has its own form: resp.State starts null in Create, and a Create that returns with an error diagnostic and a null state leaves nothing in state. The check finds the create as above from what each resp.State.Set (or SetAttribute) saves: the value stored into the model's "id" field, or else the model stored whole (a model built from the answer) or the plan itself (then the call named as a create, dominating the save, handed a value built from it). The call of a generated client's request builder (client.CreateThing(ctx).Payload(p).Execute()) is named by the method its chain starts from; calls that check, wait for or build a create (preflightCreate, waitForCreate, toCreatePayload) are no create. From the create's success it follows the paths to a return reached with an error added (AddError, diagnostics appended where the block returns, the failure branch of a diags.HasError() test once diagnostics were produced after the create) and no resp.State.Set, no code handed resp or resp.State, and no delete on the way; a deferred cleanup that deletes, and diagnostics of a provider helper that never adds an error, are left alone. A package helper that makes the object and then fails (createAndWait) counts too, when Create returns its error with nothing saved. The framework form is off by default: on the corpus and 14 more framework providers it reported 29 Creates, 26 real (waits for readiness, read-backs, activations and follow-up updates failing after the create; in sentry, clickhouse, okta, akamai, equinix, vercel, biganimal, cloudamqp, docker); the other three fail on the provider's own check of the create's answer (a log stream type "other than aws or splunk", a slug neither string nor number, segment rules the resource does not model), which cannot fire in practice: 90% not reached (26 of 29).

On the corpus it reports five Creates, all real: a DigitalOcean project whose "make default" update fails after the project was made, a Kubernetes daemon set waiting for its rollout and a persistent volume waiting to be bound, a Heroku VPN connection and an Akamai edge hostname waiting to be ready. On eleven more providers it reported 26: ten Nutanix Creates that wait for the create task, fifteen OVH ones that wait for the POST's task (fourteen real; a server reinstall task is an action, re-run either way) and an Azure DevOps elastic pool whose follow-up update fails: 30 of 31 real.`,
	Bad: `out, err := client.CreateObject(name)
if err != nil {
	return diag.FromErr(err)
}
if err := client.WaitReady(*out.ID); err != nil {
	return diag.FromErr(err)
}
d.SetId(*out.ID)`,
	Good: `out, err := client.CreateObject(name)
if err != nil {
	return diag.FromErr(err)
}
d.SetId(*out.ID)
if err := client.WaitReady(*out.ID); err != nil {
	return diag.FromErr(err)
}`,
	Severity: "error",
	Since:    "v0.3.0",
	Summary:  "a Create that fails after the remote create succeeded and before the ID is saved (`d.SetId`, framework `resp.State.Set`): the object is left outside Terraform and the next apply fails with \"already exists\"",
}
