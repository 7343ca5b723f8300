package missingupgrader_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingupgrader"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./missingupgrader/...")
}

// The schema comes from a helper in another package (facts on functions).
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./crosspkg/fwres")
}
