package orphanedcreate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/orphanedcreate"
)

func Test(t *testing.T) {
	if err := orphanedcreate.Analyzer.Flags.Set("framework", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testutil.Fixtures(), orphanedcreate.Analyzer, "./orphanedcreate/...")
}
