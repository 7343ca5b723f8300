package attruse

import "github.com/tflifecyclelint/tflifecyclelint/facts"

// ByModel maps each model struct of r (top level and nested, by qualified
// name) to its fields' attributes that keep accepts, among those with no
// Computed ancestor (a Computed parent may come wholly from the API) that
// are not Computed themselves. A struct serving two places keeps only the
// tags both agree on.
func ByModel(r *facts.FrameworkResource, model *facts.Model, keep func(*facts.Attribute) bool) map[string]map[string]*facts.Attribute {
	return byModel(r, model, keep, false)
}

// ByModelCollections is ByModel that also binds a list, set or map attribute
// held by a Go slice or map of nested model structs ([]ruleModel), besides
// its own attributes: nil there is null.
func ByModelCollections(r *facts.FrameworkResource, model *facts.Model, keep func(*facts.Attribute) bool) map[string]map[string]*facts.Attribute {
	return byModel(r, model, keep, true)
}

func byModel(r *facts.FrameworkResource, model *facts.Model, keep func(*facts.Attribute) bool, collections bool) map[string]map[string]*facts.Attribute {
	out := map[string]map[string]*facts.Attribute{}
	conflict := map[string]map[string]bool{}
	var visit func(name string, attrs []facts.Attribute, seen map[string]bool)
	visit = func(name string, attrs []facts.Attribute, seen map[string]bool) {
		mf := model.Models[name]
		if mf == nil || seen[name] {
			return
		}
		seen[name] = true
		defer delete(seen, name)
		for i := range attrs {
			a := &attrs[i]
			f, ok := mf.Field(a.Name)
			if !ok || a.Uncertain || a.Computed {
				continue
			}
			nested := f.Nested != "" && len(a.Nested) > 0 && !a.Incomplete
			if nested {
				visit(f.Nested, a.Nested, seen)
			}
			if nested && !(collections && collection(a)) || !keep(a) {
				continue
			}
			m := out[name]
			if m == nil {
				m, conflict[name] = map[string]*facts.Attribute{}, map[string]bool{}
				out[name] = m
			}
			if prev, ok := m[a.Name]; ok && prev != a {
				conflict[name][a.Name] = true
			}
			m[a.Name] = a
		}
	}
	for _, name := range r.Models {
		visit(name, r.Schema.Attributes, map[string]bool{})
	}
	for name, tags := range conflict {
		for tag := range tags {
			delete(out[name], tag)
		}
	}
	return out
}

func collection(a *facts.Attribute) bool {
	return a.Nesting == "list" || a.Nesting == "set" || a.Nesting == "map"
}
