// Package createignores defines an opt-in Analyzer that reports configurable
// attributes that Update sends and Read saves from the API, while Create
// never reads them (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/createignores.md is generated from it.
package createignores

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "createignores",
	Title: "A configurable attribute that Create never sends",
	Rules: []rules.ID{"APPLY-2"},
	Why: `A value the user configures must reach the remote system when the resource is created. An attribute Create never reads is not sent: the API applies its own default, Read saves that, and the state differs from the configuration after the first apply — for the framework, Terraform fails with "Provider produced inconsistent result after apply" when Create saves what Read found; for the SDK, the next plan shows the change again, and only the Update that follows applies it.

The check walks Create, the closures it runs and the package functions it calls (Read excluded), collecting every attribute it mentions (d.Get, GetOk, HasChange or any other use of the key's name for the SDK; a read of a model field or a path.Root("name") for the framework). It reports a top-level configurable attribute Create never mentions while Update reads it and Read saves it from the API — that Update sends it is the evidence that it is an input, not an output declared Optional. Creates that hand d or the model to code out of sight, and Creates that never create (no d.SetId; a framework Create that never writes state, as in import-only resources) are left alone.

A risk heuristic, hence opt-in: on a triaged corpus sample about half of its findings were real. The false ones were Updates that read the attribute only from the prior state (sending back what was there), only compare it, or act on it as a trigger; and attributes that are outputs in all but their schema flags.`,
	Bad: `func resourceEnvironmentCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	env, err := client.CreateEnvironment(d.Get("name").(string), d.Get("color").(string))
	// "critical" is only sent by Update
}`,
	Good:       `env, err := client.CreateEnvironment(d.Get("name").(string), d.Get("color").(string), d.Get("critical").(bool))`,
	Severity:   "warning",
	Since:      "v0.2.0",
	Summary:    "a risk heuristic: a configurable attribute that Update sends and Read saves from the API, while Create never reads it: the configured value is not applied on creation",
	NonDefault: true,
}
