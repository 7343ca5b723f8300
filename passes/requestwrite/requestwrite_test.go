package requestwrite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/requestwrite"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), requestwrite.Analyzer, "./requestwrite/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: the framework reads only responses,
// so the consequence is that of the missing write, per request type.
var outcomes = []testutil.Outcome{
	{Finding: `\((planmodifier\.\w+|resource.ModifyPlanRequest)\)`, Says: `the plan keeps the value the framework proposed`},
	{Finding: `RemoveResource .*\(resource.ReadRequest\)`, Says: `stays in state and Terraform never plans to re-create it`},
	{Finding: `\(resource.ReadRequest\)`, Says: `changes made outside Terraform do not show in a plan`},
	{Finding: `\(resource.CreateRequest\)`, Says: `"Missing Resource State After Create"`},
	{Finding: `\(resource.UpdateRequest\)`, Says: `"Provider produced inconsistent result after apply"`},
	{Finding: `\(resource.UpgradeStateRequest\)`, Says: `"Missing Upgraded Resource State"`},
	{Finding: `\(resource.ImportStateRequest\)`, Says: `"Missing Resource Import State"`},
}
