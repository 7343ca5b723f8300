package main_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/sarif"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

func validateSARIF(t *testing.T, doc []byte) {
	t.Helper()
	if err := sarifValidator(t)(doc); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
}

func sarifValidator(t *testing.T) func([]byte) error {
	t.Helper()
	v, err := sarif.Validator()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The validation is not vacuous: a wrong version or a level outside the enum fails.
func TestSARIFSchemaRejectsBadLogs(t *testing.T) {
	t.Parallel()
	validate := sarifValidator(t)
	for _, bad := range []string{
		`{"version": "9.9", "runs": []}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "loud"}]}]}`,
	} {
		if validate([]byte(bad)) == nil {
			t.Errorf("schema accepted %s", bad)
		}
	}
	if err := validate([]byte(`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]}`)); err != nil {
		t.Errorf("schema rejected a minimal valid log: %v", err)
	}
}

func TestSARIF(t *testing.T) {
	t.Parallel()
	bin := buildTool(t)
	r := run(t, testutil.Fixtures(), bin, "-sarif", "-severity=missingforcenew=warning", "./crosspkg/...")
	if r.code != 3 {
		t.Fatalf("exit code %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	validateSARIF(t, []byte(r.stdout))
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID, HelpURI string }
				}
			}
			Results []struct {
				RuleID, Level string
				Message       struct{ Text string }
				Locations     []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	// One per check, and lintignore's (directive findings).
	if len(run.Tool.Driver.Rules) != len(passes.Checks())+1 {
		t.Errorf("got %d rules, want one per check and lintignore (%d)", len(run.Tool.Driver.Rules), len(passes.Checks())+1)
	}
	got := map[string]string{}
	for _, res := range run.Results {
		loc := res.Locations[0].PhysicalLocation
		// The text is "check: RULE: …".
		got[res.RuleID] = res.Level + " " + loc.ArtifactLocation.URI + " " + strings.SplitN(res.Message.Text, ": ", 3)[1]
	}
	want := map[string]string{
		"missingforcenew": "warning crosspkg/sdkres/sdkres.go SCHEMA-3",
		"missingupgrader": "error crosspkg/fwres/fwres.go SCHEMA-4",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("result for %s = %q, want %q", k, got[k], v)
		}
	}
	if len(run.Results) != 2 {
		t.Errorf("got %d results, want 2", len(run.Results))
	}
}

func TestSeverityFlagErrors(t *testing.T) {
	t.Parallel()
	bin := buildTool(t)
	for _, arg := range []string{"-severity=nosuchcheck=error", "-severity=missingforcenew=loud", "-severity=missingforcenew"} {
		r := run(t, testutil.Fixtures(), bin, "-sarif", arg, "./crosspkg/...")
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line", arg, r.code, r.stderr)
		}
	}
}
