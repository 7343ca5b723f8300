package missingupgrader_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingupgrader"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./missingupgrader/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (framework: fwserver's
// UpgradeResourceState; SDK: the StateUpgraders chain of GRPCProviderServer).
var outcomes = []testutil.Outcome{
	{Finding: `no UpgradeState method|returns no upgrader|no upgrader for version`, Says: `Terraform fails with "Unable to Upgrade Resource State"`},
	{Finding: `above the schema Version|not below SchemaVersion`, Says: `never runs`},
	{Finding: `UPGRADE-3: .* sets no PriorSchema`, Says: `req.State is nil and the provider crashes`},
	{Finding: `StateUpgraders skip|StateUpgraders end at|StateUpgraders start at`, Says: `keeps its old shape, and attributes renamed or retyped since are lost or fail to decode`},
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
