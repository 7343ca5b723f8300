package passes

import (
	"fmt"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// GeneratedDocs returns the documentation files, by path relative to the
// repository root: one page per check, the index, and the rule catalogue.
func GeneratedDocs() map[string]string {
	out := map[string]string{}
	var index strings.Builder
	index.WriteString("# Checks\n\nGenerated from each check's `Doc` (`go test ./passes -run TestDocs -update`).\n\n| check | rules | severity | what it reports |\n|---|---|---|---|\n")
	for _, d := range Docs() {
		out["docs/checks/"+d.Name+".md"] = d.Markdown()
		fmt.Fprintf(&index, "| [%s](%s.md) | %s | %s | %s |\n", d.Name, d.Name, d.RuleList(), d.Severity, d.Title)
	}
	out["docs/checks/README.md"] = index.String()
	var rb strings.Builder
	rb.WriteString("# Rules\n\nThe lifecycle contract rules every finding names. Generated from `contract/rules`.\n\n")
	for _, r := range rules.All() {
		tol := ""
		if r.LegacyTolerated {
			tol = " Legacy-tolerated: Terraform only logs a warning for SDKv2 providers."
		}
		fmt.Fprintf(&rb, "## %s\n\n%s.%s\n\n", r.ID, r.Title, tol)
	}
	out["docs/rules.md"] = rb.String()
	return out
}
