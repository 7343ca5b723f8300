package facts_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

// The model is asserted through its facts: `// want name:"..."` in the fixtures.
func TestModelFacts(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), facts.Analyzer, "./providermodel/...")
}
