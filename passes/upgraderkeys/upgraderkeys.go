// UPGRADE-3 (an upgrader reads prior state through its prior schema) and
// UPGRADE-4: the keys an SDK upgrader reads and writes on the raw state,
// judged against the schemas it converts between.

package upgraderkeys

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Analyzer reports SDK state upgraders that read or write raw-state keys
// their schemas do not declare at that level.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[facts.Analyzer].(*facts.Model)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	bodies := funcBodies(pass)
	done := map[string]bool{} // an upgrader shared by resources is read once
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.UpgradersResolved {
			continue
		}
		for i, u := range r.Upgraders {
			fn := bodies[u.Upgrade.Key()]
			if fn == nil || done[u.Upgrade.Key()] {
				continue
			}
			done[u.Upgrade.Key()] = true
			checkUpgrader(rep, r, u, fn, nextSchema(r, i))
		}
	}
	return nil, nil
}

// upgradeFunc is an upgrade function's type and body.
type upgradeFunc struct {
	typ  *ast.FuncType
	body *ast.BlockStmt
}

// funcBodies indexes the package's functions by facts.FuncRef.Key.
func funcBodies(pass *analysis.Pass) map[string]*upgradeFunc {
	out := map[string]*upgradeFunc{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch d := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Body != nil {
					out[facts.FuncName(fn)] = &upgradeFunc{d.Type, d.Body}
				}
			case *ast.FuncLit:
				out[facts.LitKey(d.Pos())] = &upgradeFunc{d.Type, d.Body}
			}
			return true
		})
	}
	return out
}

// checkUpgrader reports reads of keys the prior schema lacks and, in the
// last upgrader, writes of keys the current schema lacks.
func checkUpgrader(rep *lint.Reporter, r *facts.SDKResource, u facts.Upgrader, fn *upgradeFunc, next *facts.Schema) {
	raw := rawStateParam(rep.Pass().TypesInfo, fn.typ)
	if raw == nil {
		return
	}
	res := collect(rep.Pass().TypesInfo, raw, fn.body)
	var accesses []access
	for _, a := range res.accesses {
		if a.fresh == nil || res.fresh.ids[a.fresh] { // maps made and not returned are not the state
			accesses = append(accesses, a)
		}
	}
	if !res.opaque && u.Prior != nil && next != nil {
		checkRetyped(rep, u, fn, accesses, u.Prior.Attributes, next.Attributes, nil)
	}
	if res.fresh.returned && !res.fresh.copied {
		if out := outputSchema(r, u, next); out != nil {
			checkFresh(rep, u, res, out)
		}
	}
	if u.Prior != nil && r.SchemaResolved && r.Schema.Complete {
		checkNestedPrior(rep, r, u, accesses)
	}
	last := r.SchemaResolved && r.Schema.Complete && u.Version == r.Schema.Version-1
	// A Type that is the current schema was not written to describe the
	// older state: what it lacks says nothing about that state.
	priorUsable := u.Prior != nil && !(r.SchemaResolved && sameNames(u.Prior.Attributes, r.Schema.Attributes, 0))
	seen := map[string]bool{} // one finding per key and level
	misplaced := map[string][]access{}
	var groups []string
	defer func() {
		for _, g := range groups {
			reportWrite(rep, r, u, misplaced[g], g[strings.Index(g, "|")+1:])
		}
	}()
	for _, a := range accesses {
		if a.write && !a.touch {
			// A key the upgrader writes where it reads it is being added
			// or replaced there (if _, ok := raw[k]; !ok { raw[k] = d }):
			// its absence from the prior state is expected.
			seen[fmt.Sprint(false, a.path, a.key)] = true
		}
	}
	for _, a := range accesses {
		id := fmt.Sprint(a.write, a.path, a.key)
		if a.touch || seen[id] {
			continue
		}
		seen[id] = true
		switch {
		case !a.write && priorUsable:
			// Only a key the prior schema declares at another level: one it
			// lacks everywhere more often shows a Type copied from a later
			// version than a wrong read (the raw state is not filtered by it).
			if declared, elsewhere := lookup(u.Prior.Attributes, a.path, a.key); !declared && elsewhere != "" {
				reportRead(rep, u, a, elsewhere)
			}
		case a.write && last:
			// Only a key the schema declares at another level: a key it
			// lacks everywhere is usually one removed since (a dead write).
			if declared, elsewhere := lookup(r.Schema.Attributes, a.path, a.key); !declared && elsewhere != "" {
				g := where(a.path) + "|" + elsewhere
				if misplaced[g] == nil {
					groups = append(groups, g)
				}
				misplaced[g] = append(misplaced[g], a)
			}
		}
	}
}

func reportRead(rep *lint.Reporter, u facts.Upgrader, a access, elsewhere string) {
	hint := ""
	if elsewhere != "" {
		hint = " (it declares it " + elsewhere + ")"
	}
	rep.Report(lint.Finding{
		Rule: Doc.Rules[0], Pos: a.pos, End: a.end,
		Message: "the state upgrader for version " + strconv.FormatInt(u.Version, 10) + " reads " + strconv.Quote(a.key) + " " + where(a.path) +
			" of the raw state, where its prior schema " + shortName(u.PriorFrom) + " does not declare it" + hint +
			": the read yields nil on every state of that version, and the upgrade silently does nothing",
		Related: []analysis.RelatedInformation{lint.Related(u.Pos, "the upgrader's Type is %s's schema", shortName(u.PriorFrom))},
	})
}

// reportWrite reports, in one finding, the keys the last upgrader writes
// at one level where the current schema declares them at another.
func reportWrite(rep *lint.Reporter, r *facts.SDKResource, u facts.Upgrader, as []access, elsewhere string) {
	keys := make([]string, len(as))
	related := []analysis.RelatedInformation{lint.Related(r.Schema.VersionPos, "SchemaVersion %d: this upgrader produces the current schema's state", r.Schema.Version)}
	for i, a := range as {
		keys[i] = strconv.Quote(a.key)
		if i > 0 {
			related = append(related, lint.Related(a.pos, "%s is written here", keys[i]))
		}
	}
	what, it := keys[0], "it"
	if len(keys) > 1 {
		what, it = strings.Join(keys, ", "), "them"
	}
	rep.Report(lint.Finding{
		Rule: Doc.Rules[1], Pos: as[0].pos, End: as[0].end,
		Message: "the last state upgrader (version " + strconv.FormatInt(u.Version, 10) + ") writes " + what + " " + where(as[0].path) +
			" of the state, where the current schema of " + r.Name + " does not declare " + it + " (it declares " + it + " " + elsewhere +
			"): the SDK removes undeclared attributes after the upgraders run, so the upgraded value is lost",
		Related: related,
	})
}

func where(path []string) string {
	if len(path) == 0 {
		return "at the top level"
	}
	return "inside block " + strings.Join(path, ".")
}

func shortName(full string) string {
	if i := strings.LastIndex(full, "."); i >= 0 {
		return full[i+1:]
	}
	return full
}

// lookup tells whether attrs declares key at path; when it does not, and
// the attribute list at that level is fully known, elsewhere names another
// level that declares it. A level that cannot be resolved counts as declared.
func lookup(attrs []facts.Attribute, path []string, key string) (declared bool, elsewhere string) {
	level := attrs
	for _, p := range path {
		a := find(level, p)
		if a == nil || !a.Block || a.Incomplete {
			return true, ""
		}
		level = a.Nested
	}
	if len(path) == 0 && (key == "id" || key == "timeouts") {
		return true, "" // the SDK adds them to every resource's schema
	}
	if a := find(level, key); a != nil {
		return true, ""
	}
	if at := findAnywhere(attrs, key, nil); at != "" {
		return false, at
	}
	return false, ""
}

func find(attrs []facts.Attribute, name string) *facts.Attribute {
	for i := range attrs {
		if attrs[i].Name == name {
			return &attrs[i]
		}
	}
	return nil
}

// findAnywhere names the level ("at the top level", "inside block b")
// where some attribute is called key.
func findAnywhere(attrs []facts.Attribute, key string, path []string) string {
	if find(attrs, key) != nil {
		return where(path)
	}
	for _, a := range attrs {
		if a.Block && len(path) < 4 {
			if at := findAnywhere(a.Nested, key, append(append([]string(nil), path...), a.Name)); at != "" {
				return at
			}
		}
	}
	return ""
}

// rawStateParam returns the upgrade function's map[string]interface{}
// parameter (SDK v2: ctx, rawState, meta; v1: rawState, meta).
func rawStateParam(info *types.Info, ft *ast.FuncType) types.Object {
	for _, f := range ft.Params.List {
		if !isRawMap(info.TypeOf(f.Type)) {
			continue
		}
		if len(f.Names) == 1 {
			return info.Defs[f.Names[0]]
		}
		return nil
	}
	return nil
}

func isRawMap(t types.Type) bool {
	if t == nil { // an expression without a type: a blank identifier on the left
		return false
	}
	m, ok := types.Unalias(t).Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	_, isIface := m.Elem().Underlying().(*types.Interface)
	return ok && k.Kind() == types.String && isIface
}

// sameNames reports whether two schemas declare the same attributes, at
// every level of nested blocks.
func sameNames(a, b []facts.Attribute, depth int) bool {
	if len(a) != len(b) || depth > 4 {
		return len(a) == len(b)
	}
	for _, x := range a {
		y := find(b, x.Name)
		if y == nil || x.Block != y.Block || x.Type != y.Type || x.ElemType != y.ElemType || x.Block && !sameNames(x.Nested, y.Nested, depth+1) {
			return false
		}
	}
	return true
}

// outputSchema is next or, for the last upgrader, the current schema even
// when only partly resolved: enough to name attributes a new map drops.
func outputSchema(r *facts.SDKResource, u facts.Upgrader, next *facts.Schema) *facts.Schema {
	if next == nil && r.SchemaResolved && u.Version == r.Schema.Version-1 {
		return &r.Schema
	}
	return next
}
