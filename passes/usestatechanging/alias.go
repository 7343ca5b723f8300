package usestatechanging

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Two attributes that Update stores from one API value hold the same value
// after every apply. When one is configurable in place and the other keeps
// its prior value in the plan (UseStateForUnknown, left unconfigured), a
// change of the first changes the second against the plan: an alias kept
// for compatibility, an identifier that is the name, a flag mirrored under
// two names.

// sources maps each tagged field to the API values stored into it (by
// sourceKey) and where.
type sources map[field]map[string]token.Pos

func (s sources) add(f field, v ssa.Value, pos token.Pos) {
	k := sourceKey(v)
	if k == "" {
		return
	}
	if s[f] == nil {
		s[f] = map[string]token.Pos{}
	}
	if _, dup := s[f][k]; !dup {
		s[f][k] = pos
	}
}

// of gives, by tag, the sources stored into fields of the given structs.
func (s sources) of(structs map[string]bool) map[string]map[string]token.Pos {
	out := map[string]map[string]token.Pos{}
	for f, ks := range s {
		if !structs[f.st] {
			continue
		}
		if out[f.tag] == nil {
			out[f.tag] = map[string]token.Pos{}
		}
		for k, pos := range ks {
			out[f.tag][k] = pos
		}
	}
	return out
}

// sourceKey names the one value a framework constructor wraps
// (types.BoolPointerValue(resp.Flag), types.StringValue(p.GetName())): the
// variable it starts at and the fields and getters followed from it. Two
// loads of one field of one variable get one key. A constant, or a
// constructor of several arguments, gets none: equal constants say nothing.
func sourceKey(v ssa.Value) string {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return ""
	}
	return valuePath(c.Call.Args[0], 0)
}

func valuePath(v ssa.Value, depth int) string {
	if depth > 8 {
		return ""
	}
	var base, step string
	switch x := v.(type) {
	case *ssa.Const:
		return ""
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		base, step = valuePath(x.X, depth+1), "*"
	case *ssa.FieldAddr:
		base, step = valuePath(x.X, depth+1), fmt.Sprintf("&%d", x.Field)
	case *ssa.Field:
		base, step = valuePath(x.X, depth+1), fmt.Sprint(x.Field)
	case *ssa.Call:
		// a getter: a method whose only argument is its receiver
		fn := x.Call.StaticCallee()
		if fn == nil || fn.Signature.Recv() == nil || len(x.Call.Args) != 1 {
			return ""
		}
		base, step = valuePath(x.Call.Args[0], depth+1), fn.Name()+"()"
	case *ssa.Parameter, *ssa.Alloc, *ssa.FreeVar:
		return fmt.Sprintf("%p", x)
	default:
		return ""
	}
	if base == "" {
		return ""
	}
	return base + "." + step
}

// reportAliases reports each Computed attribute with UseStateForUnknown
// that Update stores from the value it stores into another attribute, one
// the configuration sets and changes in place.
func reportAliases(rep *lint.Reporter, r *facts.FrameworkResource, planned func(string) bool, bySrc map[string]map[string]token.Pos, done map[*facts.Attribute]bool) {
	attrs := r.Schema.Attributes
	for i := range attrs {
		a := &attrs[i]
		if done[a] || a.Block || !a.Computed || a.Uncertain || !a.HasPlanModifier("UseStateForUnknown") || planned(a.Name) {
			continue
		}
		for j := range attrs {
			b := &attrs[j]
			// A deprecated attribute is an old name kept for compatibility,
			// which Update may ignore: it does not show what decides the value.
			if i == j || b.Block || !(b.Required || b.Optional) || b.Uncertain || b.Deprecated || !inPlace(b) {
				continue
			}
			if posA, posB, ok := shared(bySrc[a.Name], bySrc[b.Name]); ok {
				done[a] = true
				reportAlias(rep, r.TypeName, a, b, posA, posB)
				break
			}
		}
	}
}

// shared finds a source both attributes are stored from (the first in
// key order, for stable output).
func shared(x, y map[string]token.Pos) (token.Pos, token.Pos, bool) {
	keys := make([]string, 0, len(x))
	for k := range x {
		if _, ok := y[k]; ok {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return token.NoPos, token.NoPos, false
	}
	sort.Strings(keys)
	return x[keys[0]], y[keys[0]], true
}

func reportAlias(rep *lint.Reporter, owner string, a, b *facts.Attribute, posA, posB token.Pos) {
	left := "every plan"
	if a.Optional {
		left = "a plan that leaves it unset"
	}
	rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(a.Pos, posA),
		Message: fmt.Sprintf("%q of %s is Computed with UseStateForUnknown, so %s promises its prior value, but Update stores it from the same API value as %q, which the configuration changes in place: when %q changes, so does %q, and Terraform fails with \"Provider produced inconsistent result after apply\" (APPLY-2); drop UseStateForUnknown, or keep the prior value only while %q is unchanged", a.Name, owner, left, b.Name, b.Name, a.Name, b.Name),
		Related: []analysis.RelatedInformation{
			lint.Related(b.Pos, "%q is configurable and does not require replacement", b.Name),
			lint.Related(posA, "Update (or a helper it calls) stores %q from the API value here", a.Name),
			lint.Related(posB, "and %q from the same value here", b.Name)}})
}

// inPlace: no RequiresReplace, and no plan modifier the model cannot see
// into (a custom one may replace).
func inPlace(x *facts.Attribute) bool {
	for _, m := range x.PlanModifiers {
		if strings.HasPrefix(m, "RequiresReplace") || m == "custom" || m == "unresolved" {
			return false
		}
	}
	return true
}
