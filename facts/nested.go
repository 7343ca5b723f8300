package facts

// NestedByKeys finds the nested attribute named key in every group of nested
// attributes (at any depth) that holds all of keys — a map keyed by
// attribute names is matched to the nested object it builds by those names.
// It answers nil unless every such group agrees: accept holds for the
// attribute found there and no Computed parent holds the group. Groups of
// incomplete or uncertain attributes are skipped.
func NestedByKeys(attrs []Attribute, keys []string, key string, accept func(*Attribute) bool) *Attribute {
	var found *Attribute
	agree := true
	var walk func(as []Attribute, computedParent bool)
	walk = func(as []Attribute, computedParent bool) {
		for i := range as {
			a := &as[i]
			if len(a.Nested) == 0 || a.Incomplete || a.Uncertain {
				continue
			}
			if n := groupMember(a.Nested, keys, key); n != nil {
				if computedParent || a.Computed || n.Uncertain || !accept(n) {
					agree = false
				} else if found == nil {
					found = n
				}
			}
			walk(a.Nested, computedParent || a.Computed)
		}
	}
	walk(attrs, false)
	if !agree {
		return nil
	}
	return found
}

// groupMember: the attribute named key in group when group holds every one
// of keys, else nil.
func groupMember(group []Attribute, keys []string, key string) *Attribute {
	byName := map[string]*Attribute{}
	for j := range group {
		byName[group[j].Name] = &group[j]
	}
	for _, k := range keys {
		if byName[k] == nil {
			return nil
		}
	}
	return byName[key]
}
