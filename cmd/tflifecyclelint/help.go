package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// Exit codes of the standalone driver (README, `help`).
const (
	exitClean    = 0
	exitError    = 1
	exitUsage    = 2
	exitFindings = 3
)

// help prints the overview, or one check explained; it returns the exit code.
func help(stdout, stderr io.Writer, args []string) int {
	if len(args) == 0 {
		overview(stdout)
		return exitClean
	}
	if len(args) > 1 {
		fmt.Fprintf(stderr, "tflifecyclelint: help takes one check name, got %d arguments\n", len(args))
		return exitUsage
	}
	for _, d := range passes.Docs() {
		if d.Name == args[0] {
			explain(stdout, d, slices.Contains(passes.OptIn(), d.Name))
			return exitClean
		}
	}
	if args[0] == lint.DirectivesName {
		explain(stdout, lint.DirectivesDoc, false)
		return exitClean
	}
	if by := checksOfRule(rules.ID(args[0])); len(by) > 0 {
		r, _ := rules.Lookup(rules.ID(args[0]))
		fmt.Fprintf(stdout, "%s: %s\n\nEnforced by: %s (`tflifecyclelint help <check>` explains one)\n", r.ID, r.Title, strings.Join(by, ", "))
		return exitClean
	}
	fmt.Fprintf(stderr, "tflifecyclelint: no check named %q; `tflifecyclelint help` lists them\n", args[0])
	return exitUsage
}

func checksOfRule(id rules.ID) []string {
	var out []string
	for _, d := range passes.Docs() {
		if slices.Contains(d.Rules, id) {
			out = append(out, d.Name)
		}
	}
	return out
}

func overview(w io.Writer) {
	fmt.Fprint(w, `tflifecyclelint finds bugs in Terraform provider code (terraform-plugin-framework,
terraform-plugin-sdk/v2, SDK v1) that break the resource lifecycle contract: the
ones users meet as "Provider produced inconsistent result after apply", "Provider
produced invalid plan", or state that can no longer be upgraded.

Usage:
  tflifecyclelint [flags] <packages>             e.g. tflifecyclelint ./...
  go vet -vettool=$(which tflifecyclelint) [flags] <packages>
  tflifecyclelint help [<check> | <rule>]        this text, or one check explained
  tflifecyclelint version                        the version it was built from

`)
	optIn := passes.OptIn()
	var def, opt []*lint.Doc
	for _, d := range passes.Docs() {
		if slices.Contains(optIn, d.Name) {
			opt = append(opt, d)
		} else {
			def = append(def, d)
		}
	}
	fmt.Fprintln(w, "Checks run by default (turn one off with -<check>=false):")
	checkTable(w, def)
	fmt.Fprintln(w, "\nOpt-in checks, risk heuristics (run one with -<check>):")
	checkTable(w, opt)
	fmt.Fprintf(w, `
Also run: lintignore, which reports //lintignore directives naming an unknown
check or rule, lacking a reason, or silencing nothing.

Flags:
  -<check>                   run only the checks named this way
  -<check>=false             run every default check but this one
  -json                      findings as JSON on stdout
  -sarif                     SARIF 2.1.0 on stdout, for code scanning
  -severity=<check>=<level>,...
                             SARIF level of a check: error, warning or note
  -fix                       apply the suggested fixes (-diff: print them instead)
  -debug-model               print the provider model each check sees (not findings)
  -lintignore.unused=false   allow //lintignore directives that silence nothing
  -c=<n>                     print n lines of source around each finding
  -test=false                leave _test.go files out
  -providermodel.tests       report findings in _test.go files too (off: test harness providers)
  -V, version                the version

Suppress one finding, with a reason, on its line or the line above:
  //lintignore:<check> <reason>     e.g. //lintignore:missingupgrader v1 was never released
  //lintignore:<rule> <reason>      e.g. //lintignore:SCHEMA-4 v1 was never released

Exit codes (standalone, every output mode: text, -json, -sarif, -debug-model):
  0  no findings
  1  errors: packages that do not load or type-check, a check that failed
  2  bad usage: unknown flag or check, bad -severity
  3  findings
Under go vet, go vet's own: 1 on findings or errors.

Each check is explained by 'tflifecyclelint help <check>' and in docs/checks/.
`)
}

func checkTable(w io.Writer, docs []*lint.Doc) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range docs {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", d.Name, d.RuleList(), d.Title)
	}
	tw.Flush()
}

// explain prints one check the way staticcheck -explain does: what, which
// rules, why, bad and good code, how to suppress, where the docs are.
func explain(w io.Writer, d *lint.Doc, optIn bool) {
	fmt.Fprintf(w, "%s: %s\n\n", d.Name, d.Title)
	for _, id := range d.Rules {
		r, _ := rules.Lookup(id)
		fmt.Fprintf(w, "Rule %s: %s\n", id, r.Title)
	}
	run := "on by default; -" + d.Name + "=false turns it off"
	if optIn {
		run = "opt-in (a risk heuristic); run it with -" + d.Name
	}
	fmt.Fprintf(w, "Runs: %s. Default severity: %s. Since: %s.\n\n", run, d.Severity, d.Since)
	fmt.Fprintf(w, "%s\n\n", wrap(d.Why, 80))
	fmt.Fprintf(w, "Bad:\n\n%s\n\nGood:\n\n%s\n", indent(d.Bad), indent(d.Good))
	if d.Name == lint.DirectivesName {
		return // it has no page, and suppressing it makes no sense
	}
	fmt.Fprintf(w, "\n")
	fmt.Fprintf(w, "Suppress one finding, with a reason, on its line or the line above:\n\n")
	fmt.Fprintf(w, "    //lintignore:%s <reason>\n", d.Name)
	for _, id := range d.Rules {
		fmt.Fprintf(w, "    //lintignore:%s <reason>    (any check's %s finding)\n", id, id)
	}
	fmt.Fprintf(w, "\nDocs: docs/checks/%s.md (%s)\n", d.Name, d.URL())
}

func indent(code string) string {
	lines := strings.Split(strings.Trim(code, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "\n")
}

// wrap fills paragraphs to width columns.
func wrap(text string, width int) string {
	var paras []string
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		var b strings.Builder
		n := 0
		for _, word := range strings.Fields(p) {
			if n > 0 && n+1+len(word) > width {
				b.WriteByte('\n')
				n = 0
			} else if n > 0 {
				b.WriteByte(' ')
				n++
			}
			b.WriteString(word)
			n += len(word)
		}
		paras = append(paras, b.String())
	}
	return strings.Join(paras, "\n\n")
}
