package unguardedunknown_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/unguardedunknown"
)

func Test(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(), unguardedunknown.Analyzer, "./unguardedunknown/...")
	testutil.AssertOutcomes(t, res, outcomes)
	assertTrail(t, res)
}

// assertTrail: a finding on a helper two calls deep shows, as evidence,
// the returns that answer for the unknown in both helpers (the fixture
// marks them "// evidence: <what>").
func assertTrail(t *testing.T, res []*analysistest.Result) {
	t.Helper()
	for _, r := range res {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, `hands "zones" to policyApplies`) {
				continue
			}
			var got []string
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				got = append(got, p.String()+": "+rel.Message)
			}
			for _, want := range []string{"zonesUnset answers false here", "policyApplies answers true here"} {
				if !strings.Contains(strings.Join(got, "\n"), want) {
					t.Errorf("finding %q: no evidence %q among %q", d.Message, want, got)
				}
			}
			return
		}
	}
	t.Errorf("no finding on policyApplies")
}

// What each finding must tell the user: validation and plan run with
// unknown values, which read as zero.
var outcomes = []testutil.Outcome{
	{Finding: `VALIDATE-1`, Says: `a valid configuration is rejected`},
	{Finding: `PLAN-8`, Says: `"Provider produced inconsistent final plan"`},
}
