package checkgen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var validName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// Scaffold writes a new check NAME under root: passes/NAME/{doc.go, NAME.go,
// NAME_test.go} and testdata/src/NAME/NAME.go, a fixture with one finding.
// The check reports nothing useful yet; it compiles, is documented and its
// test passes, so the author starts from a green state.
func Scaffold(root, name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("check name %q: want lower-case letters and digits, like missingforcenew", name)
	}
	pass := filepath.Join(root, "passes", name)
	if _, err := os.Stat(pass); err == nil {
		return fmt.Errorf("%s exists", pass)
	}
	files := map[string]string{
		filepath.Join(pass, "doc.go"):                            docTmpl,
		filepath.Join(pass, name+".go"):                          passTmpl,
		filepath.Join(pass, name+"_test.go"):                     testTmpl,
		filepath.Join(root, "testdata", "src", name, name+".go"): fixtureTmpl,
	}
	for path, tmpl := range files {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(tmpl, "NAME", name)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

const docTmpl = `// Package NAME defines an Analyzer that reports TODO (RULE-N).
//
// See [Doc] for what it reports and why; docs/checks/NAME.md is generated from it.
package NAME

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:     "NAME",
	Title:    "TODO: what the check reports, as a noun phrase",
	Rules:    []rules.ID{"APPLY-1"}, // TODO: the rule it enforces
	Why:      ` + "`TODO: what the provider's user meets when the rule is broken, and what the check follows.`" + `,
	Bad:      ` + "`TODO: a short snippet with the bug`" + `,
	Good:     ` + "`TODO: the same snippet, fixed`" + `,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "TODO: one sentence for the README's table",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
`

const passTmpl = `package NAME

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports TODO.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[facts.Analyzer].(*facts.Model)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, r := range model.Framework {
		// TODO: the check. This placeholder reports every framework resource.
		rep.Report(lint.Finding{Rule: Doc.Rules[0], Pos: r.Pos, Message: "TODO: " + r.TypeName})
	}
	return nil, nil
}
`

const testTmpl = `package NAME_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/passes/NAME"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(), NAME.Analyzer, "./NAME/...")
}
`

const fixtureTmpl = `package NAME

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

type widget struct{} // want ` + "`APPLY-1: TODO: widget`" + `

func (widget) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (widget) Schema(context.Context, resource.SchemaRequest, *resource.SchemaResponse)       {}
func (widget) Create(context.Context, resource.CreateRequest, *resource.CreateResponse)       {}
func (widget) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)             {}
func (widget) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse)       {}
func (widget) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse)       {}

var _ resource.Resource = widget{}
`
