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
	rb.WriteString("# Rules\n\nGenerated from `contract/rules` and `passes/rulesdoc.go` (`go test ./passes -run TestDocs -update`).\n\n")
	rb.WriteString(rulesIntro)
	for _, r := range rules.All() {
		t := ruleTexts[r.ID]
		fmt.Fprintf(&rb, "\n## %s\n\n%s.\n\n", r.ID, capitalize(r.Title))
		fmt.Fprintf(&rb, "**When it is broken.** %s\n\n**Plugins.** %s\n", t.Breaks, t.Plugins)
		if checks := checksFor(r.ID); len(checks) > 0 {
			fmt.Fprintf(&rb, "\n**Checked by** %s.\n", strings.Join(checks, ", "))
		}
	}
	out["docs/rules.md"] = rb.String()
	out["examples/golangci/.golangci.yml"] = golangciConfig()
	return out
}

// ChecksTable is the README's table of checks: the default ones, then the
// opt-in ones, each with its Summary.
func ChecksTable() string {
	var b strings.Builder
	b.WriteString("| check | rules | what it reports |\n|---|---|---|\n")
	for _, optIn := range []bool{false, true} {
		for _, d := range Docs() {
			if d.NonDefault != optIn {
				continue
			}
			what := d.Summary
			if optIn {
				what = fmt.Sprintf("opt-in (`-%s`), %s", d.Name, what)
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", d.Name, d.RuleList(), what)
		}
	}
	return b.String()
}

// Generated sections of README.md sit between these markers.
const (
	ReadmeBegin = "<!-- checks:begin (generated: go test ./passes -run TestDocs -update) -->\n"
	ReadmeEnd   = "<!-- checks:end -->"
)

// SpliceReadme puts the checks table into the README's generated section.
func SpliceReadme(readme string) (string, error) {
	i, j := strings.Index(readme, ReadmeBegin), strings.Index(readme, ReadmeEnd)
	if i < 0 || j < i {
		return "", fmt.Errorf("README.md has no generated checks section (%q ... %q)", strings.TrimSpace(ReadmeBegin), ReadmeEnd)
	}
	return readme[:i+len(ReadmeBegin)] + ChecksTable() + readme[j:], nil
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// checksFor links the checks that enforce rule id.
func checksFor(id rules.ID) []string {
	var out []string
	for _, d := range Docs() {
		for _, r := range d.Rules {
			if r == id {
				out = append(out, fmt.Sprintf("[%s](checks/%s.md)", d.Name, d.Name))
			}
		}
	}
	return out
}

// golangciConfig is the example golangci-lint configuration: every check
// declared as a module plugin, the default ones enabled, severities from Doc.
func golangciConfig() string {
	optIn := map[string]bool{}
	for _, n := range OptIn() {
		optIn[n] = true
	}
	var b strings.Builder
	b.WriteString("# Generated from the check list (go test ./passes -run TestDocs -update).\n")
	b.WriteString("# Enabled: the checks tflifecyclelint runs by default; the opt-in ones are\n# declared below and enabled by adding them to `enable`.\n")
	b.WriteString("version: \"2\"\nlinters:\n  default: none\n  enable:\n")
	for _, d := range Docs() {
		if !optIn[d.Name] {
			fmt.Fprintf(&b, "    - %s\n", d.Name)
		}
	}
	b.WriteString("  settings:\n    custom:\n")
	var warn []string
	for _, d := range Docs() {
		desc := fmt.Sprintf("%s (%s)", d.Title, d.RuleList())
		if optIn[d.Name] {
			desc = "opt-in: " + desc
		}
		fmt.Fprintf(&b, "      %s:\n        type: module\n        description: %q\n", d.Name, desc)
		if d.Severity == "warning" {
			warn = append(warn, d.Name)
		}
	}
	b.WriteString("severity:\n  default: error\n")
	if len(warn) > 0 {
		fmt.Fprintf(&b, "  rules:\n    - linters: [%s]\n      severity: warning\n", strings.Join(warn, ", "))
	}
	b.WriteString("output:\n  formats:\n    text:\n      path: stdout\n")
	return b.String()
}
