// Package fillsnull defines an Analyzer that reports Create, Update and Read
// filling in an Optional, non-Computed attribute the configuration left out
// (APPLY-2, READ-3).
//
// See [Doc] for what it reports and why; docs/checks/fillsnull.md is generated from it.
package fillsnull

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "fillsnull",
	Title: "The provider fills in an Optional, non-Computed attribute the configuration left out",
	Rules: []rules.ID{"APPLY-2", "READ-3"},
	Why: `An attribute that is Optional and neither Computed nor defaulted is null in the plan whenever the configuration leaves it out: Terraform has promised the user that it stays null. A provider that, finding it null, puts a value of its own there — an environment variable, a provider-level default, the API's choice — breaks that promise. The framework fails the apply with "Provider produced inconsistent result after apply"; the SDK only logs the same inconsistency, and then every plan shows a change from the filled value back to null (a replacement, when the attribute forces one). Filled in by Read, the value makes every plan show that change. A value the provider or the API chooses belongs in an Optional+Computed attribute (with a Default or a plan modifier that resolves it at plan time).

The check follows Create, Update and Read (and the package functions they call, three deep). Framework: a store of a value made by a constructor that never yields null (types.StringValue(x), a custom type's NewXxxValue) into a model field bound to such an attribute, on a path where a test found that field null — x.IsNull(), x.IsUnknown() or x.ValueString() == "" (unless an earlier test found it not null: then "" is what the configuration says) — and every later test of it agrees, into a model the function saves with resp.State.Set or was handed by its caller. SDK: in Create and Update (and what they call, but not the resource's Read, whose d.GetOk sees the prior state: saving the API's answer there is a refresh), d.Set("key", v) on a path where d.GetOk("key") reported it unset or d.Get("key") was its zero value, unless v is what the SDK reads as unset (a zero constant, nil, an empty slice literal).

Opt-in: on the corpus it reported one attribute, real; on the providers of a wider sample (session 28) ten, of which three were real (environment-variable fallbacks, a Read filling a removed rotation period from the API) and seven were the shapes the rules above now leave alone (d.Set of nil or an empty list, SDK Reads saving the API's answer on both branches, a configured "" kept) or a branch that runs only on import.`,
	Bad: `if data.ServiceName.IsNull() {
	data.ServiceName = types.StringValue(os.Getenv("CLOUD_PROJECT"))
}
resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)`,
	Good: `"service_name": schema.StringAttribute{
	Optional: true,
	Computed: true, // and resolve the default at plan time
},`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "Create, Update or Read putting a value of their own into an Optional, non-Computed, non-defaulted attribute they found null: the state disagrees with the configuration's null",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
