package stalecomputed

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK Computed attributes planned with a stale value.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	byName, all := tfssa.ByName(funcs)
	rep := lint.NewReporter(pass)
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
			continue
		}
		update := byName[r.Funcs["Update"].Key()]
		read := byName[r.Funcs["Read"].Key()]
		if update == nil || read == nil {
			continue
		}
		changed := dataCalls(update, "HasChange", "HasChanges")
		if len(changed) == 0 {
			// An Update that tests no change applies every in-place
			// attribute whichever changed; only an action named after an
			// output (password_reset) is then taken to act on it.
			for _, a := range r.Schema.Attributes {
				if (a.Optional || a.Required) && !a.ForceNew && actionName(a.Name) {
					changed[a.Name] = update.Pos()
				}
			}
		}
		set := dataCalls(read, "Set")
		for k, pos := range dataCalls(update, "Set") {
			set[k] = pos
		}
		// A mark may be saved through a map handed to a setter of another
		// package (tf.SetAttrs(d, map[string]any{"etag": ...})): Read
		// naming it is enough, a Computed-only value is not read there.
		mentioned := attruse.SDK(read, nil, attruse.UsesSets, model)
		for k := range markers {
			if !set[k].IsValid() && mentioned.Named[k] {
				set[k] = mentioned.At[k]
			}
		}
		built := codeSources(r, setCalls(update, setCalls(read, nil)))
		checkResource(rep, r, changed, set, built, diffNames(pass, r, byName, all))
	}
	return nil, nil
}

func checkResource(rep *lint.Reporter, r *facts.SDKResource, changed, set map[string]token.Pos, built map[string]source, inDiff map[string]bool) {
	attrs := r.Schema.Attributes
	for i := range attrs {
		y := &attrs[i]
		if !y.Computed || y.Required || y.ForceNew || y.Uncertain || !set[y.Name].IsValid() || inDiff[y.Name] {
			continue
		}
		x := updatedPrefix(attrs, y, changed)
		if x == nil {
			if x = derivedSource(attrs, y, r.Name); x != nil {
				reportDerived(rep, r, x, y, changed[x.Name], set[y.Name])
				continue
			}
			if !reportMarker(rep, r, y, set[y.Name]) {
				if s, ok := built[y.Name]; ok {
					reportBuilt(rep, r, y, s)
				}
			}
			continue
		}
		rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(y.Pos, changed[x.Name]),
			Related: []analysis.RelatedInformation{
				lint.Related(changed[x.Name], "Update acts on a change of %q here", x.Name),
				lint.Related(set[y.Name], "%q is set from the API here", y.Name),
			},
			Message: fmt.Sprintf("Computed %q of %s keeps its prior value in the plan when %q changes in place, but the update can change it (it is set from the API) and the CustomizeDiff never marks it: resources using %q are planned with the stale value and apply fails with \"Provider produced inconsistent final plan\"; mark it with customdiff.ComputedIf or d.SetNewComputed when %q changes", y.Name, r.Name, x.Name, y.Name, x.Name)})
	}
}

// derivedSource: the attribute y is named as derived from (attruse.Derived:
// "full_name" of "name", "plan_id" of "plan_name") that
// the user configures and that changes in place (not ForceNew). y must be
// an output only (not Optional): a value the user may set is a setting of
// its own. Update need not test x: an Update that sends x whether or not
// it changed renames in place all the same.
func derivedSource(attrs []facts.Attribute, y *facts.Attribute, owner string) *facts.Attribute {
	if y.Optional {
		return nil
	}
	for i := range attrs {
		x := &attrs[i]
		if !(x.Required || x.Optional) || x.ForceNew || x.Uncertain || x.Computed && !x.Optional {
			continue
		}
		if attruse.Derived(x.Name, y.Name, owner) {
			return x
		}
	}
	return nil
}

// reportDerived reports a Computed output y derived from the in-place
// setting x that the CustomizeDiff never marks as changing.
func reportDerived(rep *lint.Reporter, r *facts.SDKResource, x, y *facts.Attribute, testedAt, setAt token.Pos) {
	related := []analysis.RelatedInformation{lint.Related(x.Pos, "%q is configurable and not ForceNew: it changes in place", x.Name)}
	if testedAt.IsValid() {
		related = append(related, lint.Related(testedAt, "Update acts on a change of %q here", x.Name))
	}
	related = append(related, lint.Related(setAt, "%q is set from the API here", y.Name))
	rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(y.Pos, setAt), Related: related,
		Message: fmt.Sprintf("Computed %q of %s is derived from %q by name, but when %q changes in place the plan keeps its prior value: the CustomizeDiff never marks it, so resources using %q are planned with the stale value and apply fails with \"Provider produced inconsistent final plan\"; mark it with customdiff.ComputedIf or d.SetNewComputed(%q) when %q changes", y.Name, r.Name, x.Name, x.Name, y.Name, y.Name, x.Name)})
}

// markers name values the remote system moves on every change of the
// object: a version, revision or serial number, an entity tag, the time of
// the last update.
var markers = map[string]bool{"version": true, "latest_version": true, "revision": true, "serial": true, "etag": true,
	"modify_index": true, "updated_at": true, "update_time": true, "updated_time": true, "last_modified": true,
	"last_updated": true, "modified_at": true, "modified_time": true, "last_modified_at": true, "last_updated_at": true}

// reportMarker reports a Computed-only marker of every change (y) that a
// resource updating anything in place never marks as changing.
func reportMarker(rep *lint.Reporter, r *facts.SDKResource, y *facts.Attribute, setAt token.Pos) bool {
	if !markers[y.Name] || y.Optional || y.Normalised {
		return false
	}
	x := inPlace(r.Schema.Attributes)
	if x == nil {
		return false
	}
	update := r.Funcs["Update"]
	rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(y.Pos, setAt),
		Related: []analysis.RelatedInformation{
			lint.Related(update.Pos, "Update (%s) changes the object in place, for example when %q changes", update.Name(), x.Name),
			lint.Related(setAt, "%q is set from the API here", y.Name),
		},
		Message: fmt.Sprintf("Computed %q of %s names a mark the remote system moves on every change (a version, revision, entity tag or update time), but the plan of an in-place update keeps its prior value: the CustomizeDiff never marks it, so resources using %q are planned with the stale value and apply fails with \"Provider produced inconsistent final plan\"; mark it with d.SetNewComputed(%q) in a CustomizeDiff when anything else changes (d.HasChanges)", y.Name, r.Name, y.Name, y.Name)})
	return true
}

// inPlace: an attribute the user configures that can change without
// replacing the object, the first by name.
func inPlace(attrs []facts.Attribute) *facts.Attribute {
	var out *facts.Attribute
	for i := range attrs {
		x := &attrs[i]
		if (x.Required || x.Optional) && !x.ForceNew && !x.Uncertain && (out == nil || x.Name < out.Name) {
			out = x
		}
	}
	return out
}

// updatedPrefix: the attribute named like the start of name ("ipv6" for
// "ipv6_address"), or named after it as an action on it ("password_reset"
// for "password"), that the user configures, Update tests for a change of,
// and that is not ForceNew.
func updatedPrefix(attrs []facts.Attribute, y *facts.Attribute, changed map[string]token.Pos) *facts.Attribute {
	for i := range attrs {
		x := &attrs[i]
		if x.Name == y.Name || !related(x.Name, y) || !changed[x.Name].IsValid() {
			continue
		}
		if x.ForceNew || x.Uncertain || (x.Computed && !x.Optional) {
			continue
		}
		return x
	}
	return nil
}

// related: y's name starts with x's ("ipv6_address" of "ipv6"), or x names
// y's identifier or an action on y ("model_uuid" and the model it names,
// "password_reset" and the password).
// The second form needs y to be an output only: one the user may set is a
// setting of its own.
func related(x string, y *facts.Attribute) bool {
	if strings.HasPrefix(y.Name, x+"_") {
		return true
	}
	rest, ok := strings.CutPrefix(x, y.Name+"_")
	return ok && actsOn[rest] && !y.Optional
}

// actionName: the name ends in one of actsOn's words (password_reset).
func actionName(name string) bool {
	i := strings.LastIndex(name, "_")
	return i > 0 && actsOn[name[i+1:]] && name[i+1:] != "id" && name[i+1:] != "uuid"
}

var actsOn = map[string]bool{"id": true, "uuid": true, "reset": true, "rotation": true, "rotate": true, "version": true}

// dataCalls: the constant keys of *schema.ResourceData method calls in fn,
// its closures and the package's helpers it hands d to (two calls deep).
func dataCalls(fn *ssa.Function, methods ...string) map[string]token.Pos {
	out := map[string]token.Pos{}
	eachDataCall(fn, func(c ssa.CallInstruction, callee *ssa.Function) {
		if contains(methods, callee.Name()) {
			addKeys(out, c)
		}
	})
	return out
}

// eachDataCall calls f with every *schema.ResourceData method call in fn,
// its closures and the package's helpers it hands d to (two calls deep).
func eachDataCall(fn *ssa.Function, f func(c ssa.CallInstruction, callee *ssa.Function)) {
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function, depth int)
	visit = func(fn *ssa.Function, depth int) {
		if fn == nil || seen[fn] || depth > 2 {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if recv := callee.Signature.Recv(); recv != nil && tfapi.IsResourceData(recv.Type()) {
					f(c, callee)
				} else if callee.Pkg == fn.Pkg && callee.Blocks != nil && tfssa.HandsResourceData(c.Common()) {
					visit(callee, depth+1)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon, depth)
		}
	}
	visit(fn, 0)
}

func addKeys(out map[string]token.Pos, c ssa.CallInstruction) {
	for _, a := range c.Common().Args[1:] {
		for _, v := range variadic(a) {
			if k, ok := tfssa.ConstString(v); ok && !out[k].IsValid() {
				out[k] = c.Pos()
			}
		}
	}
}

// variadic: the elements stored into the slice SSA builds for "...string"
// arguments, or v itself.
func variadic(v ssa.Value) []ssa.Value {
	if _, ok := v.(*ssa.Slice); !ok {
		return []ssa.Value{v}
	}
	return tfssa.Varargs(v)
}

// diffNames: the strings the CustomizeDiff expression and its functions
// mention — any of them may be the key it marks.
func diffNames(pass *analysis.Pass, r *facts.SDKResource, byName map[string]*ssa.Function, all []*ssa.Function) map[string]bool {
	out := map[string]bool{}
	if !r.CustomizeDiff {
		return out
	}
	if span := r.CustomizeDiffSpan; span[0].IsValid() {
		for _, f := range pass.Files {
			if f.Pos() > span[1] || f.End() < span[0] {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && lit.Pos() >= span[0] && lit.End() <= span[1] {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						out[s] = true
					}
				}
				return n != nil && n.Pos() <= span[1] && n.End() >= span[0]
			})
		}
	}
	for _, fn := range tfssa.CustomizeDiffFuncs(r, byName, all) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if s, ok := tfssa.ConstString(*op); ok {
						out[s] = true
					}
				}
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
