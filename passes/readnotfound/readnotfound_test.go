package readnotfound_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/readnotfound"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), readnotfound.Analyzer, "./readnotfound/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (Terraform refresh: an error keeps
// the prior state and fails the plan; a kept state hides the delete).
var outcomes = []testutil.Outcome{
	{Finding: `removes the resource and then returns an error`, Says: `the removal is discarded and every plan fails`},
	{Finding: `returns an error when the object is gone`, Says: `every plan then fails`},
	{Finding: `returns without error and without removing`, Says: `the old state is kept and Terraform never plans to re-create it`},
	{Finding: `without a nil test`, Says: `the provider panics`},
	{Finding: `fails with an error saying the object is missing`, Says: `every plan then fails after an out-of-band delete`},
	{Finding: `fails here with the error of`, Says: `every plan then fails after an out-of-band delete`},
	{Finding: `tests for a missing object on the result of`, Says: `this test does not see it and the Read fails`},
	{Finding: `on its error path without testing it for nil`, Says: `the provider panics instead of reporting the error`},
}

// A Read that removes and then fails on its not-found test and on another
// branch gets one finding, which points at the other branch.
func TestRemovedTwiceNamesBoth(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), readnotfound.Analyzer, "./readnotfound/...")
	for _, r := range res {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "Read of x_removes_twice") {
				continue
			}
			for _, rel := range d.Related {
				if strings.Contains(rel.Message, "the same removal, then an error, on this branch too") {
					return
				}
			}
			t.Fatalf("finding on x_removes_twice names no other branch: %+v", d.Related)
		}
	}
	t.Fatal("no finding on x_removes_twice")
}
