package incompleteimport

import (
	"fmt"
	"go/token"

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
	if !r.SchemaResolved {
		return
	}
	saves := attruse.Framework(read, nil, true)
	if saves.Dynamic || !savesAny(r, saves, w) {
		return // Read's model goes out of sight, or Read refreshes nothing
	}
	var replaced, updated, defaulted, held []string
	for _, a := range r.Schema.Attributes {
		switch {
		case a.Uncertain || a.Sensitive || a.WriteOnly || w.names[a.Name]:
		case saves.Held[a.Name] && (a.Required || a.Optional):
			// Read can fill it from the API, but only refreshes a value
			// the state already holds: never after an import.
			held = append(held, a.Name)
		case !r.Schema.Complete || a.Block || saves.Named[a.Name] || saves.Consts[a.Name]:
			// Never set: judged only on a schema known whole. Secrets: APIs
			// seldom return them, no Read can fill them.
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
	imported, related := importedWith(r, w)
	reportNeverSet(rep, read.Pos(), related, imported, replaced, updated)
	reportDefaultedNeverSet(rep, read.Pos(), related, imported, defaulted)
	reportHeldOnly(rep, read.Pos(), related, imported, held)
}

// importedWith says what the import stub holds, with its evidence.
func importedWith(r *facts.FrameworkResource, w importWrites) (string, []analysis.RelatedInformation) {
	if w.pos.IsValid() {
		return r.TypeName + " is imported with ImportStatePassthroughID, which sets only the attribute the ID goes into",
			[]analysis.RelatedInformation{lint.Related(w.pos, "ImportStatePassthroughID sets only the attribute the ID goes into")}
	}
	var names []string
	for n := range w.names {
		names = append(names, n)
	}
	return fmt.Sprintf("%s.ImportState sets only %s", r.TypeName, quoteAll(sorted(names))), nil
}

// reportHeldOnly reports the configurable attributes Read refreshes only
// when the state already holds a value.
func reportHeldOnly(rep *lint.Reporter, pos token.Pos, related []analysis.RelatedInformation, imported string, held []string) {
	if len(held) == 0 {
		return
	}
	rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: pos, Related: related,
		Message: fmt.Sprintf("%s, but its Read sets %s only when the state already holds a value: after import the state has none, so Read never fills it and the first plan with the matching configuration is not empty; fill it from the API's answer when the state holds none (an import)", imported, quoteAll(sorted(held)))})
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
