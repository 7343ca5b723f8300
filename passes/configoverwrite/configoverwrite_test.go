package configoverwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/configoverwrite"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), configoverwrite.Analyzer, "./configoverwrite/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: framework providers get the APPLY-2
// error, SDK providers a log line and a diff on the next plan.
var outcomes = []testutil.Outcome{
	{Finding: `instead of the planned value`, Says: `Terraform fails with "Provider produced inconsistent result after apply"`},
	{Finding: `instead of the configured value`, Says: `Terraform only logs this for an SDK provider .* the next plan shows a change`},
}
