// Package updaterejects defines an Analyzer that reports SDK attributes that
// can change in place while Update fails whenever they change (SCHEMA-3).
//
// See [Doc] for what it reports and why; docs/checks/updaterejects.md is generated from it.
package updaterejects

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "updaterejects",
	Title: "An attribute can change in place, but Update fails whenever it changes",
	Rules: []rules.ID{"SCHEMA-3"},
	Why: `An attribute without ForceNew is changed by an update in place: the plan shows "~ update in-place" and the user approves it. When Update answers a change of that attribute only with an error ("name cannot be changed"), every such plan is a promise apply breaks: the apply fails after the plan was accepted, and the only way out is for the user to taint or replace the resource by hand. If the remote system cannot change the value, the attribute must force a new resource (ForceNew), or the change must be refused when the plan is made (a CustomizeDiff), where the user can still decide.

The check follows Update and the package functions it calls for a condition that is d.HasChange("key") or d.HasChanges(...) itself — a constant key, or each key of a local list ranged over — whose true branch can only return an error built on the spot (fmt.Errorf, errors.New, diag.Errorf, diag.FromErr of one, a package function that always fails), calling nothing but formatting, logging and reads of d on the way. It reports a configurable attribute so tested that is not ForceNew and that no CustomizeDiff mentions (one may force a new resource or reject the change at plan time). A test followed by another condition (d.HasChange("a") && other) is left alone: the other condition may be what makes the change impossible; one reached only after other tests (!d.HasChange("b") && d.HasChange("a")) is reported, since those tests only narrow when the change is refused.

Opt-in for now: 14 findings triaged, all real (corpus: heroku, okta, sumologic; outside it: ovh, nutanix, spacelift ×2, opentelekomcloud, flexibleengine, supabase ×2, aquasec, timescale, and a citrix secret refused unless its key id changes with it), short of the 20 the default set asks for.`,
	Bad: `"username": {Type: schema.TypeString, Required: true},
// ...
func userUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if d.HasChange("username") {
		return diag.Errorf("username cannot be changed")
	}
	// ...
}`,
	Good:     `"username": {Type: schema.TypeString, Required: true, ForceNew: true},`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "an SDK attribute, not ForceNew and not checked by a CustomizeDiff, whose change Update answers only with an error: the plan promises an update that apply refuses",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
