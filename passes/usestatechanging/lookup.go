package usestatechanging

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// A value Update looks up by a configured value — stored from the API only
// on the branch where an API value equals the planned one (for _, f :=
// range flavors { if f.CPU == cpu { m.FlavorID = types.StringValue(f.ID) } })
// — is a function of that configured value: when the configuration changes
// it, the looked-up value changes too.

// lookup is a store of x under a test that an API value equals the planned
// value of by (a field of the same struct).
type lookup struct {
	by       field
	pos, cmp token.Pos
}

// lookups maps each stored field to the lookups that store it.
type lookups map[field][]lookup

// add records the store of f in b when a block in a loop dominating b, on
// its then-branch, tests an equality of a model field of the struct f
// belongs to with a value that is not a model field.
func (l lookups) add(f field, b *ssa.BasicBlock, pos token.Pos) {
	if l == nil {
		return
	}
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := lastIf(d)
		if !ok || !d.Succs[0].Dominates(b) || d.Succs[0] == d.Succs[1] || !inLoop(d) {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL {
			continue
		}
		for _, side := range [][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
			by, ok := configField(side[0], 0)
			if ok && by.st == f.st && by.tag != f.tag && !fromModel(side[1], 0) {
				l[f] = append(l[f], lookup{by: by, pos: pos, cmp: cmp.Pos()})
			}
		}
	}
}

// inLoop: b can be reached again from itself — the test is made for each
// element of what the loop ranges over, as a lookup does.
func inLoop(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return false
}

func lastIf(b *ssa.BasicBlock) (*ssa.If, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return ifi, ok
}

// configField: the tagged field a value is read from, through loads,
// dereferences, conversions and calls taking it (m.CPU.ValueInt64(),
// conversion.Int64ValueToPointer(m.CPU)).
func configField(v ssa.Value, depth int) (field, bool) {
	if depth > 5 {
		return field{}, false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if tag := modelflow.FieldTag(fa); tag != "" {
				return field{tfssa.StructName(fa.X.Type()), tag}, true
			}
		}
		return configField(x.X, depth+1)
	case *ssa.Convert:
		return configField(x.X, depth+1)
	case *ssa.ChangeType:
		return configField(x.X, depth+1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if f, ok := configField(a, depth+1); ok {
				return f, true
			}
		}
	}
	return field{}, false
}

// reportLookups reports a kept Computed attribute (UseStateForUnknown of
// its own or of the object holding it) that Update looks up by a sibling
// the configuration changes in place.
func reportLookups(rep *lint.Reporter, pkg *types.Package, r *facts.FrameworkResource, planned func(string) bool, lk lookups, done map[*facts.Attribute]bool) {
	for _, k := range keptAll(r.Schema.Attributes) {
		if done[k.carrier] || planned(k.top.Name) {
			continue
		}
		siblings := r.Schema.Attributes
		structs := models(pkg, r)
		if k.parent != nil {
			siblings, structs = k.parent.Nested, shapedLike(pkg, k.parent)
		}
		if l, by, ok := lookedUpBy(lk, structs, k.x, siblings); ok && (k.parent == nil || inPlace(k.top)) {
			done[k.carrier] = true
			reportLookup(rep, r.TypeName, k, by, l)
		}
	}
}

// lookedUpBy finds a lookup storing x into one of structs by a sibling that
// is configurable and changes in place.
func lookedUpBy(lk lookups, structs map[string]bool, x *facts.Attribute, siblings []facts.Attribute) (lookup, *facts.Attribute, bool) {
	var sts []string
	for st, ok := range structs {
		if ok {
			sts = append(sts, st)
		}
	}
	sort.Strings(sts)
	for _, st := range sts {
		for _, l := range lk[field{st, x.Name}] {
			for i := range siblings {
				y := &siblings[i]
				if y.Name == l.by.tag && (y.Required || y.Optional) && !y.Uncertain && inPlace(y) {
					return l, y, true
				}
			}
		}
	}
	return lookup{}, nil, false
}

func reportLookup(rep *lint.Reporter, owner string, k kept, by *facts.Attribute, l lookup) {
	rel := []analysis.RelatedInformation{
		lint.Related(by.Pos, "%q is configurable and does not require replacement", by.Name),
		lint.Related(l.cmp, "Update looks %q up by the planned %q here", k.path, by.Name),
		lint.Related(l.pos, "and stores what it found here")}
	if k.top != k.carrier {
		rel = append(rel, lint.Related(k.top.Pos, "%q holds the nested schema", k.top.Name))
	}
	rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(k.carrier.Pos, k.top.Pos, l.pos),
		Message: fmt.Sprintf("%q of %s is Computed with UseStateForUnknown, so every plan promises its prior value, but Update looks it up by the value of %q, which changes in place: when %q changes, so does %q, and Terraform fails with \"Provider produced inconsistent result after apply\" (APPLY-2); drop UseStateForUnknown, or keep the prior value only while %q is unchanged", k.path, owner, by.Name, by.Name, k.path, by.Name),
		Related: rel})
}
