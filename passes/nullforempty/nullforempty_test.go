package nullforempty_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/nullforempty"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), nullforempty.Analyzer, "./nullforempty/...")
}
