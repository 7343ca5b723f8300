// Package missingstateset defines an Analyzer that reports framework Create
// and Update success paths, and state upgrader success paths, that never
// write resp.State, and SDK Create success paths without d.SetId (APPLY-3,
// UPGRADE-2).
//
// See [Doc] for what it reports and why; docs/checks/missingstateset.md is generated from it.
package missingstateset

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "missingstateset",
	Title: "Create or Update can succeed without writing the new state",
	Rules: []rules.ID{"APPLY-3", "UPGRADE-2"},
	Why: `A framework Create or Update must write resp.State on every path that succeeds. Create starts from a null resp.State, and the framework fails the apply with "Missing Resource State After Create". Update starts from the prior state: returning it unchanged makes Terraform fail with "Provider produced inconsistent result after apply", since the plan promised the new values.

The check follows the method's control flow (SSA): a path counts as a failure, not a success, once it adds an error (AddError, AddAttributeError, an Append that the path then returns after) or takes the true branch of a HasError() check. A path that hands resp or resp.State to other code (a helper, a closure) counts as writing it.

Three early returns are not success paths. In Update, "if nothing changed { return }" when the test compares every attribute that can change in place (not RequiresReplace, not Computed-only, not write-only): Terraform calls Update only when the plan differs from the state. When the test leaves such an attribute out, the finding names it (a change of that attribute alone takes the return). "if errs != nil { for _, err := range errs { AddError(...) }; return }": a non-empty slice adds an error each time. And "if st == Failed { return }" after st := helper(ctx, &resp.Diagnostics, ...), when the helper (same package) returns Failed only right after adding an error to the diagnostics or finding one there.

A test of diagnostics of the function's own (` + "`v, diags := types.ListValueFrom(...)`" + `, a helper's result) that returns on error is a failure only when those diagnostics reach resp.Diagnostics (appended before the test or in its branch): otherwise the error is dropped, the framework sees a success, and the path is held to the rule like any other (the finding points at the test).

An SDK Create is held to its own form of the rule: on a path that returns success (nil, or empty diagnostics) it must have called d.SetId with a non-empty ID — otherwise the SDK returns a null object, Terraform fails with "Provider produced inconsistent result after apply" ("Root object was present, but now absent": on this path the SDK does not claim the legacy type system's leniency), and the object just made is not recorded in state. A path that hands d to other code (a helper, a retry closure) counts as setting it. A Create that names the object itself (it calls d.SetId) and ends with ` + "`return resourceRead(ctx, d, meta)`" + ` is held more strictly: on a path to that return that skipped its d.SetId (the object was looked for in a listing and not found), only d.SetId, a closure or a function of the package that may call d.SetId counts, and a Read only looks the ID up: the object just made is looked up by an empty ID. Paths through the else of ` + "`if d.Id() == \"\"`" + ` are left out: a Create starts with no ID.

State upgraders (the functions in an UpgradeState map, literals or methods) are held to the same rule (UPGRADE-2): the framework copies nothing from the prior state, so an upgrader that succeeds without setting resp.State or resp.DynamicValue fails with "Missing Upgraded Resource State" on every state of that version.`,
	Bad: `func (r *R) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if plan.When.ValueString() == "apply" {
		r.apply(ctx, plan, &resp.State, &resp.Diagnostics)
	}
}`,
	Good: `	if plan.When.ValueString() == "apply" {
		r.apply(ctx, plan, &resp.State, &resp.Diagnostics)
	} else {
		resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	}`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a framework Create or Update path, or a state upgrader path, that succeeds without writing `resp.State` (upgraders: or `resp.DynamicValue`); an SDK Create that returns success without `d.SetId` of a non-empty ID (found on SSA: error paths, HasError branches and helpers that receive `resp` are understood)",
}
