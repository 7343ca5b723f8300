package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

// Every output mode exits as README and `help` say: 0 clean, 1 errors,
// 2 bad usage, 3 findings. -debug-model's model lines are not findings.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	slow(t)
	bin := buildTool(t)
	fixtures := testutil.Fixtures()
	broken := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module broken\n\ngo 1.26\n", "b.go": "package broken\n\nfunc f() int { return \"x\" }\n"} {
		if err := os.WriteFile(filepath.Join(broken, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Loading the provider fixtures is the slow part: text mode on them is
	// covered by TestDriversAgree (3) and TestBadInput (0).
	all := []string{"text", "json", "sarif", "debug-model"}
	cases := []struct {
		name, dir string
		args      []string
		code      int
		modes     []string
	}{
		{"findings", fixtures, []string{"./directives"}, 3, all[1:]},
		{"clean provider", fixtures, []string{"./directives/clean"}, 0, []string{"json", "debug-model"}},
		{"type error", broken, []string{"./..."}, 1, all},
		{"unknown flag", fixtures, []string{"-bogus", "./directives/clean"}, 2, all},
		{"bad severity", fixtures, []string{"-severity=missingforcenew=loud", "./directives/clean"}, 2, all},
	}
	flagsOf := map[string][]string{"text": nil, "json": {"-json"}, "sarif": {"-sarif"}, "debug-model": {"-debug-model"}}
	for _, c := range cases {
		for _, mode := range c.modes {
			flags := flagsOf[mode]
			t.Run(c.name+"/"+mode, func(t *testing.T) {
				r := run(t, c.dir, bin, append(flags, c.args...)...)
				if r.code != c.code {
					t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, c.code, r.stderr)
				}
				if strings.Contains(r.stderr, "goroutine ") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 && c.code == 2 {
					t.Errorf("want one line on stderr:\n%s", r.stderr)
				}
				if (mode == "json" || mode == "sarif") && c.code != 2 && c.code != 1 && !json.Valid([]byte(r.stdout)) {
					t.Errorf("stdout is not JSON:\n%s", r.stdout)
				}
				if mode == "debug-model" && c.code == 0 && !strings.Contains(r.stderr, "model: sdk resource widget") {
					t.Errorf("-debug-model printed no model:\n%s", r.stderr)
				}
			})
		}
	}
}

// Suppression by check name and by rule ID; a typo and a directive that
// silences nothing are reported, the same under go vet.
func TestSuppression(t *testing.T) {
	t.Parallel()
	slow(t)
	bin := buildTool(t)
	dir := testutil.Fixtures()
	want := []string{
		"directives/directives.go:30:2: lintignore: //lintignore names \"missingforcenw\", which is neither a check nor a rule ID (`tflifecyclelint help` lists the checks)",
		"directives/directives.go:31:10: missingforcenew: SCHEMA-3: typo has no Update function",
		"directives/directives.go:35:2: lintignore: //lintignore:missingforcenew silences nothing",
	}
	standalone := run(t, dir, bin, "./directives")
	vet := run(t, dir, "go", "vet", "-vettool="+bin, "./directives")
	for name, r := range map[string]result{"standalone": standalone, "go vet": vet} {
		got := findings(dir, r.stderr)
		if len(got) != len(want) {
			t.Errorf("%s: got %d findings, want %d:\n%s", name, len(got), len(want), strings.Join(got, "\n"))
			continue
		}
		for i := range want {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Errorf("%s: finding %d = %q, want it to start with %q", name, i, got[i], want[i])
			}
		}
	}
	// -lintignore.unused=false: internal/lint's TestDirectivesUnusedOff.
}

// findings are the diagnostics without their related positions (indented).
func findings(dir, out string) []string {
	var fs []string
	for _, d := range diagnostics(dir, out) {
		if _, msg, _ := strings.Cut(d, ": "); !strings.HasPrefix(msg, "\t") {
			fs = append(fs, d)
		}
	}
	return fs
}
