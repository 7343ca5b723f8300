package incompleteimport_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/incompleteimport"
)

func Test(t *testing.T) {
	if err := incompleteimport.Analyzer.Flags.Set("required", "true"); err != nil {
		t.Fatal(err)
	}
	defer incompleteimport.Analyzer.Flags.Set("required", "false")
	res := analysistest.Run(t, testutil.Fixtures(), incompleteimport.Analyzer, "./incompleteimport/...")
	testutil.AssertOutcomes(t, res, outcomes)
}

// What each finding must tell the user (fwserver ImportResourceState;
// Terraform's import, which fails when Read drops the object; the plan after
// an SDK import).
var outcomes = []testutil.Outcome{
	{Finding: `IMPORT-1: .* writes nothing`, Says: `"Missing Resource Import State"`},
	{Finding: `IMPORT-1: .* passes the ID into`, Says: `the import fails .*"Cannot import non-existent remote object"`},
	{Finding: `IMPORT-1: .* looks the object up with`, Says: `the import fails, with the API's error or.*"Cannot import non-existent remote object"`},
	{Finding: `IMPORT-3: .* \(Required\):`, Says: `the first plan with the matching configuration is not empty`},
	{Finding: `IMPORT-3: .* \((Required|Optional, Computed), (ForceNew|RequiresReplace)\)`, Says: `the first plan with the matching configuration replaces`},
	{Finding: `IMPORT-3: .*, which has a default:`, Says: `the first plan puts the default back even when the configuration leaves it out`},
	{Finding: `IMPORT-3: .* only when the state already holds a value`, Says: `the first plan with the matching configuration is not empty`},
}

// recorder collects analysistest's complaints instead of failing.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Without -incompleteimport.required, a Required attribute that is not
// ForceNew is not reported: the fixtures' two expectations for it (SDK and
// framework) go unmet.
func TestRequiredOffByDefault(t *testing.T) {
	var rec recorder
	res := analysistest.Run(&rec, testutil.Fixtures(), incompleteimport.Analyzer, "./incompleteimport")
	for _, r := range res {
		for _, d := range r.Diagnostics {
			if strings.Contains(d.Message, "(Required):") {
				t.Errorf("reported without the flag: %s", d.Message)
			}
		}
	}
	if len(rec.errs) != 2 || !strings.Contains(strings.Join(rec.errs, "\n"), `never sets "label"`) || !strings.Contains(strings.Join(rec.errs, "\n"), `never sets "phone"`) {
		t.Errorf("want exactly the label and phone expectations unmet, got %q", rec.errs)
	}
}

// With -incompleteimport.answered, an attribute the fetched object holds
// but Read never sets is reported; one the answer lacks is not.
func TestAnswered(t *testing.T) {
	if err := incompleteimport.Analyzer.Flags.Set("answered", "true"); err != nil {
		t.Fatal(err)
	}
	defer incompleteimport.Analyzer.Flags.Set("answered", "false")
	analysistest.Run(t, testutil.Fixtures(), incompleteimport.Analyzer, "./incompleteimportanswered")
}
