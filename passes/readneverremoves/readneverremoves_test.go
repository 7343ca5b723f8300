package readneverremoves_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/readneverremoves"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), readneverremoves.Analyzer, "./readneverremoves/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user.
var outcomes = []testutil.Outcome{
	{Finding: `READ-2`, Says: `Read fails here on every refresh`},
}
