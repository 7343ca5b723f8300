package incompleteimport_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/incompleteimport"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), incompleteimport.Analyzer, "./incompleteimport/...")
}
