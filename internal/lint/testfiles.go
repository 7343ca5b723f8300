package lint

import (
	"go/token"
	"strings"
)

// ReportTestFiles keeps findings in _test.go files. Off by default: resources
// declared there belong to test harness providers, which users never install.
// The providermodel analyzer binds it to its -tests flag.
var ReportTestFiles bool

func inTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
