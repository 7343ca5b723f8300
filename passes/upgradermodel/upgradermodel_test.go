package upgradermodel_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/upgradermodel"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), upgradermodel.Analyzer, "./upgradermodel/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: resp.State.Set converts the model
// against the current schema and fails on a mismatch.
var outcomes = []testutil.Outcome{
	{Finding: `UPGRADE-2`, Says: `resp.State.Set (then )?fails .*\("Value Conversion Error"\)`},
	{Finding: `UPGRADE-4`, Says: `the value the user had is lost`},
}
