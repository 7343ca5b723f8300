package incompleteimport

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports importers whose stub state lacks what Read needs (IMPORT-1)
// or what the configuration holds (IMPORT-3).
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// reportUpdates turns on IMPORT-3 for Required attributes that are not
// ForceNew. Off by default: on a triaged sample many were parameters the API
// never returns (passwords not marked Sensitive, delete-time options), which
// Read cannot fill.
var reportUpdates bool

// reportAnswered turns on IMPORT-3 for Required and Optional attributes an
// imported Read never sets while the object it fetched holds a field of the
// same name. Off by default: on a triaged corpus sample 16 of 25 were real;
// the others were request-only options kept in a struct shared with the
// request, and type discriminators.
var reportAnswered bool

func init() {
	Analyzer.Flags.BoolVar(&reportUpdates, "required", false, "also report Required attributes (not ForceNew) a passthrough-imported Read never sets")
	Analyzer.Flags.BoolVar(&reportAnswered, "answered", false, "also report Required and Optional attributes an imported Read never sets though the object it fetches has a field of that name")
}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.Has("ImportState") {
			continue
		}
		imp := funcs[facts.Method(pass.Pkg, r.TypeName, "ImportState")]
		read := funcs[facts.Method(pass.Pkg, r.TypeName, "Read")]
		checkFramework(rep, r, imp, read)
	}
	checkSDK(rep, model, funcs)
	return nil, nil
}
