package renderedvalue

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// findings: each rendering in fn used as data, once.
func (c *checker) findings(fn *ssa.Function) []lint.Finding {
	var out []lint.Finding
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			src, ok := sourceOf(call)
			if !ok {
				continue
			}
			s := c.follow(call)
			if !reportable(src, s) {
				continue
			}
			out = append(out, finding(fn, src, s))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// reportable: a string's rendering used as data in any way; another
// value's only when parsed, and only where its known rendering is not the
// value's text (a number in %g or %f, a collection, an object). A value of
// unknown type parsed as a bool or number is taken to be one.
func reportable(src source, s sink) bool {
	switch {
	case s.kind == noSink:
		return false
	case src.kind == quoted:
		return true
	case s.kind != parsed:
		return src.kind == anyValue
	case src.kind == anyValue:
		return !scalarParser(s.what)
	}
	return !exactRendering(src)
}

func scalarParser(what string) bool {
	switch what {
	case "strconv.ParseBool", "strconv.ParseInt", "strconv.ParseUint", "strconv.Atoi", "strconv.ParseFloat":
		return true
	}
	return false
}

// exactRendering: a known bool or integer renders as its Go text, a list,
// set or map of them or of strings as JSON; a number keeps ten digits, an
// object renders a null attribute as <null>.
func exactRendering(src source) bool {
	_, name := tfapi.Named(src.recv.Type())
	name = strings.TrimSuffix(strings.TrimSuffix(name, "Value"), "Valuable")
	switch name {
	case "Bool", "Int64", "Int32", "List", "Set", "Map":
		return true
	}
	return false
}

func finding(fn *ssa.Function, src source, s sink) lint.Finding {
	rule := rules.ID("APPLY-2")
	if s.kind == parsed && planTime(fn) {
		rule = "VALIDATE-1" // an unknown renders "<unknown>" and fails to parse
	}
	pos := src.call.Pos()
	if !pos.IsValid() {
		pos = s.pos
	}
	return lint.Finding{Rule: rule, Pos: pos, Message: message(src, s),
		Related: []analysis.RelatedInformation{
			lint.Related(src.call.Pos(), "%s", renderedHere(src)),
			lint.Related(s.pos, "%s here", use(s)),
		}}
}

func renderedHere(src source) string {
	if src.fmt {
		return "the framework value is formatted (its String method) here"
	}
	return "String() renders the framework value here"
}

func message(src source, s sink) string {
	subject := "String() of a framework value"
	if n := attrName(src.recv); n != "" {
		subject = fmt.Sprintf("String() of %q", n)
	} else if n := elementOf(src.recv); n != "" {
		subject = fmt.Sprintf("String() of an element of %q", n)
	}
	if src.fmt {
		subject = "fmt formatting of a framework string"
		if n := attrName(src.recv); n != "" {
			subject = fmt.Sprintf("fmt formatting of %q", n)
		}
	}
	what := "its debug rendering: a string comes out Go-quoted and escapes (\"\\\"abc\\\"\"), null and unknown come out \"<null>\" and \"<unknown>\""
	if src.kind == other {
		what = "its debug rendering: null and unknown come out \"<null>\" and \"<unknown>\", a number keeps ten digits (%g) or six decimals (%f), an object renders a null attribute as <null> (not JSON)"
	}
	trim := ""
	if s.trimmed {
		trim = "; cutting the quotes off still leaves the escapes (\\\" \\n \\\\) in the text"
	}
	return fmt.Sprintf("%s is %s, not the value; it is %s%s: read the value with ValueString() (ValueBool(), ElementsAs, ...) instead", subject, what, use(s), trim)
}

func use(s sink) string {
	switch s.kind {
	case saved:
		return "saved through " + s.what
	case parsed:
		return "parsed by " + s.what
	}
	return "used as data by " + s.what
}

// planTime: fn (or the function it is a closure of) takes the request of a
// validator, plan modifier, ValidateConfig or ModifyPlan.
func planTime(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		for _, p := range fn.Params {
			if tfapi.PlanTimeRequest(p.Type()) {
				return true
			}
		}
	}
	return false
}
