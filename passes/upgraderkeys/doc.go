// Package upgraderkeys defines an Analyzer that reports TODO (RULE-N).
//
// See [Doc] for what it reports and why; docs/checks/upgraderkeys.md is generated from it.
package upgraderkeys

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:     "upgraderkeys",
	Title:    "TODO: what the check reports, as a noun phrase",
	Rules:    []rules.ID{"UPGRADE-3", "UPGRADE-4"},
	Why:      `TODO: what the provider's user meets when the rule is broken, and what the check follows.`,
	Bad:      `TODO: a short snippet with the bug`,
	Good:     `TODO: the same snippet, fixed`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "TODO: one sentence for the README's table",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
