package missingforcenew_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingforcenew"
)

func Test(t *testing.T) {
	// crosspkg/sdkres: the schema map and its nested Elem come from another
	// package. One load for both: each load type-checks the SDK from source.
	res := analysistest.Run(t, testutil.Fixtures(), missingforcenew.Analyzer, "./missingforcenew/...", "./crosspkg/sdkres")
	testutil.AssertOutcomes(t, res, outcomes)
}

// The ForceNew fix, checked against forcenew.go.golden.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(), missingforcenew.Analyzer, "./fixes/forcenew")
}

// What each finding must tell the user (SDK: Resource.Apply without an
// Update; framework: UpdateResource starts from the prior state).
var outcomes = []testutil.Outcome{
	// Only Optional+Computed or nested offenders: InternalValidate lets them pass.
	{Finding: `(optionalComputed|sentEvent) has no Update function`, Says: `the apply fails with the SDK's "doesn't support update"`},
	{Finding: `has no Update function`, Says: `the SDK's InternalValidate then fails every command that configures the provider \("No Update defined, must set ForceNew on: ...\"\)`},
	{Finding: `uses its Create function`, Says: `makes a second remote object .* leaves the first behind`},
	{Finding: `Update never writes resp.State`, Says: `"Provider produced inconsistent result after apply"`},
}
