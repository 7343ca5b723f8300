package invalidschemaflags_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/invalidschemaflags"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), invalidschemaflags.Analyzer, "./invalidschemaflags/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// The Computed fixes, checked against schemaflags.go.golden.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(), invalidschemaflags.Analyzer, "./fixes/schemaflags")
}

// What each finding must tell the user: Terraform's schema check when it
// loads a provider, and the framework's own schema and attribute checks.
var outcomes = []testutil.Outcome{
	{Finding: `is Required and also|is none of Required`, Says: `Terraform refuses the schema when it loads the provider \("has invalid schema"\), so every command fails`},
	{Finding: `has a Default but is not Computed`, Says: `"Invalid Attribute Implementation", so every command fails`},
	{Finding: `is WriteOnly and Computed`, Says: `"Invalid Attribute Definition"`},
	{Finding: `is WriteOnly inside a set`, Says: `"Invalid Schema Implementation"`},
}
