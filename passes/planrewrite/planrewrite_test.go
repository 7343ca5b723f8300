package planrewrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/planrewrite"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), planrewrite.Analyzer, "./planrewrite/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: the framework is held to
// Terraform's plan validity check.
var outcomes = []testutil.Outcome{
	{Finding: `PLAN-[1235]`, Says: `reject.*\("Provider produced invalid plan"\)`},
	{Finding: `PLAN-8`, Says: `final plan differs \("Provider produced inconsistent final plan"\); return when req.ConfigValue.IsUnknown\(\)`},
}
