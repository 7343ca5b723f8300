package zeroelements_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/zeroelements"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), zeroelements.Analyzer, "./zeroelements/...")
}
