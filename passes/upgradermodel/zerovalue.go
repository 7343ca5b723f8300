package upgradermodel

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/zerovalue"
)

func reportUnset(rep *lint.Reporter, r *facts.FrameworkResource, setPos token.Pos, alloc *ssa.Alloc, fields []zerovalue.Field, model string) {
	var names, goNames []string
	for _, f := range fields {
		if zerovalue.SchemaHolds(r, f.Tag) {
			names = append(names, fmt.Sprintf("%s (%q)", f.GoName, f.Tag))
			goNames = append(goNames, f.GoName)
		}
	}
	if len(names) == 0 {
		return
	}
	rep.Report(lint.Finding{Rule: "UPGRADE-2", Pos: setPos,
		Related: []analysis.RelatedInformation{lint.Related(alloc.Pos(), "%s is built here without %s", model, strings.Join(goNames, ", "))},
		Message: fmt.Sprintf("a state upgrader of %s saves %s without setting %s: a list, set, map or object value left at its Go zero value has no element or attribute types, so resp.State.Set fails (\"Value Conversion Error\") on every upgrade; set each, to a typed null (types.MapNull(elemType), types.ObjectNull(attrTypes), ...) when the prior state has no value",
			r.TypeName, model, strings.Join(names, ", "))})
}
