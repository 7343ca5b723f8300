package incompleteimport

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// checkFrameworkNeverSet is IMPORT-3 for the framework: after
// ImportStatePassthroughID the state holds only the attribute the ID went
// into, and Read fills the rest. An attribute Read never assigns stays null,
// so the first plan that configures it replaces the object (RequiresReplace)
// or, with -incompleteimport.required, updates it (Required).
func checkFrameworkNeverSet(rep *lint.Reporter, r *facts.FrameworkResource, w importWrites, read *ssa.Function) {
	if !r.SchemaResolved || !r.Schema.Complete {
		return
	}
	saves := attruse.Framework(read, nil, true)
	if saves.Dynamic || !savesAny(r, saves, w) {
		return // Read's model goes out of sight, or Read refreshes nothing
	}
	var replaced, updated, defaulted []string
	for _, a := range r.Schema.Attributes {
		switch {
		case a.Uncertain || a.Block || a.Sensitive || a.WriteOnly || saves.Named[a.Name] || saves.Consts[a.Name] || w.names[a.Name]:
			// Secrets: APIs seldom return them, no Read can fill them.
		case a.HasPlanModifier("RequiresReplace") && a.Required:
			replaced = append(replaced, a.Name+"\x00Required, RequiresReplace")
		case a.HasPlanModifier("RequiresReplace") && optionalComputed(a):
			replaced = append(replaced, a.Name+"\x00Optional, Computed, RequiresReplace")
		case a.Optional && a.Computed && a.HasDefault:
			defaulted = append(defaulted, a.Name)
		case a.Required:
			updated = append(updated, a.Name)
		}
	}
	related := []analysis.RelatedInformation{
		lint.Related(w.pos, "ImportStatePassthroughID sets only the attribute the ID goes into"),
	}
	imported := r.TypeName + " is imported with ImportStatePassthroughID, which sets only the attribute the ID goes into"
	reportNeverSet(rep, read.Pos(), related, imported, replaced, updated)
	reportDefaultedNeverSet(rep, read.Pos(), related, imported, defaulted)
}

// savesAny: Read assigns some attribute besides the one import sets.
func savesAny(r *facts.FrameworkResource, saves attruse.Keys, w importWrites) bool {
	for _, a := range r.Schema.Attributes {
		if saves.Named[a.Name] && !w.names[a.Name] {
			return true
		}
	}
	return false
}
