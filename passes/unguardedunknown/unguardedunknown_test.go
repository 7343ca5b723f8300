package unguardedunknown_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/unguardedunknown"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), unguardedunknown.Analyzer, "./unguardedunknown/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: validation and plan run with
// unknown values, which read as zero.
var outcomes = []testutil.Outcome{
	{Finding: `VALIDATE-1`, Says: `a valid configuration is rejected`},
	{Finding: `PLAN-8`, Says: `"Provider produced inconsistent final plan"`},
}
