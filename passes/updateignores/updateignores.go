package updateignores

import (
	"fmt"
	"go/constant"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports attributes that change in place while Update never reads them.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// depth bounds how far package helpers are followed from Update and Read.
const depth = 4

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK|tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	byName, _ := tfssa.ByName(funcs)
	reported := map[token.Pos]bool{}
	var all []lint.Finding
	for _, r := range model.Framework {
		all = append(all, fwFindings(pass, r, funcs)...)
	}
	for _, r := range model.SDK {
		all = append(all, sdkFindings(r, byName)...)
	}
	for _, f := range all {
		if !reported[f.Pos] {
			reported[f.Pos] = true
			rep.Report(f)
		}
	}
	return nil, nil
}

func sdkFindings(r *facts.SDKResource, byName map[string]*ssa.Function) []lint.Finding {
	if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved || !r.Schema.Complete {
		return nil
	}
	create, read := byName[r.Funcs["Create"].Func], byName[r.Funcs["Read"].Func]
	if create == nil || read == nil {
		return nil
	}
	rd := keysOf(read, nil, setsOnly)
	if rd.dynamic {
		rd = keysOf(read, nil, usesSets) // d.Set with keys it is handed: any spelled key may be set
	}
	remote := merge(rd, keysOf(create, read, setsOnly))
	cr := keysOf(create, read, uses)
	upd, update := updateKeys(r, byName, read)
	var out []lint.Finding
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if !(a.Required || a.Optional) || a.Uncertain || a.WriteOnly || !a.Pos.IsValid() {
			continue
		}
		if a.Normalised { // a DiffSuppressFunc may hide every change
			continue
		}
		// Each side needs the other as evidence that the attribute is an
		// input the provider sends, not an output declared Optional.
		createIgnores := !cr.dynamic && cr.setsID && !cr.named[a.Name] && rd.named[a.Name] && update != nil && upd.named[a.Name]
		updateIgnores := update != nil && !a.ForceNew && !upd.named[a.Name] && remote.named[a.Name] && cr.named[a.Name]
		switch {
		case createIgnores:
			out = append(out, createFinding(r.Name, a, create, rd.at[a.Name], update))
		case updateIgnores:
			out = append(out, updateFinding(r.Name, a, update, remote.at[a.Name], "not ForceNew", "mark it ForceNew"))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// updateKeys: the keys Update and CustomizeDiff mention, with Update; nil
// when there is no separate Update or it cannot be followed.
func updateKeys(r *facts.SDKResource, byName map[string]*ssa.Function, read *ssa.Function) (keys, *ssa.Function) {
	update := byName[r.Funcs["Update"].Func]
	if update == nil || update == byName[r.Funcs["Create"].Func] {
		return keys{}, nil
	}
	upd := keysOf(update, read, uses)
	if upd.dynamic {
		return keys{}, nil
	}
	if r.CustomizeDiff {
		if len(r.CustomizeDiffFuncs) == 0 {
			return keys{}, nil
		}
		for _, name := range r.CustomizeDiffFuncs {
			fn := byName[name]
			if fn == nil {
				return keys{}, nil // a change may be forced where we cannot see
			}
			upd = merge(upd, keysOf(fn, nil, uses))
		}
		if upd.dynamic {
			return keys{}, nil
		}
	}
	return upd, update
}

func updateFinding(resource string, a *facts.Attribute, update *ssa.Function, remoteAt token.Pos, how, fix string) lint.Finding {
	related := []analysis.RelatedInformation{lint.Related(update.Pos(), "%s, and the package functions it calls, never read %q", funcName(update), a.Name)}
	if remoteAt.IsValid() {
		related = append(related, lint.Related(remoteAt, "%q is saved from the remote object here, so the old value comes back", a.Name))
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, %s), but %s never reads it: a changed value is planned as an update that never reaches the API, and the next Read brings the old value back; send it in Update, or %s", a.Name, resource, flags(a), how, funcName(update), fix)}
}

func createFinding(resource string, a *facts.Attribute, create *ssa.Function, readAt token.Pos, update *ssa.Function) lint.Finding {
	related := []analysis.RelatedInformation{
		lint.Related(create.Pos(), "%s, and the package functions it calls, never read %q", funcName(create), a.Name),
		lint.Related(update.Pos(), "%s sends it", funcName(update)),
	}
	if readAt.IsValid() {
		related = append(related, lint.Related(readAt, "Read saves %q from the remote object here", a.Name))
	}
	return lint.Finding{Rule: "APPLY-2", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s is configurable (%s) and %s sends it, but %s never reads it: the configured value never reaches the API on creation, and Read then saves what the API chose, so state differs from the configuration after apply; send it in Create", a.Name, resource, flags(a), funcName(update), funcName(create))}
}

func flags(a *facts.Attribute) string {
	if a.Required {
		return "Required"
	}
	if a.Computed {
		return "Optional+Computed"
	}
	return "Optional"
}

// keys are the top-level attribute names a function mentions other than as
// the key of d.Set, with where each is first mentioned; dynamic when it reads
// d with a key it builds, or hands d to code out of sight.
type keys struct {
	named   map[string]bool
	at      map[string]token.Pos
	dynamic bool
	setsID  bool // d.SetId is called: the function can create the resource
}

func merge(a, b keys) keys {
	if a.named == nil {
		a.named, a.at = map[string]bool{}, map[string]token.Pos{}
	}
	for k := range b.named {
		if !a.named[k] {
			a.named[k], a.at[k] = true, b.at[k]
		}
	}
	a.dynamic = a.dynamic || b.dynamic
	return a
}

// keysOf walks fn, its closures and the package functions it calls (not
// skip), in the given mode.
func keysOf(fn, skip *ssa.Function, m mode) keys {
	k := keys{named: map[string]bool{}, at: map[string]token.Pos{}}
	seen := map[*ssa.Function]bool{skip: true}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		if f == nil || seen[f] || d > depth {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				k.note(instr, m)
				switch in := instr.(type) {
				case *ssa.MakeClosure:
					visit(in.Fn.(*ssa.Function), d)
				case ssa.CallInstruction:
					callee := in.Common().StaticCallee()
					switch {
					case callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil:
						visit(callee, d+1)
					case handsD(in.Common()) && !sdkCall(callee):
						k.dynamic = true // d read by code out of sight
					}
				}
			}
		}
	}
	visit(fn, 0)
	return k
}

// note records the string constants instr uses (but not d.Set's key), and
// d read by a key it does not spell.
// mode says which keys a walk collects.
type mode int

const (
	uses     mode = iota // every key but d.Set's (Update, CustomizeDiff)
	usesSets             // every key
	setsOnly             // d.Set's keys only (Read, Create)
)

func (k *keys) note(instr ssa.Instruction, m mode) {
	method := ""
	if c, ok := instr.(ssa.CallInstruction); ok {
		method = resourceDataMethod(c.Common())
	}
	if method == "SetId" {
		k.setsID = true
	}
	switch {
	case method == "Set" && m == uses, method != "Set" && m == setsOnly:
		return
	}
	if method == "Set" && m == setsOnly {
		if args := instr.(ssa.CallInstruction).Common().Args; len(args) == 3 && !constKey(args[1]) {
			k.dynamic = true
		}
	}
	switch method {
	case "SetId", "SetConnInfo", "SetType", "SetPartial":
		return
	case "State", "GetRawConfig", "GetRawPlan", "GetRawState", "HasChangesExcept", "GetRawConfigAt":
		k.dynamic = true
		return
	case "Get", "GetOk", "GetOkExists", "HasChange", "GetChange":
		args := instr.(ssa.CallInstruction).Common().Args
		if len(args) == 2 {
			if !spelled(args[1], 0) {
				k.dynamic = true
			}
		}
	}
	for _, op := range instr.Operands(nil) {
		c, ok := (*op).(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String {
			continue
		}
		name, _, _ := strings.Cut(constant.StringVal(c.Value), ".")
		if !k.named[name] {
			k.named[name] = true
			k.at[name] = instr.Pos()
		}
	}
}

func constKey(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// spelled: a key whose spelling is in the code walked — a constant, a
// helper's parameter (its callers are walked), or an element of a local
// slice literal of keys (for _, k := range []string{"a", "b"}).
func spelled(v ssa.Value, n int) bool {
	if n > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Parameter:
		return true
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !spelled(e, n+1) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			return localArray(ia.X)
		}
	}
	return false
}

// localArray: a slice of an array allocated in the function (a literal).
func localArray(v ssa.Value) bool {
	if s, ok := v.(*ssa.Slice); ok {
		v = s.X
	}
	a, ok := v.(*ssa.Alloc)
	return ok && a.Parent() != nil
}

// resourceDataMethod names the *schema.ResourceData method c calls, if any.
func resourceDataMethod(c *ssa.CallCommon) string {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return ""
	}
	return fn.Name()
}

func handsD(c *ssa.CallCommon) bool {
	if c.IsInvoke() && tfapi.IsResourceData(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if tfapi.IsResourceData(a.Type()) {
			return true
		}
	}
	return false
}

// sdkCall: a function or method of the SDK itself (d.Get, schema helpers).
func sdkCall(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	p := pkgPath(fn)
	return strings.Contains(p, "terraform-plugin-sdk") || strings.HasPrefix(p, "github.com/hashicorp/terraform/")
}

// funcName: "resourcePoolUpdate", or "T.Update" for a method.
func funcName(fn *ssa.Function) string {
	if recv := fn.Signature.Recv(); recv != nil {
		if n := tfssa.StructName(recv.Type()); n != "" {
			return n[strings.LastIndex(n, ".")+1:] + "." + fn.Name()
		}
	}
	return fn.Name()
}
