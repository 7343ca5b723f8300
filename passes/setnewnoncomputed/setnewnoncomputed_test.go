package setnewnoncomputed_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/setnewnoncomputed"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), setnewnoncomputed.Analyzer, "./setnewnoncomputed/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: the SDK's ResourceDiff refuses
// these keys at plan time (checkKey in resource_diff.go).
var outcomes = []testutil.Outcome{
	{Finding: `is not Computed`, Says: `the SDK refuses it at plan time \("\w+ only operates on computed keys"\)`},
	{Finding: `only accepts a top-level attribute|is not in the schema`, Says: `fails at plan time with "invalid key"`},
}
