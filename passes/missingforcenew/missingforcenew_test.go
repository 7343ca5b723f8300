package missingforcenew_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingforcenew"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), missingforcenew.Analyzer, "./missingforcenew/...")
}

// The schema map and its nested Elem come from another package.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), missingforcenew.Analyzer, "./crosspkg/sdkres")
}

// The ForceNew fix, checked against forcenew.go.golden.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(), missingforcenew.Analyzer, "./fixes/forcenew")
}
