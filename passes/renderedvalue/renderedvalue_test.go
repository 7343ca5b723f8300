package renderedvalue_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/renderedvalue"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), renderedvalue.Analyzer, "./renderedvalue/...")
}
