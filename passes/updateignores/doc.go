// Package updateignores defines an Analyzer that reports configurable
// attributes Create never reads (APPLY-2), or that can change in place (not
// ForceNew, no RequiresReplace) while Update never reads them (SCHEMA-3).
//
// See [Doc] for what it reports and why; docs/checks/updateignores.md is generated from it.
package updateignores

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "updateignores",
	Title: "A configurable attribute that Create or Update never reads",
	Rules: []rules.ID{"SCHEMA-3", "APPLY-2"},
	Why: `An attribute the user can set, without ForceNew (SDK) or RequiresReplace (framework), is changed by an update in place. If Update never looks at it, the change never reaches the API: the plan says it will be applied, apply reports success, and the next Read brings the remote value back, so the same change is planned again, forever (or, for the framework, Terraform fails after apply when Update saves what Read found). Either the API can change it, and Update must send it, or it cannot, and the attribute must force a new resource. The same holds at creation: an attribute Create never reads is never sent, Read saves whatever the API chose, and the state differs from the configuration after apply (APPLY-2; the framework fails the apply when Create saves what Read found).

The check walks Create and Update, the closures they run and the package functions it calls (Read excluded: it reads nothing from the configuration), collecting every attribute it mentions: d.Get, GetOk, HasChange, HasChanges, GetChange and any other use of the key's name (a key list, a helper's argument) for the SDK; any read of a model field or a path.Root("name") for the framework. It reports a top-level attribute Create (or Update) never mentions when the attribute has a remote value — Read sets it (for Update, Create saving it counts too) — so flags that only steer the provider (wait_for_ready, force_destroy) stay quiet. It says nothing about a function that hands d or the model to code out of sight (another package, an interface), reads d with a key it builds, or reads the raw plan; nor about attributes a CustomizeDiff mentions (it may force a new resource), attributes with a custom plan modifier, or resources whose ModifyPlan may require replacement.`,
	Bad: `"login": {Type: schema.TypeString, Required: true},
// ...
func resourceUserUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := client.UpdateUser(d.Id(), d.Get("name").(string), d.Get("role").(string))
	// login is never sent
}`,
	Good:     `"login": {Type: schema.TypeString, Required: true, ForceNew: true}, // the API cannot change it`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "a configurable attribute that Read saves from the API while Create never reads it (never sent), or that has no ForceNew/RequiresReplace while Update never reads it (changes planned, never applied)",
	// Opt-in until a triaged corpus sample shows at least 90% real findings.
	NonDefault: true,
}
