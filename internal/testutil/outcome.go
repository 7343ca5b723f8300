package testutil

import (
	"regexp"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// Outcome says what a kind of finding must tell the user: a finding whose
// message matches Finding must also match Says — the failure the user will
// meet (Terraform's or the plugin library's error, or what goes wrong).
type Outcome struct {
	Finding, Says string
}

// AssertOutcomes checks every diagnostic of results against the table: each
// one (the lintignore directive reports aside) must match some row's Finding
// and then that row's Says. It fails when no diagnostic was seen at all, so
// that a table is never checked against nothing.
func AssertOutcomes(t *testing.T, results []*analysistest.Result, table []Outcome) {
	t.Helper()
	n := 0
	for _, res := range results {
		for _, d := range res.Diagnostics {
			if d.Category == "lintignore" {
				continue
			}
			n++
			assertOutcome(t, d.Message, table)
		}
	}
	if n == 0 {
		t.Error("no findings to check the outcome table against")
	}
}

func assertOutcome(t *testing.T, msg string, table []Outcome) {
	t.Helper()
	for _, row := range table {
		if !regexp.MustCompile(row.Finding).MatchString(msg) {
			continue
		}
		if !regexp.MustCompile(row.Says).MatchString(msg) {
			t.Errorf("finding does not name its outcome (want %s): %s", row.Says, msg)
		}
		return
	}
	t.Errorf("finding matches no row of the outcome table: %s", msg)
}
