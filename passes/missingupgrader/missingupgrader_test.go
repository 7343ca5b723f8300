package missingupgrader_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingupgrader"
)

func Test(t *testing.T) {
	// crosspkg/fwres: the schema comes from a helper in another package (facts
	// on functions). missingupgrader/fw, named alone: analysistest then loads
	// its test variant, whose resource in harness_test.go must stay quiet by
	// default. One load for all: each load type-checks the SDK from source.
	res := analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./missingupgrader/...", "./crosspkg/fwres", "./missingupgrader/fw")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (framework: fwserver's
// UpgradeResourceState; SDK: the StateUpgraders chain of GRPCProviderServer).
var outcomes = []testutil.Outcome{
	{Finding: `no UpgradeState method|returns no upgrader|no upgrader for version`, Says: `Terraform fails with "Unable to Upgrade Resource State"`},
	{Finding: `above the schema Version|not below SchemaVersion|keyed by the schema.s current Version`, Says: `never runs`},
	{Finding: `UPGRADE-3: .* sets no PriorSchema`, Says: `req.State is nil and the provider crashes`},
	{Finding: `UPGRADE-3: .* reads req.State into`, Says: `this Get fails \("Value Conversion Error"\) on every state of that version`},
	{Finding: `StateUpgraders skip|StateUpgraders end at|StateUpgraders start at`, Says: `keeps its old shape, and attributes renamed or retyped since are lost or fail to decode`},
}

// A resource declared in a _test.go file is reported with -providermodel.tests.
func TestTestFilesFlag(t *testing.T) {
	lint.ReportTestFiles = true
	defer func() { lint.ReportTestFiles = false }()
	analysistest.Run(t, testutil.Fixtures(), missingupgrader.Analyzer, "./testfiles/harness")
}
