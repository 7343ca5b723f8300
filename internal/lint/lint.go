// Package lint holds what every check shares: reporting with the rule ID,
// suppression directives, and protection against panics.
package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// Reporter reports a pass's diagnostics, honouring //lintignore directives
// that name the pass, on the line of the diagnostic or the line above.
type Reporter struct {
	pass *analysis.Pass
	// ignored[file][line] is true when the pass is suppressed on that line.
	ignored map[*token.File]map[int]bool
}

const prefix = "//lintignore:"

// NewReporter scans the package's comments for directives naming this pass
// and reports the ones without a reason.
func NewReporter(pass *analysis.Pass) *Reporter {
	r := &Reporter{pass: pass, ignored: map[*token.File]map[int]bool{}}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d, ok := parseDirective(c)
				if !ok || !d.names[pass.Analyzer.Name] {
					continue
				}
				if d.reason == "" {
					pass.Report(analysis.Diagnostic{Pos: c.Pos(), Category: "lintignore",
						Message: fmt.Sprintf("//lintignore:%s needs a reason after the check name", pass.Analyzer.Name)})
					continue
				}
				line := tf.Line(c.Pos())
				if r.ignored[tf] == nil {
					r.ignored[tf] = map[int]bool{}
				}
				r.ignored[tf][line] = true
				r.ignored[tf][line+1] = true
			}
		}
	}
	return r
}

type parsed struct {
	names  map[string]bool
	reason string
}

func parseDirective(c *ast.Comment) (parsed, bool) {
	text, ok := strings.CutPrefix(c.Text, prefix)
	if !ok {
		return parsed{}, false
	}
	namesPart, reason, _ := strings.Cut(text, " ")
	// A trailing comment ("//lintignore:x // TODO") is not a reason.
	reason, _, _ = strings.Cut(" "+reason, " //")
	p := parsed{names: map[string]bool{}, reason: strings.TrimSpace(reason)}
	for _, n := range strings.Split(namesPart, ",") {
		if n = strings.TrimSpace(n); n != "" {
			p.names[n] = true
		}
	}
	return p, len(p.names) > 0
}

// Pass returns the pass the reporter reports for.
func (r *Reporter) Pass() *analysis.Pass { return r.pass }

// Suppressed reports whether a directive silences this pass at pos.
func (r *Reporter) Suppressed(pos token.Pos) bool {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	return r.ignored[tf][tf.Line(pos)]
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

// Report emits f as "RULE: message", unless suppressed or without a position.
func (r *Reporter) Report(f Finding) {
	if !f.Pos.IsValid() || r.Suppressed(f.Pos) {
		return
	}
	r.pass.Report(analysis.Diagnostic{
		Pos:            f.Pos,
		End:            f.End,
		Category:       string(f.Rule),
		Message:        string(f.Rule) + ": " + f.Message,
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

// FirstValid returns the first valid position.
func FirstValid(ps ...token.Pos) token.Pos {
	for _, p := range ps {
		if p.IsValid() {
			return p
		}
	}
	return token.NoPos
}
