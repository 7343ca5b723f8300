package neversent

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports configurable attributes neither Create nor Update sends
// while Read saves them from the API.
var Analyzer = attruse.NewAnalyzer(Doc, findings)

// findings: a configurable, non-Computed attribute that Read saves from the
// API while Create, Update, CustomizeDiff/ModifyPlan and Read itself never
// read it. Whether it was meant as an input (never applied) or as an output
// (declared configurable), the configuration and the state disagree.
func findings(u *attruse.Resource) []lint.Finding {
	if u.Create == nil || u.Update == nil || u.CreateReads.Dynamic || u.ReadReads.Dynamic {
		return nil
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		if !attruse.Configurable(a) || a.Computed || a.Normalised || !u.ReadSaves.Named[a.Name] {
			continue
		}
		if u.CreateReads.Named[a.Name] || u.PlanMentions.Named[a.Name] || u.ReadReads.Named[a.Name] {
			continue
		}
		out = append(out, finding(u, a))
	}
	return out
}

func finding(u *attruse.Resource, a *facts.Attribute) lint.Finding {
	related := []analysis.RelatedInformation{
		lint.Related(u.Create.Pos(), "%s, and the package functions it calls, never read %q", attruse.FuncName(u.Create), a.Name),
		lint.Related(u.Update.Pos(), "%s, and the package functions it calls, never read %q", attruse.FuncName(u.Update), a.Name),
	}
	if at := u.ReadSaves.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "Read saves %q from the remote object here", a.Name))
	}
	return lint.Finding{Rule: "APPLY-2", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s is configurable (%s), but neither %s nor %s reads it while Read saves it from the API: a configured value never reaches the API and the state takes the API's instead; send it, or make it Computed only if it is an output", a.Name, u.Name, attruse.Flags(a), attruse.FuncName(u.Create), attruse.FuncName(u.Update))}
}
