package main_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

var (
	buildOnce sync.Once
	toolPath  string
	buildErr  error
)

// buildTool builds the driver once per test binary.
func buildTool(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tflifecyclelint-test")
		if err != nil {
			buildErr = err
			return
		}
		toolPath = filepath.Join(dir, "tflifecyclelint")
		if out, err := exec.Command("go", "build", "-o", toolPath, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return toolPath
}

type result struct {
	code   int
	stdout string
	stderr string
}

func run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return result{code, so.String(), se.String()}
}

var diagLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

// diagnostics extracts "relative/file.go:line:col: message" lines.
func diagnostics(dir, out string) []string {
	var ds []string
	for _, l := range strings.Split(out, "\n") {
		m := diagLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		file := strings.TrimPrefix(strings.TrimPrefix(m[1], dir), string(filepath.Separator))
		ds = append(ds, file+":"+m[2]+":"+m[3]+": "+m[4])
	}
	sort.Strings(ds)
	return ds
}

// The standalone driver and go vet -vettool report the same findings on a
// fixture whose schemas live in another package than the resources.
func TestDriversAgree(t *testing.T) {
	bin := buildTool(t)
	dir := testutil.Fixtures()

	standalone := run(t, dir, bin, "./crosspkg/...")
	if standalone.code != 3 {
		t.Errorf("standalone exit code = %d, want 3 (findings)\n%s", standalone.code, standalone.stderr)
	}
	vet := run(t, dir, "go", "vet", "-vettool="+bin, "./crosspkg/...")
	if vet.code == 0 {
		t.Errorf("go vet exit code = 0, want non-zero on findings")
	}
	a, b := diagnostics(dir, standalone.stderr), diagnostics(dir, vet.stderr)
	if len(a) != 2 {
		t.Fatalf("standalone reported %d findings, want 2:\n%s", len(a), standalone.stderr)
	}
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("drivers disagree\nstandalone:\n%s\ngo vet:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	for _, want := range []string{"SCHEMA-3: gadget", "SCHEMA-4: widget"} {
		if !strings.Contains(strings.Join(a, "\n"), want) {
			t.Errorf("missing finding %q", want)
		}
	}
}

func TestDisableOneAnalyzer(t *testing.T) {
	bin := buildTool(t)
	r := run(t, testutil.Fixtures(), bin, "-missingforcenew=false", "./crosspkg/...")
	ds := diagnostics(testutil.Fixtures(), r.stderr)
	if len(ds) != 1 || !strings.Contains(ds[0], "SCHEMA-4") {
		t.Errorf("with -missingforcenew=false got %v, want only the SCHEMA-4 finding", ds)
	}
}

func TestDebugModel(t *testing.T) {
	bin := buildTool(t)
	r := run(t, testutil.Fixtures(), bin, "-debug-model", "./crosspkg/fwres")
	if !strings.Contains(r.stderr, "model: resource widget schema v2{id:string/C[UseStateForUnknown] name:string/R}") {
		t.Errorf("-debug-model did not show the resolved model:\n%s", r.stderr)
	}
}

// Bad input gets one line and a non-zero exit, never a stack trace.
func TestBadInput(t *testing.T) {
	bin := buildTool(t)
	fixtures := testutil.Fixtures()
	empty := t.TempDir()
	broken := t.TempDir()
	write := func(dir, name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(broken, "go.mod", "module broken\n\ngo 1.26\n")
	write(broken, "b.go", "package broken\n\nfunc f() int { return \"x\" }\n")
	write(empty, "go.mod", "module empty\n\ngo 1.26\n")

	cases := []struct {
		name, dir string
		args      []string
		code      int
		want      string
	}{
		{"unknown flag", fixtures, []string{"-bogus", "./..."}, 2, "flag provided but not defined: -bogus"},
		{"missing dir", fixtures, []string{"./nonexistent"}, 1, "tflifecyclelint: "},
		{"no packages", empty, []string{"./..."}, 1, "tflifecyclelint: no packages match ./..."},
		{"type error", broken, []string{"./..."}, 1, "cannot use \"x\""},
		{"not a provider", fixtures, []string{"./base"}, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, c.dir, bin, c.args...)
			if r.code != c.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", r.code, c.code, r.stderr)
			}
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			if c.want != "" && (len(lines) != 1 || !strings.Contains(lines[0], c.want)) {
				t.Errorf("stderr = %q, want one line containing %q", r.stderr, c.want)
			}
			if strings.Contains(r.stderr, "goroutine ") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stack trace in output:\n%s", r.stderr)
			}
		})
	}
}

// The READ-2 checks (one of them opt-in) agree under both drivers, with the
// not-found and removal helpers summarised in another package.
func TestDriversAgreeReadChecks(t *testing.T) {
	bin := buildTool(t)
	dir := testutil.Fixtures()
	flags := []string{"-readnotfound", "-readneverremoves", "./readnotfound/...", "./readneverremoves/..."}
	standalone := run(t, dir, bin, flags...)
	vet := run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, flags...)...)
	a, b := diagnostics(dir, standalone.stderr), diagnostics(dir, vet.stderr)
	var read2 int
	for _, d := range a {
		if strings.Contains(d, "READ-2") {
			read2++
		}
	}
	if read2 != 16 {
		t.Errorf("standalone reported %d READ-2 findings, want 16 (9 readnotfound; 7 readneverremoves, 3 of them on Reads in the readnotfound fixtures that never remove):\n%s", read2, standalone.stderr)
	}
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("drivers disagree\nstandalone:\n%s\ngo vet:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	// Opt-in: without the flag, readneverremoves is silent.
	def := run(t, dir, bin, "./readneverremoves/...")
	if strings.Contains(def.stderr, "has no path that removes") {
		t.Errorf("readneverremoves ran without being asked for:\n%s", def.stderr)
	}
}

// The unknowninstate and incompleteimport fixtures under both drivers: the
// same findings, related positions included (helpers in another package).
func TestDriversAgreeApplyImportChecks(t *testing.T) {
	bin := buildTool(t)
	dir := testutil.Fixtures()
	for _, c := range []struct {
		check string
		rules []string
		want  int
	}{
		{"unknowninstate", []string{"APPLY-1", "READ-1", "UPGRADE-1"}, 11},
		{"incompleteimport", []string{"IMPORT-1", "IMPORT-3"}, 3},
		{"missingstateset", []string{"APPLY-3", "UPGRADE-2"}, 8},
		{"upgradermodel", []string{"UPGRADE-2"}, 10},
		{"requestwrite", []string{"APPLY-5"}, 11},
		{"datasourceremove", []string{"READ-4"}, 2},
		{"unguardedunknown", []string{"VALIDATE-1"}, 6},
		{"setnewnoncomputed", []string{"PLAN-2"}, 5},
		{"planrewrite", []string{"PLAN-1", "PLAN-2", "PLAN-3"}, 8},
		{"usestatechanging", []string{"PLAN-9"}, 1},
		{"configoverwrite", []string{"APPLY-2"}, 4},
		{"stalecomputed", []string{"PLAN-9"}, 2},
		{"blockcount", []string{"PLAN-5"}, 2},
	} {
		flags := []string{"-" + c.check, "./" + c.check + "/..."}
		standalone := run(t, dir, bin, flags...)
		vet := run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, flags...)...)
		a, b := diagnostics(dir, standalone.stderr), diagnostics(dir, vet.stderr)
		n := 0
		for _, d := range a {
			for _, r := range c.rules {
				if strings.Contains(d, r+":") {
					n++
				}
			}
		}
		if n != c.want {
			t.Errorf("%s: standalone reported %d findings, want %d:\n%s", c.check, n, c.want, standalone.stderr)
		}
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("%s: drivers disagree\nstandalone:\n%s\ngo vet:\n%s", c.check, strings.Join(a, "\n"), strings.Join(b, "\n"))
		}
	}
}
