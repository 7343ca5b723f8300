package createignores

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports configurable attributes Create never sends.
var Analyzer = attruse.NewAnalyzer(Doc, findings)

// findings: attributes Update sends and Read saves from the API that Create
// never mentions. That Update sends it is the evidence that it is an input,
// not an output declared Optional.
func findings(u *attruse.Resource) []lint.Finding {
	if u.Create == nil || u.Update == nil || u.CreateReads.Dynamic {
		return nil
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		if !attruse.Configurable(a) || u.CreateReads.Named[a.Name] || !u.UpdateReads.Named[a.Name] || !u.ReadSaves.Named[a.Name] {
			continue
		}
		out = append(out, finding(u, a))
	}
	return out
}

func finding(u *attruse.Resource, a *facts.Attribute) lint.Finding {
	related := []analysis.RelatedInformation{
		lint.Related(u.Create.Pos(), "%s, and the package functions it calls, never read %q", attruse.FuncName(u.Create), a.Name),
	}
	if at := u.UpdateReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%s reads it here", attruse.FuncName(u.Update)))
	}
	if at := u.ReadSaves.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "Read saves %q from the remote object here", a.Name))
	}
	return lint.Finding{Rule: "APPLY-2", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s is configurable (%s) and %s sends it, but %s never reads it: the configured value never reaches the API on creation, and Read then saves what the API chose, so state differs from the configuration after apply; send it in Create (or apply it right after creating)", a.Name, u.Name, attruse.Flags(a), attruse.FuncName(u.Update), attruse.FuncName(u.Create))}
}
