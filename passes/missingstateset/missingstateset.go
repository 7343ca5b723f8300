package missingstateset

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Create/Update success paths that never write resp.State.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer, flow.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Create", "resource") {
		if t.SDK {
			checkSDKCreate(rep, t.Name, t.Fn, t.Subject)
		}
	}
	for _, r := range model.Framework {
		if r.Kind != "resource" {
			continue
		}
		for _, method := range []string{"Create", "Update"} {
			if method == "Update" && r.UpdateWritesState == "no" {
				// An Update that never writes state is the "cannot update"
				// idiom; whether that is safe is missingforcenew's question.
				continue
			}
			if fn := facts.Method(pass.Pkg, r.TypeName, method); fn != nil && funcs[fn] != nil {
				check(rep, r.TypeName, method, funcs[fn])
			}
		}
		if up := funcs[facts.Method(pass.Pkg, r.TypeName, "UpgradeState")]; up != nil && r.HasUpgradeState {
			for _, fn := range tfssa.Upgraders(up) {
				check(rep, r.TypeName, "UpgradeState", fn)
			}
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, typeName, method string, fn *ssa.Function) {
	if len(fn.Params) == 0 {
		return
	}
	resp := fn.Params[len(fn.Params)-1]
	w := respWrites{resp: resp}
	paths := flow.Unsettled(fn, flow.Question{Hit: w.hit, Fails: tfssa.FailsOrDelegates, FailedSucc: tfssa.FailedSucc})
	for _, p := range paths {
		var related []analysis.RelatedInformation
		for _, b := range p.Branches {
			related = append(related, lint.Related(b.Pos(), "on this path the condition is %v", b.Taken))
		}
		if pos := w.firstWrite(fn); pos.IsValid() {
			related = append(related, lint.Related(pos, "resp.State is written here on other paths"))
		}
		if method == "UpgradeState" {
			rep.Report(lint.Finding{Rule: "UPGRADE-2", Pos: flow.Pos(fn, p.Return), Related: related,
				Message: fmt.Sprintf("a state upgrader of %s can return without an error and without setting resp.State or resp.DynamicValue: the framework copies nothing from the prior state, so Terraform fails on every state of that version", typeName)})
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: flow.Pos(fn, p.Return), Related: related,
			Message: fmt.Sprintf("%s.%s can return without an error and without writing resp.State: %s", typeName, method, consequence(method))})
	}
}

// consequence: the framework (v1.3 and later at least) hands Create and
// Update a null resp.State and fails the apply when it is still null.
func consequence(method string) string {
	return fmt.Sprintf("the framework then fails with \"Missing Resource State After %s\"", method)
}
