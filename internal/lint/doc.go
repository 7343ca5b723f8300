package lint

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// Doc is the documentation every check carries; docs/checks/<name>.md, the
// SARIF rule descriptions and `tflifecyclelint help <name>` come from it.
type Doc struct {
	Name  string
	Title string
	Rules []rules.ID
	// Why the contract matters: what the user of the provider meets.
	Why string
	// Bad and Good are short Go snippets.
	Bad, Good string
	// Severity is the default: "error" or "warning".
	Severity string
	// Since is the first release with the check.
	Since string
	// NonDefault marks an opt-in check: it runs only when named (-<name>).
	NonDefault bool
	// OptInWhy says, for an opt-in check, why it is not run by default:
	// what measuring it on real providers showed.
	OptInWhy string
	// Summary is the check's row in the README's table: what it reports, in
	// a sentence or two.
	Summary string
}

// A Check is one check: its documentation and the analyzer built from it.
// passes/registry.go lists them (generated: go run ./scripts/newcheck -registry).
type Check struct {
	Doc      *Doc
	Analyzer *analysis.Analyzer
}

// Runs says when the check runs: "default" or "opt-in (-name)".
func (d *Doc) Runs() string {
	if d.NonDefault {
		return "opt-in (-" + d.Name + ")"
	}
	return "default"
}

// DocsBase is where the generated check pages live.
const DocsBase = "https://github.com/tflifecyclelint/tflifecyclelint/blob/main/docs/checks/"

// URL of the check's page.
func (d *Doc) URL() string { return DocsBase + d.Name + ".md" }

// AnalyzerDoc is the text for analysis.Analyzer.Doc: title, then the why.
func (d *Doc) AnalyzerDoc() string {
	return fmt.Sprintf("%s (%s)\n\n%s", d.Title, d.RuleList(), d.Why)
}

// RuleList joins the rule IDs: "SCHEMA-1, SCHEMA-2".
func (d *Doc) RuleList() string {
	ids := make([]string, len(d.Rules))
	for i, r := range d.Rules {
		ids[i] = string(r)
	}
	return strings.Join(ids, ", ")
}

// NewAnalyzer builds a check's analyzer from its Doc, with the shared
// reporting and panic protection.
func NewAnalyzer(d *Doc, run func(*analysis.Pass) (any, error), requires ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     d.Name,
		Doc:      d.AnalyzerDoc(),
		URL:      d.URL(),
		Requires: requires,
		Run:      Safe(withUsage(releasing(run, requires))),
		// The //lintignore directives it used, for the lintignore analyzer.
		ResultType: usageType,
		// Type errors elsewhere in the package do not make the model wrong.
		RunDespiteErrors: true,
	}
}

// Markdown renders the check's page.
func (d *Doc) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s.\n\n", d.Name, d.Title)
	fmt.Fprintf(&b, "| | |\n|---|---|\n| rules | %s |\n| runs | %s |\n| default severity | %s |\n| since | %s |\n\n", ruleLinks(d.Rules), d.Runs(), d.Severity, d.Since)
	if d.NonDefault && d.OptInWhy != "" {
		fmt.Fprintf(&b, "Why opt-in: %s\n\n", d.OptInWhy)
	}
	fmt.Fprintf(&b, "## Why\n\n%s\n\n", d.Why)
	fmt.Fprintf(&b, "## Bad\n\n```go\n%s\n```\n\n", strings.Trim(d.Bad, "\n"))
	fmt.Fprintf(&b, "## Good\n\n```go\n%s\n```\n\n", strings.Trim(d.Good, "\n"))
	fmt.Fprintf(&b, "## Suppress\n\n```go\n//lintignore:%s <reason>\n```\n\non the line of the finding or the line above; the reason is required.", d.Name)
	if len(d.Rules) > 0 {
		fmt.Fprintf(&b, " A rule ID in place of the check name (`//lintignore:%s <reason>`) silences that rule's findings, whichever check reports them.", d.Rules[0])
	}
	fmt.Fprintf(&b, " A directive naming an unknown check or rule, or silencing nothing, is reported itself.\n")
	return b.String()
}

func ruleLinks(ids []rules.ID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		r, _ := rules.Lookup(id)
		parts[i] = fmt.Sprintf("[%s](../rules.md#%s) %s", id, strings.ToLower(string(id)), r.Title)
	}
	return strings.Join(parts, "<br>")
}
