package lookupnotfound_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/lookupnotfound"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), lookupnotfound.Analyzer, "./lookupnotfound/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user.
var outcomes = []testutil.Outcome{
	{Finding: `before it reaches its own not-found test`, Says: `every refresh fails instead of removing the resource`},
	{Finding: `and then fails too`, Says: `the removal is lost`},
}
