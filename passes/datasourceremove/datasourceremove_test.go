package datasourceremove_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/datasourceremove"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), datasourceremove.Analyzer, "./datasourceremove/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (Terraform's null check on
// ReadDataSource; the SDK's ReadDataApply with an empty ID).
var outcomes = []testutil.Outcome{
	{Finding: `removes itself from state`, Says: `"Provider produced null object"`},
	{Finding: `clears its ID`, Says: `every attribute null without an error`},
	{Finding: `never sets an ID`, Says: `the SDK returns no state, so every attribute reads as null`},
}
