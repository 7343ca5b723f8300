package incompleteimport_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/incompleteimport"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), incompleteimport.Analyzer, "./incompleteimport/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (fwserver ImportResourceState;
// Terraform's import, which fails when Read drops the object; the plan after
// an SDK import).
var outcomes = []testutil.Outcome{
	{Finding: `IMPORT-1: .* writes nothing`, Says: `"Missing Resource Import State"`},
	{Finding: `IMPORT-1: .* passes the ID into`, Says: `the import fails .*"Cannot import non-existent remote object"`},
	{Finding: `IMPORT-1: .* looks the object up with`, Says: `the import fails, with the API's error or.*"Cannot import non-existent remote object"`},
	{Finding: `IMPORT-3: .* \(Required\):`, Says: `the first plan with the matching configuration is not empty`},
	{Finding: `IMPORT-3: .* \(Required, ForceNew\)`, Says: `the first plan with the matching configuration replaces`},
}
