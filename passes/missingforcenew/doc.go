// Package missingforcenew defines an Analyzer that reports: configurable attribute that the resource cannot update in place (SCHEMA-3).
//
// See [Doc] for what it reports and why; docs/checks/missingforcenew.md is generated from it.
package missingforcenew

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "missingforcenew",
	Title: "Configurable attribute that the resource cannot update in place",
	Rules: []rules.ID{"SCHEMA-3"},
	Why: `SDK: a resource without an Update function (in any spelling: Update, UpdateContext, UpdateWithoutTimeout) must mark every non-Computed attribute ForceNew, nested ones too, even inside a ForceNew block (the SDK diffs a nested attribute with its own schema and applies the block's ForceNew only when the number of elements changes, so a value changed inside an element is an update in place); otherwise the SDK's InternalValidate, run whenever Terraform validates the provider's configuration, fails every command ("No Update defined, must set ForceNew on: ..."), or — for nested and Optional+Computed attributes, which that check lets through — a change plans an update that fails at apply ("doesn't support update").

SDK, Update is the very same function as Create and nothing is ForceNew: a change re-runs Create, which for a resource named by a configured attribute (a path, a name) creates a second remote object and orphans the first. When some attribute is ForceNew, Create is an upsert keyed by those and nothing is reported; a shared function named as an upsert (CreateOrUpdate, Upsert, Put, Set, Apply, ...) is not reported either.

Framework: an Update method that never writes resp.State (it only adds an error, or does nothing) while a non-Computed attribute has no RequiresReplace plan modifier. A change to such an attribute is then planned as an update in place that can only fail: with the error the Update adds, or, when it adds none, with "Provider produced inconsistent result after apply" — the framework starts Update from the prior state, so an Update that writes nothing returns the old values where the plan promised new ones. Attributes with a custom plan modifier, resources whose ModifyPlan may set RequiresReplace, write-only attributes (never planned) and resources whose Create never writes state are left alone.`,
	Bad: `return &schema.Resource{
	CreateContext: namespaceCreate,
	UpdateContext: namespaceCreate,
	Schema: map[string]*schema.Schema{
		"path": {Type: schema.TypeString, Required: true},
	},
}`,
	Good: `	Schema: map[string]*schema.Schema{
		"path": {Type: schema.TypeString, Required: true, ForceNew: true},
	},`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "SDK: no Update while non-Computed attributes lack ForceNew, or Update is the very Create function and nothing is ForceNew (upserts excepted); framework: an Update that never writes state while non-Computed attributes lack RequiresReplace",
}
