package unknowninstate

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports unknown values that can reach resp.State.
var Analyzer = lint.NewAnalyzer(Doc, run, append([]*analysis.Analyzer{modelflow.FillsAnalyzer}, tfssa.Requires...)...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	fills := pass.ResultOf[modelflow.FillsAnalyzer].(modelflow.Fills)
	rep := lint.NewReporter(pass)
	seen := map[*ssa.Function]bool{}
	inert := attruse.CreateInert(pass, funcs)
	for _, r := range model.Framework {
		methods := []string{"Read"}
		if r.Kind == facts.KindResource {
			methods = []string{"Create", "Update", "Read"}
		} else if r.Kind != facts.KindDataSource {
			continue
		}
		if r.Kind == facts.KindResource && r.HasUpgradeState {
			if up := funcs[facts.Method(pass.Pkg, r.TypeName, "UpgradeState")]; up != nil {
				for _, fn := range tfssa.Upgraders(up) {
					if !seen[fn] {
						seen[fn] = true
						check(rep, r, "UpgradeState", fn, nil, nil, fills)
					}
				}
			}
		}
		for _, m := range methods {
			fn := funcs[facts.Method(pass.Pkg, r.TypeName, m)]
			if fn == nil || seen[fn] {
				continue
			}
			seen[fn] = true
			if m == "Update" && attruse.ReplacesOnEveryChange(r.Schema.Attributes) {
				continue // Update is never called
			}
			check(rep, r, m, fn, attruse.PlanWrites(pass, funcs, r), inert, fills)
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, r *facts.FrameworkResource, method string, fn *ssa.Function, modified, inert func(string) bool, fills modelflow.Fills) {
	spec := modelflow.Spec{Fills: fills}
	rule := rules.ID("READ-1")
	switch method {
	case "UpgradeState":
		rule = "UPGRADE-1"
	case "Create", "Update":
		spec.Candidates = attruse.UnknownCandidates(r, method, modified, inert)
		rule = "APPLY-1"
	}
	attrWrites, anyWrite := setAttributes(fn)
	reported := map[string]bool{}
	for _, s := range modelflow.Run(fn, spec) {
		for _, attr := range sorted(s.Attrs) {
			t := s.Attrs[attr]
			if reported[attr] || (s.Call.Call.StaticCallee().Name() == "Set" && (anyWrite || attrWrites[attr])) {
				continue
			}
			if t.Via != token.NoPos && !spec.Candidates[attr] {
				continue // rebuilt under another name: not known to be unknown
			}
			reported[attr] = true
			rep.Report(finding(r, method, rule, attr, t, s.Call))
		}
	}
}

func finding(r *facts.FrameworkResource, method string, rule rules.ID, attr string, t modelflow.Taint, call *ssa.Call) lint.Finding {
	if t.Unknown {
		return lint.Finding{Rule: rule, Pos: call.Pos(),
			Message: fmt.Sprintf("%s.%s can save an unknown value (types.XxxUnknown()) as %q in resp.State: Terraform requires a wholly known state after %s and fails with %q", r.TypeName, method, attr, after(method), rejection(method)),
			Related: []analysis.RelatedInformation{lint.Related(t.Pos, "the unknown value is made here")}}
	}
	if t.Via != token.NoPos {
		return rebuilt(r, method, rule, attr, t, call)
	}
	if t.Guard.IsValid() {
		return lint.Finding{Rule: rule, Pos: call.Pos(),
			Message: fmt.Sprintf("%s.%s can save %q (Computed) to resp.State while it still holds the plan's value, which is unknown when the configuration does not set it: the value is filled only where x.IsNull() holds, and the plan of a Computed attribute with no Default is never null, so Terraform fails with \"Provider returned invalid result object after apply\"; test x.IsNull() || x.IsUnknown()", r.TypeName, method, attr),
			Related: []analysis.RelatedInformation{
				lint.Related(t.Pos, "%q is read from the plan here", attr),
				lint.Related(t.Guard, "the fill of %q under this IsNull() test never runs: the planned value is unknown, not null", attr),
			}}
	}
	related := []analysis.RelatedInformation{lint.Related(t.Pos, "%q is read from the plan here, and no path from here to the save sets it", attr)}
	if t.Filler.IsValid() {
		related = append(related, lint.Related(t.Filler, "this helper fills the model from the API's answer and leaves %q unset", attr))
	}
	return lint.Finding{Rule: rule, Pos: call.Pos(),
		Message: fmt.Sprintf("%s.%s can save %q (Computed) to resp.State while it still holds the plan's value, which is unknown when the configuration does not set it: Terraform then fails with \"Provider returned invalid result object after apply\"; set it from the API response, or to null", r.TypeName, method, attr),
		Related: related}
}

// rebuilt: the nested attribute came back in an object decoded from the
// plan and rebuilt (x.As(ctx, &local), types.ObjectValue(...)).
func rebuilt(r *facts.FrameworkResource, method string, rule rules.ID, attr string, t modelflow.Taint, call *ssa.Call) lint.Finding {
	holder, decoded := "the object holding it is decoded from the plan", "the planned object holding it is decoded here, and put back into the object saved"
	if t.Elem != nil {
		holder, decoded = "the list or set elements holding it are decoded from the plan (ElementsAs)", "the planned elements holding it are decoded here, and put back into the list or set saved"
	}
	related := []analysis.RelatedInformation{
		lint.Related(t.Pos, "the plan holding %q is read here", attr),
		lint.Related(t.Via, "%s", decoded),
	}
	if a, _ := facts.Lookup(r.Schema.Attributes, attr); a != nil && a.Pos.IsValid() {
		related = append(related, lint.Related(a.Pos, "%q is declared here: Computed with no Default, so unknown in the plan when the configuration leaves it out", attr))
	}
	return lint.Finding{Rule: rule, Pos: call.Pos(),
		Message: fmt.Sprintf("%s.%s can save the nested attribute %q (Computed) to resp.State still holding the plan's value, which is unknown when the configuration does not set it: %s and rebuilt into the saved model without setting it on some path, and Terraform then fails with \"Provider returned invalid result object after apply\"; set it from the API response, or give it a Default", r.TypeName, method, attr, holder),
		Related: related}
}

// setAttributes lists the names written with resp.State.SetAttribute(ctx,
// path.Root("x"), ...) in fn; any is set when a path is not a constant.
func setAttributes(fn *ssa.Function) (names map[string]bool, any bool) {
	names = map[string]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil || callee.Name() != "SetAttribute" || callee.Signature.Recv() == nil || len(c.Call.Args) != 4 {
				continue
			}
			if n := modelflow.PathRoot(c.Call.Args[2]); n != "" {
				names[n] = true
			} else {
				any = true
			}
		}
	}
	return names, any
}

func sorted(m map[string]modelflow.Taint) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// rejection is Terraform's error summary for a state with unknown values
// after the method (v1.8.5: apply, refresh, state upgrade).
func rejection(method string) string {
	switch method {
	case "Read":
		return "Provider produced invalid object"
	case "UpgradeState":
		return "Invalid resource state upgrade"
	}
	return "Provider returned invalid result object after apply"
}

func after(method string) string {
	if method == "UpgradeState" {
		return "a state upgrade"
	}
	return strings.ToLower(method)
}
