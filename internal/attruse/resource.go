// Package attruse tells which attributes a resource's Create and Update read
// (send to the API) and which Read saves from the API, for the checks that
// compare them (updateignores, createignores).
package attruse

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Resource is what a resource's lifecycle functions do with its attributes.
type Resource struct {
	Name  string // the SDK resource's name or the framework type
	SDK   bool
	Attrs []facts.Attribute
	// Create is nil when it cannot create (no d.SetId, or a framework Create
	// that never writes state: an import-only resource).
	Create *ssa.Function
	// Update is nil when missing, the same function as Create, or when it (or a
	// CustomizeDiff) cannot be followed; Plan then holds the keys Update reads
	// plus those CustomizeDiff or ModifyPlan mention (they may force a new
	// resource or reject the change).
	Update *ssa.Function
	Read   *ssa.Function
	// Delete is the framework Delete method, when built in this package
	// (nil for SDK resources).
	Delete       *ssa.Function
	CreateReads  Keys // Create (Read excluded); Dynamic: cannot say
	UpdateReads  Keys
	PlanMentions Keys
	DiffMentions Keys // CustomizeDiff or ModifyPlan alone
	ReadSaves    Keys // keys Read saves a value of the API's under
	ReadReads    Keys // keys Read reads (a lookup parameter, a kept prior value)
	CreateSaves  Keys // keys Create saves a value of the API's under
	// Model is the package's provider model: facts about helpers of
	// other packages.
	Model *facts.Model
}

// SDKResource builds r's usage, or nil when r or its Update cannot be followed.
func SDKResource(model *facts.Model, r *facts.SDKResource, byName map[string]*ssa.Function) *Resource {
	if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved || !r.Schema.Complete {
		return nil
	}
	create, read, update := byName[r.Funcs["Create"].Key()], byName[r.Funcs["Read"].Key()], byName[r.Funcs["Update"].Key()]
	// A function that only hands d to a retry wrapper: the one it runs.
	for _, f := range []**ssa.Function{&create, &read, &update} {
		if *f != nil {
			*f = tfssa.Forwarded(*f, model)
		}
	}
	// Both checks compare with Update: without one to follow there is
	// nothing to walk.
	if create == nil || read == nil || update == nil || update == create {
		return nil
	}
	u := &Resource{Name: r.Name, SDK: true, Attrs: r.Schema.Attributes, Read: read, Model: model}
	u.UpdateReads = SDK(update, read, Uses, model)
	u.PlanMentions = u.UpdateReads
	if r.CustomizeDiff {
		if len(r.CustomizeDiffFuncs) == 0 && len(r.CustomizeDiffKeys) == 0 {
			return nil
		}
		for _, name := range r.CustomizeDiffFuncs {
			fn := byName[name]
			if fn == nil {
				return nil // a change may be forced where we cannot see
			}
			k := SDK(fn, nil, Uses, model)
			u.PlanMentions, u.DiffMentions = Merge(u.PlanMentions, k), Merge(u.DiffMentions, k)
		}
		// A combinator's key (ForceNewIfChange("k", ...)) is one the diff
		// may force new, plan unknown, reject or test, like a d.Get there.
		k := DiffKeys(r)
		u.PlanMentions, u.DiffMentions = Merge(u.PlanMentions, k), Merge(u.DiffMentions, k)
	}
	if u.PlanMentions.Dynamic {
		return nil
	}
	u.Update = update
	u.ReadSaves = SDK(read, nil, SetsOnly, model)
	if u.ReadSaves.Dynamic {
		u.ReadSaves = SDK(read, nil, UsesSets, model) // d.Set with keys it is handed: any spelled key may be set
	}
	u.ReadReads = SDK(read, nil, Uses, model)
	u.CreateSaves = SDK(create, read, SetsOnly, model)
	u.CreateReads = SDK(create, read, Uses, model)
	if u.CreateReads.SetsID {
		u.Create = create
	}
	return u
}

// FrameworkResource builds r's usage, or nil when r or its Update cannot be
// followed.
func FrameworkResource(pass *analysis.Pass, r *facts.FrameworkResource, funcs map[*types.Func]*ssa.Function) *Resource {
	if r.Kind != facts.KindResource || !r.SchemaResolved || !r.Schema.Complete {
		return nil
	}
	method := func(name string) *ssa.Function { return funcs[facts.Method(pass.Pkg, r.TypeName, name)] }
	create, read, update := method("Create"), method("Read"), method("Update")
	// An Update that never writes state is missingforcenew's; a ModifyPlan
	// that may require replacement decides it itself. Both checks compare
	// with Update: without one to follow there is nothing to walk.
	if create == nil || read == nil || update == nil || r.ModifyPlanMayReplace || r.UpdateWritesState == "no" {
		return nil
	}
	u := &Resource{Name: r.TypeName, Attrs: r.Schema.Attributes, Read: read, Delete: method("Delete")}
	u.UpdateReads = Framework(update, read, false)
	u.PlanMentions = u.UpdateReads
	if mp := method("ModifyPlan"); mp != nil && !u.PlanMentions.Dynamic {
		u.DiffMentions = Framework(mp, nil, false)
		u.PlanMentions = Merge(u.PlanMentions, u.DiffMentions)
	}
	if u.PlanMentions.Dynamic {
		return nil
	}
	u.Update = update
	u.ReadSaves = Framework(read, nil, true)
	u.ReadReads = Framework(read, nil, false)
	u.CreateSaves = Framework(create, read, true)
	u.CreateReads = Framework(create, read, false)
	if r.CreateWritesState != "no" {
		u.Create = create
	}
	return u
}

// MayReplace: a plan modifier of a may ask for a new resource
// (RequiresReplace and its variants, a custom or unresolved modifier).
func MayReplace(a *facts.Attribute) bool {
	for _, m := range a.PlanModifiers {
		if strings.HasPrefix(m, "RequiresReplace") || m == "custom" || m == "unresolved" {
			return true
		}
	}
	return false
}

// Configurable: an attribute the user sets, whose flags are known.
func Configurable(a *facts.Attribute) bool {
	return (a.Required || a.Optional) && !a.Uncertain && !a.WriteOnly && a.Pos.IsValid()
}

// Flags names how a is configured: "Required", "Optional+Computed", "Optional".
func Flags(a *facts.Attribute) string {
	switch {
	case a.Required:
		return "Required"
	case a.Computed:
		return "Optional+Computed"
	}
	return "Optional"
}

// FuncName: "resourcePoolUpdate", or "T.Update" for a method.
func FuncName(fn *ssa.Function) string {
	if recv := fn.Signature.Recv(); recv != nil {
		if n := tfssa.StructName(recv.Type()); n != "" {
			return n[strings.LastIndex(n, ".")+1:] + "." + fn.Name()
		}
	}
	return fn.Name()
}

// NewAnalyzer makes the analyzer of a check that judges each resource's
// attribute usage.
func NewAnalyzer(doc *lint.Doc, judge func(*Resource) []lint.Finding) *analysis.Analyzer {
	return lint.NewAnalyzer(doc, func(pass *analysis.Pass) (any, error) {
		Report(pass, judge)
		return nil, nil
	}, tfssa.Requires...)
}

// Report runs judge on every resource of the package whose usage can be
// built, and reports its findings in source order, once per position.
func Report(pass *analysis.Pass, judge func(*Resource) []lint.Finding) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK|tfssa.Framework)
	if !ok {
		return
	}
	rep := lint.NewReporter(pass)
	byName, _ := tfssa.ByName(funcs)
	var all []lint.Finding
	for _, r := range model.Framework {
		if u := FrameworkResource(pass, r, funcs); u != nil {
			all = append(all, judge(u)...)
		}
	}
	for _, r := range model.SDK {
		if u := SDKResource(model, r, byName); u != nil {
			all = append(all, judge(u)...)
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Pos < all[j].Pos })
	reported := map[token.Pos]bool{}
	for _, f := range all {
		if !reported[f.Pos] {
			reported[f.Pos] = true
			rep.Report(f)
		}
	}
}

// DiffKeys: the keys r's customdiff combinators name, as mentions.
func DiffKeys(r *facts.SDKResource) Keys {
	k := newKeys()
	for _, dk := range r.CustomizeDiffKeys {
		k.Named[dk.Key] = true
		if _, ok := k.At[dk.Key]; !ok {
			k.At[dk.Key] = dk.Pos
		}
	}
	return k
}
