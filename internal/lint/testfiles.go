package lint

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ReportTestFiles keeps findings in _test.go files. Off by default: resources
// declared there belong to test harness providers, which users never install.
// The providermodel analyzer binds it to its -tests flag.
var ReportTestFiles bool

// skipTestFiles wraps run so that the pass's diagnostics positioned in a
// _test.go file are dropped, unless ReportTestFiles is set.
func skipTestFiles(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		if ReportTestFiles {
			return run(pass)
		}
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			if !inTestFile(pass.Fset, d.Pos) {
				pass.Report(d)
			}
		}
		return run(&p)
	}
}

func inTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
