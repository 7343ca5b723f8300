package upgraderkeys_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/upgraderkeys"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), upgraderkeys.Analyzer, "./upgraderkeys/...")
}
