package lint

import (
	"fmt"
	"go/token"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// Usage is the result of every check built by NewAnalyzer: which names of
// which //lintignore directives silenced one of its findings.
type Usage struct {
	mu   sync.Mutex
	used map[token.Pos]map[string]bool
}

func (u *Usage) add(pos token.Pos, name string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.used == nil {
		u.used = map[token.Pos]map[string]bool{}
	}
	if u.used[pos] == nil {
		u.used[pos] = map[string]bool{}
	}
	u.used[pos][name] = true
}

// Used reports whether the directive at pos silenced a finding through name.
func (u *Usage) Used(pos token.Pos, name string) bool {
	if u == nil {
		return false
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.used[pos][name]
}

// usages maps a running pass to its Usage, so that NewReporter finds it
// without every check passing it along.
var usages sync.Map // *analysis.Pass -> *Usage

func usageOf(pass *analysis.Pass) *Usage {
	if u, ok := usages.Load(pass); ok {
		return u.(*Usage)
	}
	return &Usage{} // a pass not built by NewAnalyzer: nobody asks
}

// withUsage runs a check and returns the directives its reporters used.
func withUsage(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		u := &Usage{}
		usages.Store(pass, u)
		defer usages.Delete(pass)
		_, err := run(pass)
		return u, err
	}
}

var usageType = reflect.TypeFor[*Usage]()

// DirectivesName is the name of the analyzer NewDirectivesAnalyzer builds.
const DirectivesName = "lintignore"

// DirectivesDoc documents the lintignore analyzer for help and SARIF. It
// enforces no contract rule.
var DirectivesDoc = &Doc{
	Name:  DirectivesName,
	Title: "A //lintignore directive that cannot work",
	Why: "A directive that names an unknown check or rule (a typo, a renamed check) silences nothing, " +
		"and neither does one left behind after the code it excused changed; without a report, " +
		"both look like working suppressions. A directive needs a reason, so that the next reader knows " +
		"why the finding is safe. Names like AT001 belong to tfproviderlint, which shares the directive, and are left alone. " +
		"Directives that silence nothing can be allowed with -lintignore.unused=false.",
	Bad: `//lintignore:missingupgrade version 1 was never released  // unknown: missingupgrader
//lintignore:missingupgrader                             // no reason
Version: 2,`,
	Good: `//lintignore:missingupgrader version 1 was never released
Version: 2,`,
	Severity: "warning",
	Since:    "v0.1.0",
}

// NewDirectivesAnalyzer returns the analyzer that keeps suppression honest:
// it reports //lintignore directives naming something that is neither one
// of checks nor a rule ID, directives without a reason that name no check
// (those naming a check are reported by the check), and, unless its flag
// -lintignore.unused is false, names that silenced no finding.
//
// It requires the checks, so they run whenever it does (opt-in or turned
// off ones included, without printing their findings): a directive for a
// check the user did not run is not reported as unused.
func NewDirectivesAnalyzer(checks ...*analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:             DirectivesName,
		Doc:              DirectivesDoc.Title + "\n\n" + DirectivesDoc.Why,
		URL:              DirectivesDoc.URL(),
		Requires:         checks,
		RunDespiteErrors: true,
	}
	unused := true
	a.Flags.BoolVar(&unused, "unused", true, "report //lintignore directives that silence no finding")
	a.Run = Safe(func(pass *analysis.Pass) (any, error) {
		checkDirectives(pass, checks, unused)
		return nil, nil
	})
	return a
}

func checkDirectives(pass *analysis.Pass, checks []*analysis.Analyzer, reportUnused bool) {
	byName := map[string]*analysis.Analyzer{}
	for _, c := range checks {
		byName[c.Name] = c
	}
	report := func(pos token.Pos, format string, args ...any) {
		pass.Report(analysis.Diagnostic{Pos: pos, Category: DirectivesName,
			Message: DirectivesName + ": " + fmt.Sprintf(format, args...)})
	}
	for _, d := range directives(pass) {
		var known []string
		for _, n := range d.names {
			if foreign.MatchString(n) {
				continue // tfproviderlint's, which shares the directive
			}
			if byName[n] == nil && !isRule(n) {
				report(d.pos, "//lintignore names %q, which is neither a check nor a rule ID (`tflifecyclelint help` lists the checks)", n)
				continue
			}
			known = append(known, n)
		}
		if d.reason == "" {
			if !slices.ContainsFunc(d.names, func(n string) bool { return byName[n] != nil }) && len(known) > 0 {
				report(d.pos, "//lintignore:%s needs a reason after the names", strings.Join(d.names, ","))
			}
			continue
		}
		if !reportUnused {
			continue
		}
		for _, n := range known {
			if !used(pass, checks, byName[n], d.pos, n) {
				report(d.pos, "//lintignore:%s silences nothing: no %s finding on this line or the next (-lintignore.unused=false allows it)", n, n)
			}
		}
	}
}

// foreign matches tfproviderlint's check IDs (AT001, R019, XS001, ...), which
// providers put in the same //lintignore directives; they are not ours to judge.
var foreign = regexp.MustCompile(`^[A-Z]+[0-9]+$`)

func isRule(name string) bool {
	_, ok := rules.Lookup(rules.ID(name))
	return ok
}

// used reports whether check (the named check), or any check when the name
// is a rule ID, silenced a finding through the directive at pos.
func used(pass *analysis.Pass, checks []*analysis.Analyzer, check *analysis.Analyzer, pos token.Pos, name string) bool {
	if check != nil {
		checks = []*analysis.Analyzer{check}
	}
	for _, c := range checks {
		if u, ok := pass.ResultOf[c].(*Usage); ok && u.Used(pos, name) {
			return true
		}
	}
	return false
}
