package blockcount_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/blockcount"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), blockcount.Analyzer, "./blockcount/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (framework: APPLY-2 is an error).
var outcomes = []testutil.Outcome{
	{Finding: `blocks rebuilt from the API`, Says: `Terraform fails with "Provider produced inconsistent result after apply"`},
}
