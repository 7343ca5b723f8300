package updateignores

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports attributes that change in place while Update never reads them.
var Analyzer = attruse.NewAnalyzer(Doc, findings)

// findings: attributes Create sends and Read (or Create) saves from the API,
// that can change in place while Update, CustomizeDiff and ModifyPlan never
// mention them. That Create sends it is the evidence that it is an input, not
// an output declared Optional.
func findings(u *attruse.Resource) []lint.Finding {
	if u.Update == nil {
		return nil
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		if !attruse.Configurable(a) || replaces(a) || a.Normalised { // a DiffSuppressFunc may hide every change
			continue
		}
		// SDK Create may save what the API generated (d.Set("csr", generated));
		// a framework Create saving a field mostly echoes the plan.
		remote := u.ReadSaves.Named[a.Name] || u.SDK && u.CreateSaves.Named[a.Name]
		if !remote || !u.CreateReads.Named[a.Name] {
			continue
		}
		// Update only testing it (d.Get("type") == "log alert") decides
		// which other attributes it sends, never sends this one.
		var tested token.Pos
		if u.PlanMentions.Named[a.Name] {
			if !u.SDK || u.DiffMentions.Named[a.Name] {
				continue
			}
			how := "tested"
			if tested = onlyTested(u.Update, u.Read, a.Name); !tested.IsValid() {
				how = "cleared"
				if tested = onlyCleared(u.Update, u.Read, a.Name); !tested.IsValid() {
					continue
				}
			}
			out = append(out, finding(u, a, tested, how))
			continue
		}
		out = append(out, finding(u, a, token.NoPos, ""))
	}
	return out
}

// replaces: a change of a forces a new resource (SDK ForceNew, also through
// a Required nested attribute — every element has it, so a changed element
// changes it and the SDK's diff asks for a new resource; an Optional nested
// ForceNew left unset in every element does not), or a plan modifier may
// decide (RequiresReplace, custom, unresolved). An SDK block's own ForceNew
// covers only its element count (inPlaceInside).
func replaces(a *facts.Attribute) bool {
	if attruse.MayReplace(a) {
		return true
	}
	for i := range a.Nested {
		if a.Nested[i].ForceNew && a.Nested[i].Required {
			return true
		}
	}
	return a.ForceNew && (!a.Block || inPlaceInside(a) == nil)
}

// inPlaceInside: a configurable attribute of block a whose change is planned
// in place. The SDK (v1, v2 and the legacy helper/schema alike: diffList and
// diffSet) gives a block's ForceNew only to its count key "a.#", and diffs
// each attribute of an element with the attribute's own schema; so a changed
// value inside an element requires a new resource only when that attribute
// is ForceNew itself. Nil when there is none, or it cannot be told.
func inPlaceInside(a *facts.Attribute) *facts.Attribute {
	for i := range a.Nested {
		n := &a.Nested[i]
		if attruse.Configurable(n) && !n.Normalised && !replaces(n) {
			return n
		}
	}
	return nil
}

func finding(u *attruse.Resource, a *facts.Attribute, tested token.Pos, kind string) lint.Finding {
	how, fix := "no RequiresReplace", "add RequiresReplace"
	if u.SDK {
		how, fix = "not ForceNew", "mark it ForceNew"
	}
	related := []analysis.RelatedInformation{lint.Related(u.Update.Pos(), "%s, and the package functions it calls, never read %q", attruse.FuncName(u.Update), a.Name)}
	reads := "never reads it"
	switch kind {
	case "tested":
		related[0] = lint.Related(tested, "%s only tests %q here, to decide which other attributes it reads; it never sends it", attruse.FuncName(u.Update), a.Name)
		reads = "only tests it and never sends it"
	case "cleared":
		related[0] = lint.Related(tested, "the request builder %s calls puts %q into a field here, which %s clears before sending the request", attruse.FuncName(u.Update), a.Name, attruse.FuncName(u.Update))
		reads = "clears it from the request before sending it"
	}
	if a.ForceNew {
		// Only a block's count forces a new resource: name what changes in place.
		n := inPlaceInside(a)
		how = fmt.Sprintf("ForceNew, but a block's ForceNew replaces the resource only when its number of elements changes, and %q inside it is not ForceNew", a.Name+"."+n.Name)
		fix = "mark the attributes inside it ForceNew"
		related = append(related, lint.Related(n.Pos, "%s.%s is not ForceNew: a change to it is planned as an update in place", a.Name, n.Name))
	}
	if at := u.CreateReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "Create sends %q", a.Name))
	}
	if at := u.ReadSaves.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%q is saved from the remote object here, so the old value comes back", a.Name))
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, %s), but %s %s: a changed value is planned as an update that never reaches the API, and the next Read brings the old value back; send it in Update, or %s", a.Name, u.Name, attruse.Flags(a), how, attruse.FuncName(u.Update), reads, fix)}
}
