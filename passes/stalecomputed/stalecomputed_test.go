package stalecomputed_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/stalecomputed"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), stalecomputed.Analyzer, "./stalecomputed/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (PLAN-8 is an error for every SDK).
var outcomes = []testutil.Outcome{
	{Finding: `keeps its prior value in the plan|keeps its prior value:`, Says: `apply fails with "Provider produced inconsistent final plan"`},
}
