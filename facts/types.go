package facts

import (
	"fmt"
	"go/token"
	"slices"
	"sort"
	"strings"
)

// Attribute is one attribute or block of a framework or SDK schema.
// Nested holds the attributes of nested attributes and blocks (SDK: Elem resources).
type Attribute struct {
	Name string
	// Block is true for framework blocks and SDK lists/sets whose Elem is a *schema.Resource.
	Block bool
	// Type is the value type: "string", "int64", "bool", "list", "set", "map", "object", ...
	Type string
	// Nesting is "single", "list", "set" or "map" for nested attributes and blocks.
	Nesting string
	// ElemType (SDK) is the type of the elements of a list, set or map whose
	// Elem is a *schema.Schema (or a ValueType) with a constant Type:
	// "string", "int", "float", "bool"; "string" for a map without Elem (the
	// SDK's default); empty when unknown or when the elements are blocks.
	ElemType string

	Required, Optional, Computed, Sensitive, WriteOnly bool
	ForceNew                                           bool // SDK only
	HasDefault                                         bool
	// Deprecated: the schema marks it deprecated or removed (SDK Deprecated
	// or Removed, framework DeprecationMessage, not an empty constant).
	Deprecated bool
	// DefaultFunc (SDK): the default comes from a DefaultFunc (often an
	// environment variable, possibly none), not a constant Default.
	DefaultFunc   bool
	CustomType    bool
	HasValidators bool
	// Normalised is set for SDK attributes with a StateFunc (the plan holds
	// the normalised form) or a DiffSuppressFunc.
	Normalised bool
	// DiffSuppress (SDK): the attribute has a DiffSuppressFunc.
	DiffSuppress bool
	// ConflictsWith and ExactlyOneOf (SDK) are the top-level keys the
	// schema lists there, when the list is a literal of constant strings;
	// nested paths ("block.0.name") are left out. AlternativesPos is where
	// the first non-empty one of them is written (zero when from another package).
	ConflictsWith, ExactlyOneOf []string
	AlternativesPos             token.Pos
	// PlanModifiers lists the framework plan modifiers by kind:
	// "UseStateForUnknown", "RequiresReplace", another framework modifier's
	// function name, "custom", or "unresolved" when the list is not a literal.
	PlanModifiers []string
	// CustomModifiers names the types ("pkg/path.T") of custom plan
	// modifiers attached, where the element is a literal of the type or a
	// package function returning one.
	CustomModifiers []string
	// Uncertain is set when a flag is not a constant (e.g. a helper parameter);
	// checks must not reason about an uncertain attribute's flags.
	Uncertain bool
	// ParamFlags: flags given by the building helper's parameters, bound
	// at its calls (see paramflags.go); set only while Uncertain.
	ParamFlags []ParamFlag
	// Incomplete is set when Nested could not be fully resolved.
	Incomplete bool
	Nested     []Attribute
	// Pos is where the attribute is declared; zero when it came from another package.
	Pos token.Pos
	// Lit and LitEnd are the braces of the attribute's composite literal, and
	// ComputedKV..ComputedKVEnd its `Computed: ...` element, for suggested
	// fixes; zero when unknown or from another package.
	Lit, LitEnd               token.Pos
	ComputedKV, ComputedKVEnd token.Pos
}

// HasPlanModifier reports whether a plan modifier of the given kind is attached.
func (a *Attribute) HasPlanModifier(kind string) bool {
	for _, m := range a.PlanModifiers {
		if m == kind {
			return true
		}
	}
	return false
}

func (a *Attribute) flags() string {
	var f []string
	add := func(b bool, s string) {
		if b {
			f = append(f, s)
		}
	}
	add(a.Required, "R")
	add(a.Optional, "O")
	add(a.Computed, "C")
	add(a.Sensitive, "S")
	add(a.WriteOnly, "W")
	add(a.ForceNew, "F")
	add(a.HasDefault, "D")
	add(a.Uncertain, "?")
	return strings.Join(f, "")
}

// String renders the attribute compactly, e.g. `name:string/RF` or
// `rule:block list{...}`; used by the debug view and fact expectations in tests.
func (a *Attribute) String() string {
	var b strings.Builder
	b.WriteString(a.Name)
	b.WriteString(":")
	if a.Block {
		b.WriteString("block ")
	}
	b.WriteString(a.Type)
	if f := a.flags(); f != "" {
		b.WriteString("/" + f)
	}
	if len(a.PlanModifiers) > 0 {
		b.WriteString("[" + strings.Join(a.PlanModifiers, ",") + "]")
	}
	if len(a.Nested) > 0 || a.Incomplete {
		b.WriteString("{" + attrsString(a.Nested, a.Incomplete) + "}")
	}
	return b.String()
}

func attrsString(attrs []Attribute, incomplete bool) string {
	parts := make([]string, 0, len(attrs)+1)
	for i := range attrs {
		parts = append(parts, attrs[i].String())
	}
	sort.Strings(parts)
	if incomplete {
		parts = append(parts, "...")
	}
	return strings.Join(parts, " ")
}

// Schema is a resolved schema: its attributes and blocks and version.
type Schema struct {
	Version    int64
	VersionPos token.Pos
	// VersionFrom names the package-level constant ("path.Name") the
	// Version is written as, when it is one: resources sharing it were
	// versioned together, whatever each was first released at.
	VersionFrom string
	// VersionParam is set (1-based) when Version is the given parameter of
	// the helper that builds the schema (resourceSchema(2)): each call site
	// resolves it from its argument.
	VersionParam int
	// Complete is false when some attributes could not be resolved
	// (Attributes then holds only the resolved ones).
	Complete   bool
	Attributes []Attribute
}

func (s *Schema) String() string {
	return fmt.Sprintf("v%d{%s}", s.Version, attrsString(s.Attributes, !s.Complete))
}

// Walk calls fn for every attribute, nested ones included, with its dotted path
// and whether an ancestor forces replacement (SDK ForceNew).
func Walk(attrs []Attribute, fn func(path string, a *Attribute, ancestorForceNew bool)) {
	walk("", attrs, false, fn)
}

func walk(prefix string, attrs []Attribute, fnew bool, fn func(string, *Attribute, bool)) {
	for i := range attrs {
		a := &attrs[i]
		p := a.Name
		if prefix != "" {
			p = prefix + "." + a.Name
		}
		fn(p, a, fnew)
		walk(p, a.Nested, fnew || a.ForceNew, fn)
	}
}

func clearPos(attrs []Attribute) {
	for i := range attrs {
		a := &attrs[i]
		a.Pos, a.Lit, a.LitEnd, a.ComputedKV, a.ComputedKVEnd, a.AlternativesPos = 0, 0, 0, 0, 0, 0
		clearPos(attrs[i].Nested)
	}
}

func cloneAttrs(attrs []Attribute) []Attribute {
	if attrs == nil {
		return nil
	}
	out := make([]Attribute, len(attrs))
	for i, a := range attrs {
		a.PlanModifiers = append([]string(nil), a.PlanModifiers...)
		a.ConflictsWith = append([]string(nil), a.ConflictsWith...)
		a.ExactlyOneOf = append([]string(nil), a.ExactlyOneOf...)
		a.ParamFlags = slices.Clone(a.ParamFlags)
		a.Nested = cloneAttrs(a.Nested)
		out[i] = a
	}
	return out
}

// Lookup finds a dotted SDK key ("block.0.name") in attrs. found is false
// when the key is not there; a is nil when it is there as far as the
// schema can be followed (a map's key, an unresolved nested schema).
func Lookup(attrs []Attribute, key string) (a *Attribute, found bool) {
	return lookup(attrs, strings.Split(key, "."))
}

func lookup(attrs []Attribute, parts []string) (a *Attribute, found bool) {
	for i := range attrs {
		if attrs[i].Name != parts[0] {
			continue
		}
		a = &attrs[i]
		rest := parts[1:]
		if len(rest) > 0 && isIndex(rest[0]) {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return a, true
		}
		if a.Incomplete || len(a.Nested) == 0 {
			return nil, true
		}
		return lookup(a.Nested, rest)
	}
	return nil, false
}

// isIndex: a list/set index or count segment of an SDK key.
func isIndex(s string) bool {
	if s == "#" || s == "%" || s == "" {
		return true
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
