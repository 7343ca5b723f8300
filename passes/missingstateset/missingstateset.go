package missingstateset

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports Create/Update success paths that never write resp.State.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, t := range tfssa.Targets(pass, model, funcs, "Create", facts.KindResource) {
		if t.SDK {
			checkSDKCreate(rep, t.Name, t.Fn, t.Subject)
		}
	}
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource {
			continue
		}
		for _, method := range []string{"Create", "Update"} {
			if method == "Update" && r.UpdateWritesState == "no" {
				// An Update that never writes state is the "cannot update"
				// idiom; whether that is safe is missingforcenew's question.
				continue
			}
			if fn := facts.Method(pass.Pkg, r.TypeName, method); fn != nil && funcs[fn] != nil {
				check(rep, r, method, funcs[fn])
			}
		}
		if up := funcs[facts.Method(pass.Pkg, r.TypeName, "UpgradeState")]; up != nil && r.HasUpgradeState {
			for _, fn := range tfssa.Upgraders(up) {
				check(rep, r, "UpgradeState", fn)
			}
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, r *facts.FrameworkResource, method string, fn *ssa.Function) {
	if len(fn.Params) == 0 {
		return
	}
	typeName := r.TypeName
	resp := fn.Params[len(fn.Params)-1]
	w := respWrites{resp: resp}
	paths := flow.Unsettled(fn, flow.Question{Hit: w.hit, Fails: tfssa.FailsOrDelegates, FailedSucc: failedSucc})
	for _, p := range paths {
		var related []analysis.RelatedInformation
		for _, b := range p.Branches {
			if tfssa.FailedSucc(b.If) >= 0 && failedSucc(b.If) < 0 {
				related = append(related, lint.Related(b.Pos(), "these diagnostics hold an error here, but nothing hands them to resp.Diagnostics: the error is dropped and the return is a success"))
				continue
			}
			related = append(related, lint.Related(b.Pos(), "on this path the condition is %v", b.Taken))
		}
		if pos := w.firstWrite(fn); pos.IsValid() {
			related = append(related, lint.Related(pos, "resp.State is written here on other paths"))
		}
		if method == "UpgradeState" {
			rep.Report(lint.Finding{Rule: "UPGRADE-2", Pos: flow.Pos(fn, p.Return), Related: related,
				Message: fmt.Sprintf("a state upgrader of %s can return without an error and without setting resp.State or resp.DynamicValue: the framework copies nothing from the prior state, so it fails with \"Missing Upgraded Resource State\" on every state of that version", typeName)})
			continue
		}
		pos, when := flow.Pos(fn, p.Return), ""
		if decl, ok := fn.Syntax().(*ast.FuncDecl); ok && decl.Body != nil &&
			(errorPerElement(decl.Body, pos) || failedResult(rep.Pass().TypesInfo, rep.Pass().Files, decl.Body, pos)) {
			continue
		}
		if method == "Update" {
			guard, uncovered, cond := updateGuard(rep.Pass().TypesInfo, r, fn, pos)
			if guard && len(uncovered) == 0 {
				continue // Terraform never calls Update when nothing changed
			}
			if guard {
				which := names(uncovered)
				if len(uncovered) > 1 {
					which = "one of " + which
				}
				when = fmt.Sprintf(" (when only %s changes, Terraform calls Update and this no-change test holds)", which)
				related = append(related, lint.Related(cond.Pos(), "this test does not compare %s", names(uncovered)))
			}
		}
		rep.Report(lint.Finding{Rule: "APPLY-3", Pos: pos, Related: related,
			Message: fmt.Sprintf("%s.%s can return without an error and without writing resp.State%s: %s", typeName, method, when, consequence(method))})
	}
}

// names lists a few attribute names, then how many more.
func names(attrs []string) string {
	const max = 4
	if len(attrs) <= max {
		return strings.Join(attrs, ", ")
	}
	return fmt.Sprintf("%s (or %d more)", strings.Join(attrs[:max], ", "), len(attrs)-max)
}

// updateGuard applies noChangeGuard to a framework Update's return at pos.
func updateGuard(info *types.Info, r *facts.FrameworkResource, fn *ssa.Function, pos token.Pos) (bool, []string, ast.Expr) {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return false, nil, nil
	}
	// With a schema not (fully) resolved, only the attributes known to change
	// in place can show the test incomplete; otherwise the check stays quiet.
	return noChangeGuard(info, decl.Body, pos, &r.Schema)
}

// consequence: the framework hands Create a null resp.State and fails the
// apply when it is still null; it hands Update the prior state, which then
// goes back to Terraform where the plan promised the new values.
func consequence(method string) string {
	if method == "Update" {
		return "the framework then returns the prior state, and Terraform fails with \"Provider produced inconsistent result after apply\" on the values the plan changed"
	}
	return fmt.Sprintf("the framework then fails with \"Missing Resource State After %s\"", method)
}
