// Package lint holds what every check shares: reporting with the rule ID,
// suppression directives, and protection against panics.
package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
)

// Reporter reports a pass's diagnostics, honouring //lintignore directives
// that name the pass or the finding's rule, on the line of the diagnostic or
// the line above. It records which directives silenced something, so that the
// lintignore analyzer can report the ones that silence nothing.
type Reporter struct {
	pass *analysis.Pass
	// directives[file][line] are the directives (with a reason) covering that line.
	directives map[*token.File]map[int][]*directive
	used       *Usage
}

const prefix = "//lintignore:"

// directive is one //lintignore comment.
type directive struct {
	pos    token.Pos
	names  []string
	reason string
}

// NewReporter scans the package's comments for directives and reports the
// ones naming this pass without a reason (they suppress nothing).
func NewReporter(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, directives: map[*token.File]map[int][]*directive{}, used: usageOf(pass)}
	for _, d := range directives(pass) {
		if d.reason == "" {
			if slices.Contains(d.names, pass.Analyzer.Name) {
				pass.Report(analysis.Diagnostic{Pos: d.pos, Category: "lintignore",
					Message: fmt.Sprintf("%s: //lintignore:%s needs a reason after the check name", pass.Analyzer.Name, pass.Analyzer.Name)})
			}
			continue
		}
		tf := pass.Fset.File(d.pos)
		if r.directives[tf] == nil {
			r.directives[tf] = map[int][]*directive{}
		}
		line := tf.Line(d.pos)
		r.directives[tf][line] = append(r.directives[tf][line], d)
		r.directives[tf][line+1] = append(r.directives[tf][line+1], d)
	}
	return r
}

// directives returns every //lintignore comment of the package's files.
func directives(pass *analysis.Pass) []*directive {
	var out []*directive
	for _, f := range pass.Files {
		if pass.Fset.File(f.Pos()) == nil {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if d, ok := parseDirective(c); ok {
					out = append(out, d)
				}
			}
		}
	}
	return out
}

func parseDirective(c *ast.Comment) (*directive, bool) {
	text, ok := strings.CutPrefix(c.Text, prefix)
	if !ok {
		return nil, false
	}
	namesPart, reason, _ := strings.Cut(text, " ")
	// A trailing comment ("//lintignore:x // TODO") is not a reason.
	reason, _, _ = strings.Cut(" "+reason, " //")
	d := &directive{pos: c.Pos(), reason: strings.TrimSpace(reason)}
	for _, n := range strings.Split(namesPart, ",") {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(d.names, n) {
			d.names = append(d.names, n)
		}
	}
	return d, len(d.names) > 0
}

// Pass returns the pass the reporter reports for.
func (r *Reporter) Pass() *analysis.Pass { return r.pass }

// Suppressed reports whether a directive naming this pass silences it at pos.
func (r *Reporter) Suppressed(pos token.Pos) bool { return r.suppressed(pos, "") }

// suppressed reports whether a directive naming this pass, or rule when not
// empty, covers pos, and records the names that matched.
func (r *Reporter) suppressed(pos token.Pos, rule rules.ID) bool {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	hit := false
	for _, d := range r.directives[tf][tf.Line(pos)] {
		for _, n := range d.names {
			if n == r.pass.Analyzer.Name || (rule != "" && n == string(rule)) {
				r.used.add(d.pos, n)
				hit = true
			}
		}
	}
	return hit
}

// Finding is one diagnostic of a check, with the rule it enforces.
type Finding struct {
	Rule    rules.ID
	Pos     token.Pos
	End     token.Pos
	Message string
	Related []analysis.RelatedInformation
	Fixes   []analysis.SuggestedFix
}

// Report emits f as "check: RULE: message", unless suppressed or without a
// position. The check name is what //lintignore takes, so every finding
// shows it, whatever the driver prints around the message.
func (r *Reporter) Report(f Finding) {
	// A directive is matched (and so counted as used) before a finding in a
	// _test.go file is dropped.
	if !f.Pos.IsValid() || r.suppressed(f.Pos, f.Rule) || !ReportTestFiles && inTestFile(r.pass.Fset, f.Pos) {
		return
	}
	r.pass.Report(analysis.Diagnostic{
		Pos:            f.Pos,
		End:            f.End,
		Category:       string(f.Rule),
		Message:        r.pass.Analyzer.Name + ": " + string(f.Rule) + ": " + f.Message,
		URL:            f.Rule.URL(),
		Related:        validRelated(f.Related),
		SuggestedFixes: f.Fixes,
	})
}

func validRelated(rel []analysis.RelatedInformation) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, ri := range rel {
		if ri.Pos.IsValid() {
			out = append(out, ri)
		}
	}
	return out
}

// Related is a shorthand for one related position.
func Related(pos token.Pos, format string, args ...any) analysis.RelatedInformation {
	return analysis.RelatedInformation{Pos: pos, Message: fmt.Sprintf(format, args...)}
}

// Safe wraps a pass's Run so that a panic on code nobody foresaw becomes a
// one-line error naming the pass and package, never a crash of the driver.
func Safe(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if p := recover(); p != nil {
				res, err = nil, fmt.Errorf("internal error in %s on %s: %v", pass.Analyzer.Name, pass.Pkg.Path(), p)
			}
		}()
		return run(pass)
	}
}

// releasing tells the package's lazy SSA, when the analyzer requires it, that
// the analyzer is done with it (the last one frees it).
func releasing(run func(*analysis.Pass) (any, error), requires []*analysis.Analyzer) func(*analysis.Pass) (any, error) {
	if !slices.Contains(requires, lazyssa.Analyzer) {
		return run
	}
	return func(pass *analysis.Pass) (any, error) {
		if l, ok := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy); ok {
			defer l.Done()
		}
		return run(pass)
	}
}

// FirstValid returns the first valid position.
func FirstValid(ps ...token.Pos) token.Pos {
	for _, p := range ps {
		if p.IsValid() {
			return p
		}
	}
	return token.NoPos
}
