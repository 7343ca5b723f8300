package undeclaredkey

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK d.Set/d.Get... calls whose constant key the
// resource's schema does not declare.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// keyArgs: the ResourceData/ResourceDiff methods taking an attribute key,
// and whether the call writes it.
var keyArgs = map[string]bool{
	"Set": true, "Get": false, "GetOk": false, "GetOkExists": false,
	"GetChange": false, "HasChange": false, "HasChanges": false,
}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK|tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, r := range model.Framework {
		if r.Kind == facts.KindResource && r.SchemaResolved && r.Schema.Complete {
			if fn := funcs[facts.Method(pass.Pkg, r.TypeName, "ImportState")]; fn != nil {
				importPaths(rep, r, fn)
			}
		}
	}
	byName, all := tfssa.ByName(funcs)
	// Every call naming a key, with the resources whose ResourceData
	// reaches it: a helper shared by several resources is judged by all.
	users := map[*ssa.Call][]*facts.SDKResource{}
	uses := map[*ssa.Call]keyUse{}
	var order []*ssa.Call
	for _, r := range model.SDK {
		for _, fn := range lifecycle(r, model, byName, all) {
			for _, u := range keyUses(fn) {
				if _, ok := uses[u.call]; !ok {
					order = append(order, u.call)
				}
				uses[u.call] = u
				users[u.call] = append(users[u.call], r)
			}
		}
	}
	seen := map[string]bool{}
	for _, c := range order {
		u, rs := uses[c], users[c]
		id := fmt.Sprint(c.Pos(), u.key)
		if seen[id] || attruse.OnlyLogged(c) {
			continue
		}
		if knownSchemas(rs) && declaredInAny(rs, u.key) {
			// A value the declared type refuses: data sources sharing the
			// function lose it alike, so they are judged with the resources.
			if a, t, why, ok := typeCheck(rs, u); ok {
				seen[id] = true
				rep.Report(typeFinding(firstResource(rs), u, a, t, why))
			}
			continue
		}
		if !allResources(rs) || declaredInAny(rs, u.key) {
			continue
		}
		seen[id] = true
		rep.Report(finding(rs[0], u))
	}
	return nil, nil
}

// lifecycle lists the functions a resource hands its ResourceData or
// ResourceDiff to: CRUD, Exists, a custom importer, CustomizeDiff.
func lifecycle(r *facts.SDKResource, model *facts.Model, byName map[string]*ssa.Function, all []*ssa.Function) []*ssa.Function {
	if !r.Resolved || !r.SchemaResolved {
		return nil
	}
	var out []*ssa.Function
	add := func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		out = append(out, fn)
		if g := tfssa.Forwarded(fn, model); g != fn {
			out = append(out, g) // the function a retry wrapper runs
		}
	}
	ops := make([]string, 0, len(r.Funcs))
	for op := range r.Funcs {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	for _, op := range ops {
		add(byName[r.Funcs[op].Key()])
	}
	if r.Importer == "custom" {
		add(byName[r.ImportFunc.Key()])
	}
	if r.CustomizeDiff {
		for _, fn := range tfssa.CustomizeDiffFuncs(r, byName, all) {
			add(fn)
		}
	}
	return out
}

// allResources: every user is a managed resource (a data source's
// attributes are not kept in state) with a schema known in full.
func allResources(rs []*facts.SDKResource) bool {
	for _, r := range rs {
		if r.Kind != facts.KindResource || !r.SchemaResolved || !r.Schema.Complete || len(r.Schema.Attributes) == 0 {
			return false
		}
		for i := range r.Schema.Attributes {
			if r.Schema.Attributes[i].Uncertain {
				return false
			}
		}
	}
	return true
}

// knownSchemas: every user's schema is known in full, and one of them is a
// managed resource.
func knownSchemas(rs []*facts.SDKResource) bool {
	if firstResource(rs) == nil {
		return false
	}
	for _, r := range rs {
		if !r.SchemaResolved || !r.Schema.Complete || len(r.Schema.Attributes) == 0 {
			return false
		}
		for i := range r.Schema.Attributes {
			if r.Schema.Attributes[i].Uncertain {
				return false
			}
		}
	}
	return true
}

func firstResource(rs []*facts.SDKResource) *facts.SDKResource {
	for _, r := range rs {
		if r.Kind == facts.KindResource {
			return r
		}
	}
	return nil
}

func declaredInAny(rs []*facts.SDKResource, key string) bool {
	for _, r := range rs {
		if _, found := facts.Lookup(r.Schema.Attributes, key); found {
			return true
		}
	}
	return false
}

// keyUse is a call naming an attribute by a constant key.
type keyUse struct {
	call   *ssa.Call
	method string
	key    string
}

// keyUses lists the key-taking calls fn, its function literals and the
// package functions it hands its ResourceData or ResourceDiff to (two calls
// deep) make on that value.
func keyUses(fn *ssa.Function) []keyUse {
	var out []keyUse
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function, depth int)
	walk = func(f *ssa.Function, depth int) {
		if seen[f] {
			return
		}
		seen[f] = true
		tfssa.EachInstr(f, 0, true, func(instr ssa.Instruction) {
			c, ok := instr.(*ssa.Call)
			if !ok {
				return
			}
			if u, ok := keyCall(c, f); ok {
				out = append(out, u...)
			} else if callee := c.Call.StaticCallee(); depth < 2 && callee != nil && callee.Pkg == f.Pkg && callee.Blocks != nil && passesData(c, f) {
				walk(callee, depth+1)
			}
		})
	}
	walk(fn, 0)
	return out
}

// keyCall: c is d.Set/d.Get... on the value root was handed, with the
// constant keys it names.
func keyCall(c *ssa.Call, root *ssa.Function) ([]keyUse, bool) {
	callee := c.Call.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || len(c.Call.Args) < 2 {
		return nil, false
	}
	recv := callee.Signature.Recv().Type()
	if _, ok := keyArgs[callee.Name()]; !ok || !(tfapi.IsResourceData(recv) || tfapi.IsResourceDiff(recv)) {
		return nil, false
	}
	if !handed(c.Call.Args[0], root) {
		return nil, true
	}
	args := c.Call.Args[1:2]
	if callee.Name() == "HasChanges" {
		args = tfssa.Varargs(c.Call.Args[1])
	}
	var out []keyUse
	for _, a := range args {
		if k, ok := tfssa.ConstString(a); ok && checkable(k) {
			out = append(out, keyUse{call: c, method: callee.Name(), key: k})
		}
	}
	return out, true
}

// passesData: c hands root's ResourceData or ResourceDiff on, as an
// argument the callee names as its own parameter.
func passesData(c *ssa.Call, root *ssa.Function) bool {
	for _, a := range c.Call.Args {
		if (tfapi.IsResourceData(a.Type()) || tfapi.IsResourceDiff(a.Type())) && handed(a, root) {
			return true
		}
	}
	return false
}

// checkable leaves out keys every schema has ("id") and keys that are not
// a plain attribute path.
func checkable(k string) bool {
	first := strings.SplitN(k, ".", 2)[0]
	return first != "" && first != "id" && !strings.ContainsAny(k, " *")
}

// handed: v is the parameter of root (or of a function literal within it,
// bound to it) — not another resource's ResourceData built on the way.
func handed(v ssa.Value, root *ssa.Function) bool {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x.Parent() == root
		case *ssa.FreeVar:
			b := binding(x)
			if b == nil {
				return false
			}
			v = b
		default:
			return false
		}
	}
	return false
}

// binding: the value a function literal's free variable is bound to.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if fn.Parent() == nil || idx < 0 {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
				return mc.Bindings[idx]
			}
		}
	}
	return nil
}

func finding(r *facts.SDKResource, u keyUse) lint.Finding {
	what := fmt.Sprintf("d.%s(%q) in %s: %q is not in the schema of %s", u.method, u.key, fnName(u.call.Parent()), u.key, r.Name)
	near := nearest(r.Schema.Attributes, u.key)
	if near != "" {
		what += fmt.Sprintf(" (did you mean %q?)", near)
	}
	rule, why := rules.ID("APPLY-2"), consequence(u, near)
	if u.method == "Set" {
		rule = "IMPORT-3"
	}
	f := lint.Finding{Rule: rule, Pos: u.call.Pos(), Message: what + "; " + why}
	if r.Pos.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: r.Pos, Message: "the schema of " + r.Name})
	}
	return f
}

// consequence says what the SDK does with the call.
func consequence(u keyUse, near string) string {
	switch u.method {
	case "Set":
		lost := "the value is dropped"
		if near != "" {
			lost = fmt.Sprintf("%q is never saved here, so it stays empty after import and drift goes unseen", near)
		}
		if used(u.call) {
			return "d.Set returns an error (\"Invalid address to set\"), which this code checks: the path fails whenever it runs"
		}
		return "the SDK refuses the value (d.Set returns an error, ignored here): " + lost
	case "Get":
		return "the SDK answers nil, never the configured value (a type assertion on it panics)"
	case "GetOk", "GetOkExists":
		return "the SDK always answers \"not set\", so the configured value is never used"
	default:
		return "the SDK never reports a change, so the configured change is never acted on"
	}
}

// used: the call's result is looked at (an error checked, a value kept).
func used(c *ssa.Call) bool {
	refs := c.Referrers()
	return refs != nil && len(*refs) > 0
}

// fnName names the declared function holding fn (a literal's enclosing one).
func fnName(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Name()
}

// nearest: a top-level attribute whose name differs from key's first
// segment by at most two edits, the likely intended spelling.
func nearest(attrs []facts.Attribute, key string) string {
	first := strings.SplitN(key, ".", 2)[0]
	best, bestD := "", 3
	for i := range attrs {
		if d := distance(first, attrs[i].Name); d < bestD {
			best, bestD = attrs[i].Name, d
		}
	}
	if best == "" || best == first {
		return ""
	}
	return best + strings.TrimPrefix(key, first)
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// importPaths reports a framework ImportState putting the imported ID
// into, or setting, an attribute path.Root names that the schema does not
// declare: the framework refuses it, and import fails (IMPORT-1).
func importPaths(rep *lint.Reporter, r *facts.FrameworkResource, fn *ssa.Function) {
	tfssa.EachInstr(fn, 0, true, func(instr ssa.Instruction) {
		c, ok := instr.(*ssa.Call)
		if !ok {
			return
		}
		callee := c.Call.StaticCallee()
		if callee == nil || len(c.Call.Args) < 2 {
			return
		}
		var call string
		switch recv := callee.Signature.Recv(); {
		case recv == nil && callee.Name() == "ImportStatePassthroughID" && tfssa.PkgPath(callee) == tfapi.Framework+"resource":
			call = "resource.ImportStatePassthroughID"
		case recv != nil && callee.Name() == "SetAttribute" && tfapi.IsFramework(recv.Type(), "tfsdk", "State") && len(c.Call.Args) > 2:
			call = "resp.State.SetAttribute"
		default:
			return
		}
		p := c.Call.Args[1]
		if call != "resource.ImportStatePassthroughID" {
			p = c.Call.Args[2]
		}
		name := modelflow.PathRoot(p)
		if name == "" {
			return
		}
		if _, found := facts.Lookup(r.Schema.Attributes, name); found {
			return
		}
		msg := fmt.Sprintf("%s(path.Root(%q)) in the ImportState of %s: %q is not in the schema", call, name, r.TypeName, name)
		if near := nearest(r.Schema.Attributes, name); near != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", near)
		}
		msg += "; the framework refuses the path, so every import fails"
		f := lint.Finding{Rule: "IMPORT-1", Pos: c.Pos(), Message: msg}
		if r.Pos.IsValid() {
			f.Related = []analysis.RelatedInformation{{Pos: r.Pos, Message: "the resource " + r.TypeName}}
		}
		rep.Report(f)
	})
}
