package facts

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Fact types carry only exported fields: go vet's fact encoding (gob) panics
// on unexported ones. Positions inside facts are cleared when a fact is read
// from another package, whose file set is not ours under go vet.

// ValueFact summarises what a function returns, or a package-level variable
// holds, when that is a piece of a schema: a framework schema, attribute map,
// attribute or block, or an SDK schema map or schema field.
type ValueFact struct {
	// Kind is "schema", "attrs" (an attribute/block map), "attr" (one
	// attribute or block), "sdkschemamap" or "sdkschema".
	Kind     string
	Resolved bool
	Schema   Schema      // Kind "schema"
	Attrs    []Attribute // Kind "attrs", "sdkschemamap"; one element for "attr", "sdkschema"
	// Merge marks a function that only merges its map arguments (Kind
	// "attrs" or "sdkschemamap"): a call to it is the union of its arguments.
	Merge bool
	// Unless is set when the value was followed on one side of a branch
	// only (`if opts.isDataSource { m = strip(m) }`): Resolved is then
	// false, and a call binds it from its argument (see Guard).
	Unless *Guard
	// Passes marks an attribute decorator (Kind "attr" or "sdkschema", see
	// decorators.go): the function returns its Passes-th parameter (1-based)
	// with at most the fields in Changes assigned.
	Passes  int
	Changes []string
	// AddsTo marks a function with no result (or returning that map) that
	// adds Attrs to the schema map that is its AddsTo-th parameter
	// (1-based, see adders.go).
	AddsTo int
	// Versions are the entries of a versioned schema map (Kind
	// "sdkversions", see versions.go).
	Versions []Versioned
}

// Guard names the parameter a helper's value depends on: the value holds
// where the parameter (Param, 1-based), or its field Field, equals When, and
// was then resolved as far as Resolved says; elsewhere a branch the
// evaluator did not follow may have changed anything.
type Guard struct {
	Param    int
	Field    string
	When     bool
	Resolved bool
}

func (g *Guard) String() string {
	s := fmt.Sprintf("param %d", g.Param)
	if g.Field != "" {
		s += "." + g.Field
	}
	return fmt.Sprintf("%s is %v", s, g.When)
}

func (*ValueFact) AFact() {}

func (f *ValueFact) String() string {
	if f.Unless != nil {
		g := *f
		g.Unless, g.Resolved = nil, f.Unless.Resolved
		return g.String() + " where " + f.Unless.String()
	}
	if !f.Resolved {
		return f.Kind + " unresolved"
	}
	if f.Merge {
		return f.Kind + " merger"
	}
	if f.AddsTo > 0 {
		return fmt.Sprintf("%s adds to param %d {%s}", f.Kind, f.AddsTo, attrsString(f.Attrs, false))
	}
	if f.Passes > 0 {
		return fmt.Sprintf("%s decorator of param %d changing %v", f.Kind, f.Passes, f.Changes)
	}
	if f.Kind == "schema" {
		return "schema " + f.Schema.String()
	}
	if f.Kind == "sdkversions" {
		return "sdkversions {" + versionsString(f.Versions) + "}"
	}
	return f.Kind + " {" + attrsString(f.Attrs, false) + "}"
}

// Upgrader is one entry of a framework UpgradeState map or SDK StateUpgraders list.
type Upgrader struct {
	Version        int64
	HasPriorSchema bool
	// Prior is the PriorSchema when it resolved completely; nil otherwise.
	Prior *Schema
	// Decodes lists the models the upgrader function reads req.State into
	// (req.State.Get(ctx, &m)), when the function could be seen.
	Decodes []Decode
	// ReadsState: the upgrader function reads req.State (framework).
	// ReadsStateKnown is false when the function body could not be seen.
	ReadsState, ReadsStateKnown bool
	Pos                         token.Pos
	// SDK: Upgrade is the upgrade function; PriorFrom names the resource
	// builder whose CoreConfigSchema().ImpliedType() the Type is (Prior is
	// then its schema, when resolved), "" for any other Type.
	Upgrade   FuncRef
	PriorFrom string
}

// Decode is a req.State.Get into a model: its qualified type and the call.
type Decode struct {
	Model string
	Pos   token.Pos
}

// Kind is what a provider's type is.
type Kind string

const (
	KindResource   Kind = "resource"
	KindDataSource Kind = "datasource"
	KindEphemeral  Kind = "ephemeral"
)

// FrameworkResource is a framework resource, data source or ephemeral resource type.
type FrameworkResource struct {
	Kind     Kind
	TypeName string
	// Interfaces lists the optional interfaces implemented:
	// ModifyPlan, ImportState, UpgradeState, MoveState, ValidateConfig,
	// ConfigValidators, Identity, Configure.
	Interfaces []string
	// Methods are the lifecycle methods defined (Create, Read, Update, Delete, ...).
	Methods []string
	// SchemaResolved is false when the Schema method could not be followed;
	// Schema then holds what was resolved, if anything.
	SchemaResolved bool
	Schema         Schema
	// Upgraders is meaningful when UpgradersResolved; HasUpgradeState tells
	// whether the UpgradeState method exists at all.
	HasUpgradeState   bool
	UpgradeStatePos   token.Pos
	UpgradersResolved bool
	Upgraders         []Upgrader
	// UpdateWritesState is "yes" when Update writes resp.State, "no" when it
	// certainly does not, "unknown" when resp escapes to other code.
	UpdateWritesState string
	UpdatePos         token.Pos
	// CreateWritesState is like UpdateWritesState, for Create.
	CreateWritesState string
	// ModifyPlanMayReplace is true when ModifyPlan may set resp.RequiresReplace
	// (it mentions RequiresReplace, or hands resp to other code).
	ModifyPlanMayReplace bool
	// Models are the model struct types bound through Get/Set calls, qualified.
	Models []string
	Pos    token.Pos
}

// Has reports whether the resource implements the named optional interface or method.
func (r *FrameworkResource) Has(name string) bool {
	for _, s := range r.Interfaces {
		if s == name {
			return true
		}
	}
	for _, s := range r.Methods {
		if s == name {
			return true
		}
	}
	return false
}

func (r *FrameworkResource) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", r.Kind, r.TypeName)
	if len(r.Interfaces) > 0 {
		fmt.Fprintf(&b, " implements(%s)", strings.Join(r.Interfaces, ","))
	}
	if !r.SchemaResolved {
		b.WriteString(" schema unresolved")
	} else {
		b.WriteString(" schema " + r.Schema.String())
	}
	if r.HasUpgradeState {
		if r.UpgradersResolved {
			vs := make([]string, len(r.Upgraders))
			for i, u := range r.Upgraders {
				vs[i] = fmt.Sprint(u.Version)
				if u.HasPriorSchema {
					vs[i] += "+prior"
				}
			}
			fmt.Fprintf(&b, " upgraders[%s]", strings.Join(vs, ","))
		} else {
			b.WriteString(" upgraders unresolved")
		}
	}
	if len(r.Models) > 0 {
		fmt.Fprintf(&b, " models(%s)", strings.Join(r.Models, ","))
	}
	return b.String()
}

// FrameworkResourceFact is attached to the named type of a framework resource.
type FrameworkResourceFact struct{ FrameworkResource }

func (*FrameworkResourceFact) AFact() {}

// FuncRef names the function assigned to one SDK lifecycle field.
type FuncRef struct {
	Field string // the field spelling used: Create, CreateContext, CreateWithoutTimeout
	// Func identifies the function: "pkg.Name", "(pkg.T).Name", or "" when it is
	// a function literal or an expression the model cannot name.
	Func string
	Pos  token.Pos
	// Lit is the position of the function literal when the field holds one,
	// directly or through a local variable assigned once (var read = func...).
	Lit token.Pos
	// Wrapper names the decorator the function is handed to, when the field
	// holds wrapper(f) (a retry, logging or not-found handler): "" if none.
	Wrapper string
}

// Key names the function for lookups by name (tfssa.ByName): Func, or
// LitKey of a function literal.
func (r FuncRef) Key() string {
	if r.Func != "" || !r.Lit.IsValid() {
		return r.Func
	}
	return LitKey(r.Lit)
}

// Name is how a finding names the function.
func (r FuncRef) Name() string {
	if r.Func == "" {
		return "a function literal"
	}
	return r.Func
}

// LitKey names the function literal at pos.
func LitKey(pos token.Pos) string { return fmt.Sprintf("func@%d", pos) }

// SDKResource is a *schema.Resource value of SDKv2, SDK v1 or legacy helper/schema.
type SDKResource struct {
	Name string // the function or variable that builds it, or the map key
	// SDK is "sdkv2", "sdkv1" or "legacy".
	SDK string
	// Kind is KindResource when a Create is set, else KindDataSource.
	Kind Kind
	// Funcs maps "Create", "Read", "Update", "Delete", "Exists" to the field used.
	Funcs          map[string]FuncRef
	SchemaResolved bool
	Schema         Schema // Version holds SchemaVersion
	// SchemaParam (1-based) is the building function's parameter the
	// Schema is, or whose entry SchemaKey it is when SchemaKeyed (a
	// versioned map); bound at the function's calls (see versions.go).
	SchemaParam int
	SchemaKey   int64
	SchemaKeyed bool
	// UpgradersResolved is false when StateUpgraders is set but not a literal.
	UpgradersResolved bool
	Upgraders         []Upgrader
	MigrateState      bool
	// Importer is "", "passthrough", "custom" or "unresolved".
	Importer string
	// ImportFunc is a custom importer's State/StateContext function (Func ""
	// for a function literal, found by Pos).
	ImportFunc    FuncRef
	CustomizeDiff bool
	// CustomizeDiffFuncs names the functions the CustomizeDiff expression
	// mentions (customdiff.All arguments, factories); CustomizeDiffSpan is
	// the expression's extent, holding any function literals.
	CustomizeDiffFuncs []string
	CustomizeDiffSpan  [2]token.Pos
	// CustomizeDiffKeys are the keys its customdiff combinators name
	// (ForceNewIfChange("k", ...)); CustomizeDiffFuncs then holds the
	// functions they run, literals by LitKey, not the combinators.
	CustomizeDiffKeys []DiffKey
	// Resolved is false when the value itself could not be followed.
	Resolved bool
	Pos      token.Pos
}

func (r *SDKResource) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "sdk %s %s", r.Kind, r.Name)
	ops := make([]string, 0, len(r.Funcs))
	for op, ref := range r.Funcs {
		ops = append(ops, op+"="+ref.Field)
	}
	sort.Strings(ops)
	fmt.Fprintf(&b, " funcs(%s)", strings.Join(ops, ","))
	if !r.SchemaResolved {
		b.WriteString(" schema unresolved")
	} else {
		b.WriteString(" schema " + r.Schema.String())
	}
	if len(r.Upgraders) > 0 || !r.UpgradersResolved {
		if !r.UpgradersResolved {
			b.WriteString(" upgraders unresolved")
		} else {
			vs := make([]string, len(r.Upgraders))
			for i, u := range r.Upgraders {
				vs[i] = fmt.Sprint(u.Version)
				if u.PriorFrom != "" {
					// The Type's resource builder; "?" when its schema is incomplete.
					vs[i] += "<" + u.PriorFrom[strings.LastIndex(u.PriorFrom, ".")+1:] + map[bool]string{true: "", false: "?"}[u.Prior != nil] + ">"
				}
			}
			fmt.Fprintf(&b, " upgraders[%s]", strings.Join(vs, ","))
		}
	}
	if r.MigrateState {
		b.WriteString(" migratestate")
	}
	if r.Importer != "" {
		b.WriteString(" importer=" + r.Importer)
	}
	if r.CustomizeDiff {
		b.WriteString(" customizediff")
		for _, k := range r.CustomizeDiffKeys {
			fmt.Fprintf(&b, " %s:%s", k.Effect, k.Key)
		}
	}
	return b.String()
}

// SDKResourceFact is attached to a function returning, or a variable holding,
// an SDK *schema.Resource.
type SDKResourceFact struct{ SDKResource }

func (*SDKResourceFact) AFact() {}

// ModelField is one tfsdk-tagged field of a model struct.
type ModelField struct {
	Tag    string // the tfsdk name
	Field  string // the Go field name (path through embedded structs: "Base.ID")
	GoType string
	// Nested is the qualified name of the model struct used by a nested
	// object, list, set or map field, if any.
	Nested string
}

// ModelFact is attached to struct types with tfsdk tags.
type ModelFact struct {
	Fields []ModelField
}

func (*ModelFact) AFact() {}

func (f *ModelFact) String() string {
	parts := make([]string, len(f.Fields))
	for i, fl := range f.Fields {
		parts[i] = fl.Tag + "=" + fl.Field
		if fl.Nested != "" {
			parts[i] += "(" + fl.Nested + ")"
		}
	}
	return "model{" + strings.Join(parts, " ") + "}"
}

// Field returns the field bound to a tfsdk name.
func (f *ModelFact) Field(tag string) (ModelField, bool) {
	for _, fl := range f.Fields {
		if fl.Tag == tag {
			return fl, true
		}
	}
	return ModelField{}, false
}
