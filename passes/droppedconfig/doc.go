// Package droppedconfig defines an Analyzer that reports a framework Create
// or Update saving a model it built itself without a configurable
// attribute's field (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/droppedconfig.md is generated from it.
package droppedconfig

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "droppedconfig",
	Title: "Create or Update saves a model built without a configured attribute",
	Rules: []rules.ID{"APPLY-2"},
	Why: `After Create or Update, every attribute the configuration sets must hold the planned value in the new state. A framework Create that builds a fresh model for resp.State.Set (from the API's answer, say) and never writes the field of a Required or Optional attribute saves it as null, since the zero value of types.String, Bool, Int64 and the other scalar values is null: Terraform fails with "Provider produced inconsistent result after apply" whenever the attribute is configured (always, for a Required one). APIs leave such values out of their answers often (a warehouse the object runs on, a flag used only when creating), and the model built from the answer loses them.

The check looks at each resp.State.Set in a framework resource's Create and Update whose model is a literal or variable the function declares and fills itself: its address goes to no other function (a helper or req.Plan.Get may fill it) and it is not copied from another model. It reports the tagged scalar fields of top-level attributes that are Required or Optional (write-only ones aside) that no store writes, unless a resp.State.SetAttribute of the same attribute follows. Lists, sets, maps and objects left unset are zerocollection's: they fail the conversion whatever the configuration.

Opt-in for now: it reported nothing on the corpus, whose Creates fill the model from the plan first or hand it to a helper.`,
	Bad: `out, err := r.client.CreateMonitor(ctx, req)
state := monitorModel{ID: types.StringValue(out.ID), Table: types.StringValue(out.Table)}
// warehouse_id (Required) is not in the answer and never copied from the plan
resp.Diagnostics.Append(resp.State.Set(ctx, state)...)`,
	Good:     `state.WarehouseID = plan.WarehouseID`,
	Severity: "warning",
	Since:    "v0.3.0",
	Summary:  "a framework Create or Update saving a model it built itself with the field of a Required or Optional attribute never written: the attribute is null in state where the configuration sets it",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
