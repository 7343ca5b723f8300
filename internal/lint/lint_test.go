package lint_test

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// fakeCheck reports rule at every call of a function named in calls.
func fakeCheck(name string, calls map[string]rules.ID) *analysis.Analyzer {
	d := &lint.Doc{Name: name, Title: "fake " + name, Why: "testing"}
	for _, r := range calls {
		if !slices.Contains(d.Rules, r) {
			d.Rules = append(d.Rules, r)
		}
	}
	return lint.NewAnalyzer(d, func(pass *analysis.Pass) (any, error) {
		rep := lint.NewReporter(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && calls[id.Name] != "" {
						rep.Report(lint.Finding{Rule: calls[id.Name], Pos: call.Pos(), Message: "call of " + id.Name})
					}
				}
				return true
			})
		}
		return nil, nil
	})
}

// The fixture: each `want "text"` names a diagnostic (any analyzer) whose
// message contains text, on that line; every diagnostic must be wanted.
const fixture = `package p

func bad()    {}
func worse()  {}
func shared() {}

func f() {
	bad() // want "fakea: APPLY-3: call of bad"
	worse() // want "fakeb: SCHEMA-3: call of worse"

	// By check name, on the line above or on the line itself.
	//lintignore:fakea the API accepts it
	bad()
	bad() //lintignore:fakea the API accepts it

	// By rule ID: silences that rule only, whichever check reports it.
	//lintignore:APPLY-3 both checks report it
	shared()
	//lintignore:APPLY-3 the wrong rule // want "lintignore: //lintignore:APPLY-3 silences nothing"
	worse() // want "fakeb: SCHEMA-3: call of worse"
	//lintignore:SCHEMA-3 a reason
	worse()

	// Several names: each one that silences nothing is reported.
	//lintignore:fakea,fakeb a reason // want "lintignore: //lintignore:fakeb silences nothing: no fakeb finding"
	bad()

	// Unknown names are reported, and silence nothing.
	//lintignore:fakec a typo // want "lintignore: //lintignore names \"fakec\", which is neither a check nor a rule ID"
	bad() // want "fakea: APPLY-3: call of bad"
	//lintignore:APPLY-99 no such rule // want "\"APPLY-99\", which is neither"
	bad() // want "fakea: APPLY-3: call of bad"

	// tfproviderlint's names share the directive: not ours to judge, without
	// a reason or among ours.
	//lintignore:AT001
	//lintignore:R019,fakea a reason
	bad()

	// A directive with nothing to silence.
	//lintignore:fakea stale // want "lintignore: //lintignore:fakea silences nothing"
	println()

	// Without a reason: reported once, by the check it names or by
	// lintignore when it names only rules, and it silences nothing.
	//lintignore:fakea // want "fakea: //lintignore:fakea needs a reason"
	bad() // want "fakea: APPLY-3: call of bad"
	//lintignore:APPLY-3 // want "lintignore: //lintignore:APPLY-3 needs a reason"
	bad() // want "fakea: APPLY-3: call of bad"

	// Two lines below is out of reach.
	//lintignore:fakea too far // want "silences nothing"

	bad() // want "fakea: APPLY-3: call of bad"
}
`

var wantRE = regexp.MustCompile(`want "((?:[^"\\]|\\.)*)"`)

func TestDirectives(t *testing.T) {
	a := fakeCheck("fakea", map[string]rules.ID{"bad": "APPLY-3", "shared": "APPLY-3"})
	b := fakeCheck("fakeb", map[string]rules.ID{"worse": "SCHEMA-3", "shared": "APPLY-3"})
	dirs := lint.NewDirectivesAnalyzer(a, b)
	got := analyze(t, fixture, a, b, dirs)
	check(t, fixture, got)
}

// With -lintignore.unused=false, directives that silence nothing pass, but
// unknown names are still reported.
func TestDirectivesUnusedOff(t *testing.T) {
	a := fakeCheck("fakea", map[string]rules.ID{"bad": "APPLY-3"})
	dirs := lint.NewDirectivesAnalyzer(a)
	if err := dirs.Flags.Set("unused", "false"); err != nil {
		t.Fatal(err)
	}
	src := `package p

func bad() {}

func f() {
	//lintignore:fakea stale, allowed
	println()
	//lintignore:fakex a typo // want "neither a check nor a rule ID"
	bad() // want "fakea: APPLY-3: call of bad"
}
`
	check(t, src, analyze(t, src, a, dirs))
}

// A check turned off (not a root) still runs for the directives analyzer:
// its directives are not reported as unused, and its findings not printed.
func TestDirectivesOfCheckNotRun(t *testing.T) {
	a := fakeCheck("fakea", map[string]rules.ID{"bad": "APPLY-3"})
	dirs := lint.NewDirectivesAnalyzer(a)
	src := `package p

func bad() {}

func f() {
	//lintignore:fakea a reason
	bad()
	bad()
}
`
	check(t, src, analyze(t, src, dirs))
}

// analyze loads src as package p and returns "line: message" for every
// diagnostic of the root analyzers.
func analyze(t *testing.T, src string, roots ...*analysis.Analyzer) []string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module p\n\ngo 1.26\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir,
		Env: append(os.Environ(), "GOWORK=off", "GOPROXY=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	g, err := checker.Analyze(roots, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for act := range g.All() {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Analyzer.Name, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			got = append(got, fmt.Sprintf("%d: %s", act.Package.Fset.Position(d.Pos).Line, d.Message))
		}
	}
	return got
}

// check matches the diagnostics against the fixture's wants, one to one.
func check(t *testing.T, src string, got []string) {
	t.Helper()
	type want struct {
		line int
		text string
	}
	var wants []want
	for i, l := range strings.Split(src, "\n") {
		for _, m := range wantRE.FindAllStringSubmatch(l, -1) {
			wants = append(wants, want{i + 1, strings.ReplaceAll(m[1], `\"`, `"`)})
		}
	}
	matched := make([]bool, len(got))
	for _, w := range wants {
		found := false
		for i, g := range got {
			if !matched[i] && strings.HasPrefix(g, fmt.Sprintf("%d: ", w.line)) && strings.Contains(g, w.text) {
				matched[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("line %d: no diagnostic containing %q", w.line, w.text)
		}
	}
	for i, g := range got {
		if !matched[i] {
			t.Errorf("unexpected diagnostic %s", g)
		}
	}
}
