package mutableid

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports attributes an SDK resource's ID is built from that can
// change in place while Update never sets a new ID.
var Analyzer = attruse.NewAnalyzer(Doc, findings)

// findings: configurable attributes, not ForceNew, that Create builds the ID
// from, whose change never gives the resource a new ID — whether Update
// reads them (it sends or addresses with the new value) or not (the change
// never reaches the object) — while Read finds the object through the ID
// alone (it never reads the attribute).
func findings(u *attruse.Resource) []lint.Finding {
	if u.Create == nil || u.Update == nil || u.Read == nil || u.ReadReads.Dynamic {
		return nil
	}
	var ids, echoed map[string]token.Pos
	if u.SDK {
		ids, echoed = attruse.IDSources(u.Create), attruse.EchoedIDSources(u.Create, u.Read, false)
		for k, at := range echoed {
			if _, built := ids[k]; !built {
				ids[k] = at
			} else {
				delete(echoed, k)
			}
		}
		if len(ids) == 0 || attruse.SetsID(u.Update) || !attruse.ReadsID(u.Read) {
			return nil
		}
	} else {
		ids = fwIDSources(u.Create)
		if len(ids) == 0 || fwSetsID(u.Update) || !u.ReadReads.Named["id"] {
			return nil
		}
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		at, fromID := ids[a.Name]
		if !fromID || !attruse.Configurable(a) || a.ForceNew || a.Computed || attruse.MayReplace(a) {
			continue
		}
		// Update never reading it drops the change as surely: the object
		// keeps the old value under the old ID. Left to updateignores when
		// Read saves it from the API; left alone when Update's reads cannot
		// be told.
		if !u.UpdateReads.Named[a.Name] && (u.UpdateReads.Dynamic || u.ReadSaves.Named[a.Name] && u.CreateReads.Named[a.Name]) {
			continue
		}
		// Read looking it up, or a CustomizeDiff that may force a new
		// resource. Read mentioning the key of an ID it saves from the
		// API's answer may be a nested field's (m["name"]): only its d.Get
		// counts.
		_, echo := echoed[a.Name]
		lookup := u.ReadReads.Named[a.Name]
		if echo {
			lookup = attruse.GetsKey(u.Read, a.Name)
		}
		if lookup || u.DiffMentions.Named[a.Name] {
			continue
		}
		out = append(out, finding(u, a, at, echo))
	}
	return out
}

// fwIDSources: the tfsdk tags of the model fields a framework Create (and
// the package functions it calls) builds the "id" field from
// (types.StringValue(plan.ServerID.ValueString()), formatted or joined),
// with the store.
func fwIDSources(create *ssa.Function) map[string]token.Pos {
	out := map[string]token.Pos{}
	tfssa.EachInstr(create, 2, true, func(instr ssa.Instruction) {
		st, ok := instr.(*ssa.Store)
		if !ok || !storesID(st) {
			return
		}
		for tag := range modelflow.FieldSources(st.Val, false) {
			if _, seen := out[tag]; !seen && tag != "id" {
				out[tag] = st.Pos()
			}
		}
	})
	return out
}

func storesID(st *ssa.Store) bool {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	return ok && modelflow.FieldTag(fa) == "id"
}

// fwSetsID: fn stores into "id" a value built from some other field (a new
// ID), not only the ID it already had.
func fwSetsID(fn *ssa.Function) bool {
	found := false
	tfssa.EachInstr(fn, 2, true, func(instr ssa.Instruction) {
		if st, ok := instr.(*ssa.Store); ok && storesID(st) && modelflow.LoadedTag(st.Val) != "id" {
			found = true
		}
	})
	return found
}

func finding(u *attruse.Resource, a *facts.Attribute, setID token.Pos, echo bool) lint.Finding {
	if !u.SDK {
		return fwFinding(u, a, setID)
	}
	related := []analysis.RelatedInformation{lint.Related(setID, "Create builds the ID from %q here", a.Name)}
	src := "Create builds the resource ID from it"
	if echo {
		related[0] = lint.Related(setID, "Create sets the ID to the field of the API's object that Read saves in %q", a.Name)
		src = "its value is the resource ID (Create sets the ID to the field of the API's object that Read saves in it)"
	}
	uses := u.UpdateReads.At[a.Name]
	if echo {
		uses = attruse.GetAt(u.Update, a.Name, false) // the key may name a nested field elsewhere
	}
	if uses.IsValid() {
		related = append(related, lint.Related(uses, "%s uses the new value here, but never sets a new ID", attruse.FuncName(u.Update)))
	}
	related = append(related, lint.Related(u.Read.Pos(), "%s finds the object through the ID and never reads %q", attruse.FuncName(u.Read), a.Name))
	if !u.UpdateReads.Named[a.Name] {
		related = append(related, lint.Related(u.Update.Pos(), "%s never reads %q and keeps the ID", attruse.FuncName(u.Update), a.Name))
		return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
			Message: fmt.Sprintf("%q of %s can change in place (%s, not ForceNew), but %s and %s neither reads it nor sets a new ID: a change is planned as an update that never reaches the object, which keeps the old value under the old ID; mark it ForceNew, or move the object and give it its new ID in Update", a.Name, u.Name, attruse.Flags(a), src, attruse.FuncName(u.Update))}
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, not ForceNew), but %s and %s never sets a new one: after a change, Read still finds the object by the old ID and brings the old value back; mark it ForceNew, or give the resource its new ID in Update", a.Name, u.Name, attruse.Flags(a), src, attruse.FuncName(u.Update))}
}

func fwFinding(u *attruse.Resource, a *facts.Attribute, setID token.Pos) lint.Finding {
	related := []analysis.RelatedInformation{lint.Related(setID, "Create builds the ID from %q here", a.Name)}
	if at := u.UpdateReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%s uses the new value here, but keeps the old ID", attruse.FuncName(u.Update)))
	}
	related = append(related, lint.Related(u.Read.Pos(), "%s finds the object through the ID and never reads %q", attruse.FuncName(u.Read), a.Name))
	if !u.UpdateReads.Named[a.Name] {
		related = append(related, lint.Related(u.Update.Pos(), "%s never reads %q and keeps the ID", attruse.FuncName(u.Update), a.Name))
		return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
			Message: fmt.Sprintf("%q of %s can change in place (%s, no RequiresReplace), but Create builds the resource ID from it and %s neither reads it nor sets a new ID: a change is planned as an update that never reaches the object, which keeps the old value under the old ID; add RequiresReplace, or move the object and give it its new ID in Update", a.Name, u.Name, attruse.Flags(a), attruse.FuncName(u.Update))}
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, no RequiresReplace), but Create builds the resource ID from it and %s keeps the old one: after a change, Read still finds the object by the old ID and brings the old value back; add RequiresReplace, or give the resource its new ID in Update", a.Name, u.Name, attruse.Flags(a), attruse.FuncName(u.Update))}
}
