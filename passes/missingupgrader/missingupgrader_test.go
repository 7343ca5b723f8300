package missingupgrader_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
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

// A resource declared in a _test.go file (fw/harness_test.go) is not
// reported by default. (The package is named alone: analysistest loads its
// test variant then, not through "...".)
func TestTestFilesQuiet(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./missingupgrader/fw")
}

// With -providermodel.tests it is.
func TestTestFilesFlag(t *testing.T) {
	lint.ReportTestFiles = true
	defer func() { lint.ReportTestFiles = false }()
	analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./testfiles/harness")
}
