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

// TestMain removes the driver built by buildTool: each run would otherwise
// leave a binary of tens of megabytes in the temporary folder.
func TestMain(m *testing.M) {
	code := m.Run()
	if toolPath != "" {
		os.RemoveAll(filepath.Dir(toolPath))
	}
	os.Exit(code)
}

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
	t.Parallel()
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
	t.Parallel()
	bin := buildTool(t)
	r := run(t, testutil.Fixtures(), bin, "-missingforcenew=false", "./crosspkg/...")
	ds := diagnostics(testutil.Fixtures(), r.stderr)
	if len(ds) != 1 || !strings.Contains(ds[0], "SCHEMA-4") {
		t.Errorf("with -missingforcenew=false got %v, want only the SCHEMA-4 finding", ds)
	}
}

func TestDebugModel(t *testing.T) {
	t.Parallel()
	bin := buildTool(t)
	r := run(t, testutil.Fixtures(), bin, "-debug-model", "./crosspkg/fwres")
	if !strings.Contains(r.stderr, "model: resource widget schema v2{id:string/C[UseStateForUnknown] name:string/R}") {
		t.Errorf("-debug-model did not show the resolved model:\n%s", r.stderr)
	}
}

// Bad input gets one line and a non-zero exit, never a stack trace.
func TestBadInput(t *testing.T) {
	t.Parallel()
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

// Every check's fixtures under both drivers, in one run each: the same
// findings, related positions included (helpers in another package), and the
// expected count per check (findings carry the check's name).
func TestDriversAgreeOnFixtures(t *testing.T) {
	t.Parallel()
	slow(t)
	bin := buildTool(t)
	dir := testutil.Fixtures()
	cases := []struct {
		check string
		dirs  []string // fixture folders counted (default: the check's own)
		want  int
	}{
		{"readnotfound", nil, 24},
		// 8 of them on Reads in the readnotfound fixtures that never remove.
		{"readneverremoves", []string{"readneverremoves", "readnotfound"}, 22},
		{"lookupnotfound", nil, 13},
		{"unknowninstate", nil, 30},
		{"incompleteimport", nil, 23},
		{"missingstateset", nil, 11},
		{"upgradermodel", nil, 14},
		{"upgraderkeys", nil, 10},
		{"requestwrite", nil, 11},
		{"datasourceremove", nil, 3},
		{"unguardedunknown", nil, 51},
		{"setnewnoncomputed", nil, 6},
		{"planrewrite", nil, 18},
		{"usestatechanging", nil, 10},
		{"configoverwrite", nil, 4},
		{"stalecomputed", nil, 14},
		{"blockcount", nil, 2},
		{"zerofornull", nil, 31},
		{"nullforempty", nil, 13},
		{"updateignores", nil, 15},
		{"createignores", nil, 2},
		{"searchnotfound", nil, 7},
		{"importidindex", nil, 3},
		{"neversent", nil, 4},
		{"nativeconfig", nil, 6},
		{"stateaftererror", nil, 6},
		{"mutableid", nil, 5},
		{"emptyanswer", nil, 3},
		{"parentkey", nil, 15},
		{"updaterejects", nil, 6},
		{"fillsnull", nil, 6},
		{"unknownwhenabsent", nil, 8},
		{"existsnotfound", nil, 1},
		{"undeclaredkey", nil, 27},
		{"unreachablenotfound", nil, 1},
		{"overwrittenset", nil, 2},
		{"zerocollection", nil, 2},
		{"createreadremoves", nil, 2},
		{"casesent", nil, 1},
		{"zeroelements", nil, 2},
		{"droppedconfig", nil, 1},
		{"objectkeys", nil, 2},
		{"computedneverset", nil, 2},
		{"diffsuppress", nil, 7},
		{"bothforms", nil, 10},
		{"orphanedcreate", nil, 5},
		{"renderedvalue", nil, 12},
	}
	var flags, pkgs []string
	for _, c := range cases {
		flags = append(flags, "-"+c.check)
		pkgs = append(pkgs, "./"+c.check+"/...")
	}
	args := append(flags, pkgs...)
	standalone := run(t, dir, bin, args...)
	vet := run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, args...)...)
	a, b := diagnostics(dir, standalone.stderr), diagnostics(dir, vet.stderr)
	for _, c := range cases {
		if c.dirs == nil {
			c.dirs = []string{c.check}
		}
		if n := countFindings(a, c.check, c.dirs); n != c.want {
			t.Errorf("%s: standalone reported %d findings in %v, want %d", c.check, n, c.dirs, c.want)
		}
	}
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("drivers disagree\nstandalone:\n%s\ngo vet:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if t.Failed() {
		t.Logf("standalone output:\n%s", standalone.stderr)
	}
	// Opt-in: without the flag, createignores is silent.
	def := run(t, dir, bin, "./createignores/...")
	if strings.Contains(def.stderr, "createignores:") {
		t.Errorf("createignores ran without being asked for:\n%s", def.stderr)
	}
}

// countFindings counts the findings of check in the given fixture folders.
func countFindings(diags []string, check string, dirs []string) int {
	n := 0
	for _, d := range diags {
		for _, dir := range dirs {
			if strings.HasPrefix(d, dir+"/") && strings.Contains(d, ": "+check+": ") {
				n++
			}
		}
	}
	return n
}

// slow skips a test that runs the whole driver over many fixture packages
// unless TF_ACC is set (.ci/run sets it), so the default test loop stays short.
func slow(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("end-to-end driver run; set TF_ACC=1 to run it")
	}
}
