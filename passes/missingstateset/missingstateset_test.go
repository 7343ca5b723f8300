package missingstateset_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingstateset"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), missingstateset.Analyzer, "./missingstateset/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (fwserver CreateResource and
// UpdateResource; SDK GRPCProviderServer.ApplyResourceChange; Terraform's
// null-object check after apply).
var outcomes = []testutil.Outcome{
	{Finding: `\.Create can return`, Says: `"Missing Resource State After Create"`},
	{Finding: `\.Update can return`, Says: `returns the prior state, and Terraform fails with "Provider produced inconsistent result after apply"`},
	{Finding: `state upgrader of`, Says: `"Missing Upgraded Resource State"`},
	{Finding: `the Create of .* d.SetId`, Says: `"Provider produced inconsistent result after apply" .*, and the object just created is not recorded in state`},
}
