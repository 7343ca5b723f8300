package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// `help` names the purpose, every check (opt-in ones apart), the driver's
// flags and the exit codes.
func TestHelp(t *testing.T) {
	t.Parallel()
	bin := buildTool(t)
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		r := run(t, testutil.Fixtures(), bin, args...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		out := r.stdout
		for _, want := range []string{"resource lifecycle contract", "go vet -vettool",
			"-json", "-sarif", "-severity=", "-fix", "-debug-model", "-lintignore.unused=false", "-<check>=false",
			"//lintignore:<check> <reason>", "//lintignore:<rule> <reason>", "lintignore"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: no %q in\n%s", args, want, out)
			}
		}
		for code, meaning := range map[string]string{"0": "no findings", "1": "errors", "2": "bad usage", "3": "findings"} {
			if !regexp.MustCompile(`(?m)^\s+` + code + `\s+` + meaning).MatchString(out) {
				t.Errorf("%v: exit code %s (%s) not explained", args, code, meaning)
			}
		}
		optInAt := strings.Index(out, "Opt-in checks")
		if optInAt < 0 {
			t.Fatalf("no opt-in section:\n%s", out)
		}
		for _, d := range passes.Docs() {
			line := regexp.MustCompile(`(?m)^\s+` + d.Name + `\s+` + regexp.QuoteMeta(d.RuleList()) + `\s+` + regexp.QuoteMeta(d.Title) + `$`)
			loc := line.FindStringIndex(out)
			switch optIn := slices.Contains(passes.OptIn(), d.Name); {
			case loc == nil:
				t.Errorf("%v: no line for %s", args, d.Name)
			case optIn != (loc[0] > optInAt):
				t.Errorf("%v: %s listed in the wrong section (opt-in: %v)", args, d.Name, optIn)
			}
		}
	}
}

// `help <check>` explains every check, opt-in ones included, like
// staticcheck -explain; an unknown name is a usage error.
func TestHelpCheck(t *testing.T) {
	t.Parallel()
	bin := buildTool(t)
	for _, d := range passes.Docs() {
		r := run(t, testutil.Fixtures(), bin, "help", d.Name)
		if r.code != 0 {
			t.Errorf("help %s: exit %d, stderr %q", d.Name, r.code, r.stderr)
			continue
		}
		wants := []string{d.Name + ": " + d.Title, firstLine(d.Bad), firstLine(d.Good),
			"//lintignore:" + d.Name + " <reason>", "docs/checks/" + d.Name + ".md", strings.Fields(d.Why)[0]}
		for _, id := range d.Rules {
			wants = append(wants, "Rule "+string(id)+": ", "//lintignore:"+string(id)+" <reason>")
		}
		if slices.Contains(passes.OptIn(), d.Name) {
			wants = append(wants, "opt-in", "-"+d.Name)
		} else {
			wants = append(wants, "-"+d.Name+"=false")
		}
		for _, w := range wants {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("help %s: no %q in\n%s", d.Name, w, r.stdout)
			}
		}
		if _, err := os.Stat(filepath.Join("..", "..", "docs", "checks", d.Name+".md")); err != nil {
			t.Errorf("help %s names a page that does not exist: %v", d.Name, err)
		}
	}
	r := run(t, testutil.Fixtures(), bin, "help", "lintignore")
	if r.code != 0 || !strings.Contains(r.stdout, "-lintignore.unused=false") {
		t.Errorf("help lintignore: exit %d\n%s", r.code, r.stdout)
	}
	r = run(t, testutil.Fixtures(), bin, "help", "APPLY-3")
	if r.code != 0 || !strings.Contains(r.stdout, "missingstateset") {
		t.Errorf("help APPLY-3: exit %d\n%s", r.code, r.stdout)
	}
	r = run(t, testutil.Fixtures(), bin, "help", "nosuchcheck")
	if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, `no check named "nosuchcheck"`) {
		t.Errorf("help nosuchcheck: exit %d, stderr %q; want 2 and one line", r.code, r.stderr)
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(l)
}

// The version comes from the build information; -V=full follows go vet's
// protocol (go vet keys its cache by the buildID).
func TestVersion(t *testing.T) {
	t.Parallel()
	bin := buildTool(t)
	for _, args := range [][]string{{"version"}, {"-V"}} {
		r := run(t, testutil.Fixtures(), bin, args...)
		if r.code != 0 || !regexp.MustCompile(`^tflifecyclelint (\(devel\)|v\d+\.\d+\.\d+\S*)( \(commit [0-9a-f]+(, modified)?\))? go\S+\n$`).MatchString(r.stdout) {
			t.Errorf("%v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
	r := run(t, testutil.Fixtures(), bin, "-V=full")
	if r.code != 0 || !regexp.MustCompile(`^\S+ version devel \S+ buildID=[0-9a-f]{64}\n$`).MatchString(r.stdout) {
		t.Errorf("-V=full: exit %d, stdout %q", r.code, r.stdout)
	}
}
