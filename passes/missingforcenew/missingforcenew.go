package missingforcenew

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports configurable attribute that the resource cannot update in place.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	rep := lint.NewReporter(pass)
	for _, r := range model.SDK {
		checkSDK(rep, r)
	}
	for _, r := range model.Framework {
		checkFramework(rep, r)
	}
	return nil, nil
}

type offender struct {
	path string
	pos  token.Pos
	attr *facts.Attribute
}

func checkSDK(rep *lint.Reporter, r *facts.SDKResource) {
	if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
		return
	}
	create := r.Funcs["Create"]
	update, hasUpdate := r.Funcs["Update"]
	sameAsCreate := hasUpdate && update.Func != "" && update.Func == create.Func
	if hasUpdate && (!sameAsCreate || isUpsert(create.Func)) {
		return
	}
	if sameAsCreate && anyForceNew(r.Schema.Attributes) {
		// Create is then an upsert keyed by the ForceNew attributes (Vault's
		// role writes): re-running it with new content is the design.
		return
	}
	var bad []offender
	walkConfigurable(r.Schema.Attributes, true, func(path string, a *facts.Attribute, inherited bool) {
		// With Update = Create a changed Optional+Computed value is only written
		// again; the SDK's InternalValidate exempts these too. Without any
		// Update, every planned update fails, so they count.
		if sameAsCreate && a.Optional && a.Computed {
			return
		}
		if !a.ForceNew {
			bad = append(bad, offender{path, a.Pos, a})
		}
	}, sdkForces)
	if len(bad) == 0 {
		return
	}
	why := "has no Update function"
	pos := r.Pos
	if sameAsCreate {
		why = fmt.Sprintf("uses its Create function %s as %s and nothing is ForceNew", shortName(create.Func), update.Field)
		pos = lint.FirstValid(update.Pos, r.Pos)
	}
	rep.Report(lint.Finding{Rule: "SCHEMA-3", Pos: pos, Related: related(bad, "not ForceNew"), Fixes: forceNewFix(rep.Pass(), bad),
		Message: fmt.Sprintf("%s %s, but %s not ForceNew: %s", r.Name, why, names(bad), consequence(sameAsCreate, bad))})
}

// sdkForces: an SDK block's ForceNew covers none of its attributes. The SDK
// diffs a nested attribute with its own schema and applies the block's
// ForceNew only to a change in the element count, so a changed value inside
// an element is an update in place.
func sdkForces(*facts.Attribute) bool { return false }

func checkFramework(rep *lint.Reporter, r *facts.FrameworkResource) {
	// A ModifyPlan that may set RequiresReplace decides replacement itself; a
	// resource whose Create never writes state cannot exist to be updated.
	if r.Kind != facts.KindResource || r.UpdateWritesState != "no" || !r.SchemaResolved ||
		r.ModifyPlanMayReplace || r.CreateWritesState == "no" {
		return
	}
	replaces := func(a *facts.Attribute) bool {
		for _, m := range a.PlanModifiers {
			if m == "RequiresReplace" || m == "custom" || m == "unresolved" {
				return true
			}
		}
		return false
	}
	var bad []offender
	walkConfigurable(r.Schema.Attributes, false, func(path string, a *facts.Attribute, inherited bool) {
		if !inherited && !replaces(a) {
			bad = append(bad, offender{path, a.Pos, a})
		}
	}, replaces)
	if len(bad) == 0 {
		return
	}
	rep.Report(lint.Finding{Rule: "SCHEMA-3", Pos: lint.FirstValid(r.UpdatePos, r.Pos), Related: related(bad, "no RequiresReplace plan modifier"),
		Message: fmt.Sprintf("%s.Update never writes resp.State, but %s no RequiresReplace plan modifier: a change is planned as an update in place, which can only fail: with the error Update adds, or, when it adds none, with \"Provider produced inconsistent result after apply\" (Update hands back the prior state, not the changed values)", r.TypeName, hasNames(bad))})
}

// walkConfigurable visits the attributes a user can set (not Computed-only,
// not uncertain), telling whether an ancestor already forces replacement.
// Framework blocks have no flags of their own and are visited only through
// their attributes; SDK blocks are attributes too (visitBlocks).
func walkConfigurable(attrs []facts.Attribute, visitBlocks bool, visit func(string, *facts.Attribute, bool), forces func(*facts.Attribute) bool) {
	var walk func(prefix string, attrs []facts.Attribute, inherited bool)
	walk = func(prefix string, attrs []facts.Attribute, inherited bool) {
		for i := range attrs {
			a := &attrs[i]
			// Write-only values never reach plan or state, so changing one plans nothing.
			if a.Uncertain || (a.Computed && !a.Optional) || a.WriteOnly {
				continue
			}
			p := prefix + a.Name
			if !a.Block || visitBlocks || forces(a) {
				visit(p, a, inherited)
			}
			walk(p+".", a.Nested, inherited || forces(a))
		}
	}
	walk("", attrs, false)
}

// forceNewFix adds ForceNew: true to each offending attribute, nested ones
// too (an SDK block's ForceNew does not cover them). It is offered only when
// every such literal can be edited.
func forceNewFix(pass *analysis.Pass, bad []offender) []analysis.SuggestedFix {
	var edits []analysis.TextEdit
	for _, b := range bad {
		edit, ok := lint.InsertField(pass, b.attr.Lit, b.attr.LitEnd, "ForceNew: true")
		if !ok {
			return nil
		}
		edits = append(edits, edit)
	}
	return []analysis.SuggestedFix{{Message: "Add ForceNew: true", TextEdits: edits}}
}

// consequence: without Update, the SDK's InternalValidate (run on every
// provider validation) refuses a top-level attribute that is neither ForceNew
// nor Computed; nested and Optional+Computed ones pass it, and a change to
// them fails at apply.
func consequence(sameAsCreate bool, bad []offender) string {
	if sameAsCreate {
		return "a change re-runs Create, which makes a second remote object when the changed attribute names it and leaves the first behind"
	}
	for _, b := range bad {
		if !strings.Contains(b.path, ".") && !b.attr.Computed {
			return "the SDK's InternalValidate then fails every command that configures the provider (\"No Update defined, must set ForceNew on: ...\")"
		}
	}
	return "a change plans an update in place, and the apply fails with the SDK's \"doesn't support update\""
}

func anyForceNew(attrs []facts.Attribute) bool {
	found := false
	facts.Walk(attrs, func(_ string, a *facts.Attribute, _ bool) {
		found = found || a.ForceNew
	})
	return found
}

// upsertWords in a shared Create/Update function's name say the author made it
// idempotent on purpose (CreateOrUpdate, Upsert, Put...): then calling it for an
// update is the design, not the G08 mistake of creating a second object.
var upsertWords = []string{"update", "upsert", "put", "set", "apply", "write", "save", "ensure", "sync", "manage", "configure"}

func isUpsert(fullName string) bool {
	name := strings.ToLower(fullName[strings.LastIndex(fullName, ".")+1:])
	for _, w := range upsertWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

func names(bad []offender) string {
	ns := quoted(bad)
	if len(ns) == 1 {
		return ns[0] + " is"
	}
	return strings.Join(ns, ", ") + " are"
}

func hasNames(bad []offender) string {
	ns := quoted(bad)
	if len(ns) == 1 {
		return ns[0] + " has"
	}
	return strings.Join(ns, ", ") + " have"
}

func quoted(bad []offender) []string {
	ns := make([]string, len(bad))
	for i, b := range bad {
		ns[i] = fmt.Sprintf("%q", b.path)
	}
	sort.Strings(ns)
	return ns
}

func related(bad []offender, what string) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, b := range bad {
		out = append(out, lint.Related(b.pos, "%s: %s", b.path, what))
	}
	return out
}

func shortName(full string) string {
	if i := strings.LastIndex(full, "/"); i >= 0 {
		return full[i+1:]
	}
	return full
}
