package unknowninstate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/unknowninstate"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), unknowninstate.Analyzer, "./unknowninstate/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user: Terraform v1.8.5 rejects unknown
// values after apply, after refresh and after a state upgrade.
var outcomes = []testutil.Outcome{
	{Finding: `^(\w+: )?APPLY-1: `, Says: `"Provider returned invalid result object after apply"`},
	{Finding: `^(\w+: )?READ-1: `, Says: `"Provider produced invalid object"`},
	{Finding: `^(\w+: )?UPGRADE-1: `, Says: `"Invalid resource state upgrade"`},
}
