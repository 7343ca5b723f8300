// Package passes lists every analyzer of tflifecyclelint.
package passes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/passes/blockcount"
	"github.com/tflifecyclelint/tflifecyclelint/passes/configoverwrite"
	"github.com/tflifecyclelint/tflifecyclelint/passes/datasourceremove"
	"github.com/tflifecyclelint/tflifecyclelint/passes/incompleteimport"
	"github.com/tflifecyclelint/tflifecyclelint/passes/invalidschemaflags"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingforcenew"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingstateset"
	"github.com/tflifecyclelint/tflifecyclelint/passes/missingupgrader"
	"github.com/tflifecyclelint/tflifecyclelint/passes/planrewrite"
	"github.com/tflifecyclelint/tflifecyclelint/passes/readneverremoves"
	"github.com/tflifecyclelint/tflifecyclelint/passes/readnotfound"
	"github.com/tflifecyclelint/tflifecyclelint/passes/requestwrite"
	"github.com/tflifecyclelint/tflifecyclelint/passes/setnewnoncomputed"
	"github.com/tflifecyclelint/tflifecyclelint/passes/stalecomputed"
	"github.com/tflifecyclelint/tflifecyclelint/passes/unguardedunknown"
	"github.com/tflifecyclelint/tflifecyclelint/passes/unknowninstate"
	"github.com/tflifecyclelint/tflifecyclelint/passes/upgradermodel"
	"github.com/tflifecyclelint/tflifecyclelint/passes/usestatechanging"
)

// Docs returns the documentation of every check, in the order of Checks.
func Docs() []*lint.Doc {
	return []*lint.Doc{
		blockcount.Doc,
		configoverwrite.Doc,
		datasourceremove.Doc,
		incompleteimport.Doc,
		invalidschemaflags.Doc,
		missingforcenew.Doc,
		missingstateset.Doc,
		missingupgrader.Doc,
		planrewrite.Doc,
		readneverremoves.Doc,
		readnotfound.Doc,
		requestwrite.Doc,
		setnewnoncomputed.Doc,
		stalecomputed.Doc,
		unguardedunknown.Doc,
		unknowninstate.Doc,
		upgradermodel.Doc,
		usestatechanging.Doc,
	}
}

// Checks returns the analyzers that report contract violations.
func Checks() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		blockcount.Analyzer,
		configoverwrite.Analyzer,
		datasourceremove.Analyzer,
		incompleteimport.Analyzer,
		invalidschemaflags.Analyzer,
		missingforcenew.Analyzer,
		missingstateset.Analyzer,
		missingupgrader.Analyzer,
		planrewrite.Analyzer,
		readneverremoves.Analyzer,
		readnotfound.Analyzer,
		requestwrite.Analyzer,
		setnewnoncomputed.Analyzer,
		stalecomputed.Analyzer,
		unguardedunknown.Analyzer,
		unknowninstate.Analyzer,
		upgradermodel.Analyzer,
		usestatechanging.Analyzer,
	}
}

// Directives checks the //lintignore directives against the checks: unknown
// names, missing reasons, directives that silence nothing.
var Directives = lint.NewDirectivesAnalyzer(Checks()...)

// All returns the analyzers the driver runs: the checks, the directives
// check, plus providermodel so its -providermodel.debug flag is available (it
// reports nothing by default).
func All() []*analysis.Analyzer {
	return append(Checks(), Directives, facts.Analyzer)
}

// OptIn names the checks that run only when asked for (-<name>): heuristics
// whose precision on real providers is below the bar for the default set.
func OptIn() []string {
	return []string{readneverremoves.Doc.Name, usestatechanging.Doc.Name, configoverwrite.Doc.Name, stalecomputed.Doc.Name, blockcount.Doc.Name}
}
