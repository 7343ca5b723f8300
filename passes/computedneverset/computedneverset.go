package computedneverset

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK Computed attributes no lifecycle function sets.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	byName, _ := tfssa.ByName(funcs)
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved || !r.Schema.Complete || r.Pos == 0 {
			continue
		}
		fns, ok := lifecycle(r, byName, model)
		if !ok {
			continue
		}
		filled := attruse.DiffKeys(r) // a combinator's key is spelled there
		for _, fn := range fns {
			filled = attruse.Merge(filled, attruse.SDK(fn, nil, attruse.Fills, model))
		}
		if filled.Dynamic {
			continue // d.Set with a key built at run time: any may be set
		}
		for _, a := range r.Schema.Attributes {
			if neverFilled(a, filled) {
				rep.Report(finding(r, a, fns))
			}
		}
	}
	return nil, nil
}

// lifecycle gives the functions that may fill or use an attribute: Create,
// Read, Update, Delete, the custom importer and CustomizeDiff's functions; ok is false
// when one of them cannot be followed.
func lifecycle(r *facts.SDKResource, byName map[string]*ssa.Function, model *facts.Model) (fns []*ssa.Function, ok bool) {
	// Delete counts too: an Optional+Computed delete-time option is used
	// as configured.
	for _, m := range []string{"Create", "Read", "Update", "Delete"} {
		ref, has := r.Funcs[m]
		fn := byName[ref.Key()]
		switch {
		case !has && m == "Update", m == "Delete" && fn == nil:
			continue // no Update; a Delete of the SDK's own (schema.NoopContext)
		case fn == nil:
			return nil, false
		}
		fn = tfssa.Forwarded(fn, model)
		if m == "Read" && tfssa.AlwaysFails(fn) {
			return nil, false // a retired API: nothing is ever saved
		}
		fns = append(fns, fn)
	}
	switch r.Importer {
	case "", "passthrough":
	case "custom":
		fn := byName[r.ImportFunc.Key()]
		if fn == nil {
			return nil, false
		}
		fns = append(fns, fn)
	default:
		return nil, false
	}
	if r.CustomizeDiff {
		if len(r.CustomizeDiffFuncs) == 0 && len(r.CustomizeDiffKeys) == 0 {
			return nil, false
		}
		for _, name := range r.CustomizeDiffFuncs {
			fn := byName[name]
			if fn == nil {
				return nil, false
			}
			fns = append(fns, fn)
		}
	}
	return fns, true
}

// neverFilled: a Computed attribute (Optional+Computed too) whose name the
// lifecycle functions never spell. Deprecated ones are often left empty on
// purpose.
func neverFilled(a facts.Attribute, filled attruse.Keys) bool {
	if !a.Computed || a.Required || a.Uncertain || a.Deprecated || a.Name == "id" || filled.Named[a.Name] {
		return false
	}
	// Optional+Computed secrets are often write-only by design.
	return !a.Optional || !a.Sensitive
}

func finding(r *facts.SDKResource, a facts.Attribute, fns []*ssa.Function) lint.Finding {
	rel := []analysis.RelatedInformation{lint.Related(r.Pos, "resource declared here")}
	for i, m := range []string{"Create", "Read"} {
		rel = append(rel, lint.Related(fns[i].Pos(), "%s (%s) never sets it", m, fns[i].Name()))
	}
	pos := a.Pos
	if !pos.IsValid() {
		pos = r.Pos // declared in another package
	}
	what := "the plan promises a value Terraform never gets, the state holds it empty after every apply and import, and whatever refers to it reads nothing"
	flags := "Computed"
	if a.Optional {
		flags = "Optional and Computed"
		what = "when the configuration leaves it out, the plan promises the remote value and the state holds it empty after every apply, an import never fills it, and a configured value is neither sent nor read back"
	}
	return lint.Finding{Rule: "APPLY-1", Pos: pos, Related: rel,
		Message: fmt.Sprintf("%q of %s is %s, but no function of the resource sets it (Create, Read, Update, the importer and CustomizeDiff never name it): %s; set it from the API's answer in Read, or remove it from the schema", a.Name, r.Name, flags, what)}
}
