package invalidschemaflags_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/invalidschemaflags"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), invalidschemaflags.Analyzer, "./invalidschemaflags/...")
}

// The Computed fixes, checked against schemaflags.go.golden.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(), invalidschemaflags.Analyzer, "./fixes/schemaflags")
}
