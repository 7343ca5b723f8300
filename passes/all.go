// Package passes lists every analyzer of tflifecyclelint.
//
// The checks themselves are listed once, in registry.go, generated from the
// packages under passes/ (go run ./scripts/newcheck -registry); everything
// else — help, SARIF rules, docs, the README table, the golangci example —
// is computed from that list. Each check's Doc names the contract rules it
// enforces (APPLY-1, SCHEMA-3, ...), and every finding carries one.
package passes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

//go:generate go run ../scripts/newcheck -registry

// Registry returns every check, sorted by name.
func Registry() []lint.Check { return registry }

// Docs returns the documentation of every check, in the order of Checks.
func Docs() []*lint.Doc {
	out := make([]*lint.Doc, len(registry))
	for i, c := range registry {
		out[i] = c.Doc
	}
	return out
}

// Checks returns the analyzers that report contract violations.
func Checks() []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(registry))
	for i, c := range registry {
		out[i] = c.Analyzer
	}
	return out
}

// Directives checks the //lintignore directives against the checks: unknown
// names, missing reasons, directives that silence nothing.
var Directives = lint.NewDirectivesAnalyzer(Checks()...)

// All returns the analyzers the driver runs: the checks, the directives
// check, plus providermodel so its -providermodel.debug flag is available (it
// reports nothing by default).
func All() []*analysis.Analyzer {
	return append(Checks(), Directives, facts.Analyzer)
}

// OptIn names the checks that run only when asked for (-<name>): heuristics
// whose precision on real providers is below the bar for the default set
// (lint.Doc.NonDefault).
func OptIn() []string {
	var out []string
	for _, c := range registry {
		if c.Doc.NonDefault {
			out = append(out, c.Doc.Name)
		}
	}
	return out
}
