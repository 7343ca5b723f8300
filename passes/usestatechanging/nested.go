package usestatechanging

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// kept is a volatile-named attribute whose prior value the plan keeps:
// x itself carries UseStateForUnknown, or carrier does and x is nested in
// it (the modifier keeps the whole object or list). parent is the
// attribute x is nested in (nil at the top level), top the top-level
// attribute the path starts at.
type kept struct {
	carrier, x, parent, top *facts.Attribute
	path, carrierPath       string
}

// keptAll lists the attributes, at any depth, whose prior value the plan
// keeps: a Computed-only attribute with UseStateForUnknown and everything
// nested in it.
func keptAll(attrs []facts.Attribute) []kept {
	var out []kept
	var walk func(attrs []facts.Attribute, parent, top, carrier *facts.Attribute, prefix, cpath string)
	walk = func(attrs []facts.Attribute, parent, top, carrier *facts.Attribute, prefix, cpath string) {
		for i := range attrs {
			a := &attrs[i]
			if a.Uncertain {
				continue
			}
			t, c, p, cp := top, carrier, prefix+a.Name, cpath
			if t == nil {
				t = a
			}
			if c == nil && a.Computed && !a.Optional && a.HasPlanModifier("UseStateForUnknown") {
				c, cp = a, p
			}
			if c != nil {
				out = append(out, kept{carrier: c, x: a, parent: parent, top: t, path: p, carrierPath: cp})
			}
			if !a.Incomplete {
				walk(a.Nested, a, t, c, p+".", cp)
			}
		}
	}
	walk(attrs, nil, nil, nil, "", "")
	return out
}

// keptVolatile lists, below the top level, the volatile-named attributes
// the plan keeps; the top level is left to run. In an object kept whole
// (connection details, a change log) only a mark of the last change counts:
// a status or version there is as often a detail that stays.
func keptVolatile(attrs []facts.Attribute) []kept {
	var out []kept
	for _, k := range keptAll(attrs) {
		if k.parent == nil || !volatile.MatchString(k.x.Name) {
			continue
		}
		if k.carrier == k.x || touched.MatchString(k.x.Name) {
			out = append(out, k)
		}
	}
	return out
}

// touched matches the names of marks every change of the object moves.
var touched = regexp.MustCompile(`^(updated|modified)_|_(updated_at|modified_at|updated|modified)$|^(etag|revision|generation)$`)

// shapedLike: the structs of the package shaped like a's nested object.
func shapedLike(pkg *types.Package, a *facts.Attribute) map[string]bool {
	want := shape(a)
	out := map[string]bool{}
	if want == "" {
		return out
	}
	for st, sh := range nestedModels(pkg) {
		if sh == want {
			out[st] = true
		}
	}
	return out
}

// nestedModels maps each struct type of the package whose tfsdk tags are
// exactly the names of a nested object's attributes to those names (sorted,
// joined): the struct the object is decoded into and built from. A
// generic value type (fwtypes.ObjectValueOf[T]) or a types.Object field
// does not name it; the tag set does.
func nestedModels(pkg *types.Package) map[string]string {
	out := map[string]string{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		var tags []string
		facts.EachTagged(st, func(tf facts.TaggedField) { tags = append(tags, tf.Tag) })
		if len(tags) > 0 {
			sort.Strings(tags)
			out[pkg.Path()+"."+tn.Name()] = strings.Join(tags, ",")
		}
	}
	return out
}

// shape is the key nestedModels gives the struct of a's nested object, or
// "" when a has no (complete) nested object.
func shape(a *facts.Attribute) string {
	if a == nil || a.Incomplete || len(a.Nested) == 0 {
		return ""
	}
	names := make([]string, 0, len(a.Nested))
	for i := range a.Nested {
		names = append(names, a.Nested[i].Name)
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

// withEmbedded adds to the model structs the structs they embed without a
// tag: the framework flattens their fields into the model, and a helper
// with such a receiver (m.base.parse(...)) stores into them.
func withEmbedded(pkg *types.Package, models map[string]bool) {
	scope := pkg.Scope()
	var add func(st *types.Struct)
	add = func(st *types.Struct) {
		for i := 0; i < st.NumFields(); i++ {
			fl := st.Field(i)
			if !fl.Embedded() || strings.Contains(st.Tag(i), "tfsdk:") {
				continue
			}
			t := fl.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			n, ok := types.Unalias(t).(*types.Named)
			if !ok || n.Obj().Pkg() == nil {
				continue
			}
			key := n.Obj().Pkg().Path() + "." + n.Obj().Name()
			if inner, ok := n.Underlying().(*types.Struct); ok && !models[key] {
				models[key] = true
				add(inner)
			}
		}
	}
	roots := make([]string, 0, len(models))
	for m := range models {
		roots = append(roots, m)
	}
	for _, m := range roots {
		if i := strings.LastIndex(m, "."); i > 0 && m[:i] == pkg.Path() {
			if tn, ok := scope.Lookup(m[i+1:]).(*types.TypeName); ok {
				if st, ok := tn.Type().Underlying().(*types.Struct); ok {
					add(st)
				}
			}
		}
	}
}

// reportNested reports k, with the store as evidence and, when the nested
// schema is declared apart (a package variable, a helper), the top-level
// attribute it is attached to.
func reportNested(rep *lint.Reporter, owner string, k kept, pos token.Pos) {
	what := fmt.Sprintf("%q of %s is Computed with UseStateForUnknown, so every plan promises its prior value, but Update writes it from the API response", k.path, owner)
	if k.carrier != k.x {
		what = fmt.Sprintf("%q of %s is Computed with UseStateForUnknown, so every plan promises the prior object, but Update writes its %q from the API response", k.carrierPath, owner, k.path)
	}
	rel := []analysis.RelatedInformation{lint.Related(pos, "Update (or a helper it calls) writes %q from the API here", k.path)}
	if k.top != k.carrier {
		rel = append(rel, lint.Related(k.top.Pos, "%q holds the nested schema", k.top.Name))
	}
	rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(k.carrier.Pos, k.top.Pos, pos),
		Message: what + ": when the remote system changes it, Terraform fails with \"Provider produced inconsistent result after apply\" (APPLY-2); drop UseStateForUnknown for a value that changes on update",
		Related: rel})
}
