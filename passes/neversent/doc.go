// Package neversent defines an Analyzer that reports configurable attributes
// that neither Create nor Update sends while Read saves them from the API
// (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/neversent.md is generated from it.
package neversent

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "neversent",
	Title: "A configurable attribute that neither Create nor Update sends",
	Rules: []rules.ID{"APPLY-2"},
	Why: `A value the user configures is meant to reach the remote system. An attribute that neither Create nor Update reads is never sent: the API keeps its own value, Read saves that, and the state disagrees with the configuration after every apply — the SDK shows the same change in every plan, the framework fails with "Provider produced inconsistent result after apply" once a Create or Update saves what Read found. When the attribute was meant as an output (a value the API assigns), declaring it Optional or Required is the mistake: a user who leaves it unset sees a plan to remove the API's value, forever. Either send it, or make it Computed only.

The check walks Create and Update, the closures they run and the package functions they call (Read excluded), collecting every attribute they mention: d.Get, GetOk, HasChange or any other use of the key's name for the SDK (a key list, a helper's argument; not a log call), a read of a model field or a path.Root("name") for the framework. It reports a top-level attribute that is Required or Optional and not Computed, that Read saves from the API (not a constant of the provider's own) while Create, Update, CustomizeDiff/ModifyPlan and Read itself never read it. Left alone: Creates that hand d or the model to code out of sight, read d with a key they build, or never create (import-only resources); attributes Read reads (a lookup parameter, a prior value kept); attributes with a StateFunc or DiffSuppressFunc.

Opt-in for now: on the corpus (30 providers, 24 of which load) it reported 21 attributes, 17 of them real (outputs such as route_uuid or added_to_agent_at declared Optional, a Required type Create never sends, an Optional description Read fills from the API); the others were a deliberate drift trigger (a synced flag Read sets to false until the remote side catches up) and three attributes of a test provider's fixture resource. 81% is short of the 90% the default set asks for.`,
	Bad: `"critical": {Type: schema.TypeBool, Optional: true},
// ...
func resourceEnvironmentCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	env, err := client.CreateEnvironment(d.Get("name").(string), d.Get("color").(string))
	// "critical" is never sent, here or in Update; Read saves env.Critical
}`,
	Good:     `env, err := client.CreateEnvironment(d.Get("name").(string), d.Get("color").(string), d.Get("critical").(bool))`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "a configurable, non-Computed attribute that Read saves from the API while neither Create nor Update (nor the helpers they call) reads it: a configured value never reaches the API",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
