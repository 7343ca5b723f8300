// Package requestwrite defines an Analyzer that reports state or plan writes
// on a request, which are lost (APPLY-5).
//
// See [Doc] for what it reports and why; docs/checks/requestwrite.md is generated from it.
package requestwrite

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "requestwrite",
	Title: "State or plan written to the request, where it is lost",
	Rules: []rules.ID{"APPLY-5"},
	Why: `The framework reads the new state and plan only from the response. req.State.Set, req.Plan.Set, SetAttribute or RemoveResource on a request compile and do nothing: the write is lost, so Terraform keeps the old state (or an unknown) and reports an inconsistent result, or the resource is never removed.

Reported on values of the framework's request types (resource.CreateRequest, UpdateRequest, ReadRequest, ModifyPlanRequest, ImportStateRequest, UpgradeStateRequest, ...; datasource and ephemeral requests too).

Not reported when the lost write changes nothing or is not lost: RemoveResource on a DeleteRequest (a Delete without error has its state removed anyway); the same write repeated on the response in the same block; a request the function returns, or hands on or reads again after the write (a wrapper that adjusts its copy and calls the resource it wraps; req.Plan.Get or resp.State.Raw = req.Plan.Raw after the write).`,
	Bad:      `resp.Diagnostics.Append(req.State.Set(ctx, &state)...)`,
	Good:     `resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "`req.State.Set` / `req.Plan.SetAttribute` / `RemoveResource` on a framework request: the write is lost",
}
