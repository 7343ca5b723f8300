// Package invalidschemaflags defines an Analyzer that reports: attribute flag combination that Terraform or the framework rejects (SCHEMA-1, SCHEMA-2).
//
// See [Doc] for what it reports and why; docs/checks/invalidschemaflags.md is generated from it.
package invalidschemaflags

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "invalidschemaflags",
	Title: "Attribute flag combination that Terraform or the framework rejects",
	Rules: []rules.ID{"SCHEMA-1", "SCHEMA-2"},
	Why: `The framework validates schemas when Terraform first asks for them, so these mistakes fail every command of every user of the release; the SDK fails only in InternalValidate, if the provider's tests call it. Reported, for framework and SDK schemas, nested attributes included:

- SCHEMA-1: Required together with Optional or Computed; an attribute with none of Required, Optional, Computed;
- SCHEMA-2 (framework): a Default on an attribute that is not Computed; a WriteOnly attribute that is Computed, or nested inside a set (set elements are identified by value, which a write-only value never keeps).`,
	Bad:      `"region": schema.StringAttribute{Optional: true, Default: stringdefault.StaticString("us")},`,
	Good:     `"region": schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("us")},`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "Required with Optional/Computed, none of the three, a framework Default on a non-Computed attribute, a WriteOnly attribute that is Computed or inside a set",
}
