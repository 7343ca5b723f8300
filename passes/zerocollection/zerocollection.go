package zerocollection

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/zerovalue"
)

// Analyzer reports models saved with a collection field at its zero value.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, m := range []string{"Create", "Update"} {
		for _, t := range tfssa.Targets(pass, model, funcs, m, facts.KindResource) {
			if !t.SDK {
				check(rep, t.FW, t.Name+"."+m, t.Fn)
			}
		}
	}
	return nil, nil
}

// check reports each resp.State.Set of a model fn builds itself with
// collection fields it never writes (zerovalue).
func check(rep *lint.Reporter, r *facts.FrameworkResource, name string, fn *ssa.Function) {
	for _, sv := range zerovalue.SavedUnset(fn, zerovalue.IsCollection) {
		var names, goNames []string
		for _, f := range sv.Fields {
			if zerovalue.SchemaHolds(r, f.Tag) {
				names = append(names, fmt.Sprintf("%s (%q)", f.GoName, f.Tag))
				goNames = append(goNames, f.GoName)
			}
		}
		if len(names) == 0 {
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: sv.Call.Pos(),
			Related: []analysis.RelatedInformation{lint.Related(sv.Alloc.Pos(), "the model is built here without %s", strings.Join(goNames, ", "))},
			Message: fmt.Sprintf("%s saves a model it built without setting %s: a list, set, map or object value left at its Go zero value has no element or attribute types, so resp.State.Set fails (\"Value Conversion Error\") whenever this runs, after the remote change was made; set each, to a typed null (types.ListNull(elemType), types.ObjectNull(attrTypes), ...) when there is no value", name, strings.Join(names, ", "))})
	}
}
