package incompleteimport

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkSDK reports SDK resources whose import stub lacks what Read looks the
// object up by (IMPORT-1), and passthrough-imported ones whose Read never
// sets a Required+ForceNew attribute (IMPORT-3).
func checkSDK(rep *lint.Reporter, model *facts.Model, funcs map[*types.Func]*ssa.Function) {
	byName, _ := tfssa.ByName(funcs)
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
			continue
		}
		ref, ok := r.Funcs["Read"]
		read := byName[ref.Key()]
		if !ok || read == nil {
			continue
		}
		stub, ok := stubOf(r, byName)
		if !ok {
			continue
		}
		lookedUp := checkSDKLookups(rep, r, stub, read, ref)
		if r.Schema.Complete {
			checkNeverSet(rep, r, stub, read, ref, lookedUp)
		}
	}
}

// checkNeverSet reports Required (and Optional+Computed+ForceNew)
// attributes that neither the importer (passthrough, or custom by the keys
// it sets) nor Read sets, but those
// IMPORT-1 already named: ForceNew ones make the first plan that configures
// them replace the object, others update it in place. Sensitive ones are
// left alone: APIs seldom return secrets.
func checkNeverSet(rep *lint.Reporter, r *facts.SDKResource, stub importStub, read *ssa.Function, ref facts.FuncRef, lookedUp map[string]bool) {
	set, known := keysSet(read)
	if !known || tfssa.AlwaysFails(read) {
		return // a Read that always fails (a retired API) fails the import itself
	}
	var replaced, updated, answered, defaulted []string
	fields := answerFields(read)
	for _, a := range r.Schema.Attributes {
		switch {
		case a.Uncertain || a.Sensitive || a.WriteOnly || set[a.Name] || stub.keys[a.Name] || lookedUp[a.Name]:
			// Secrets: APIs seldom return them, no Read can fill them.
		case a.ForceNew && optionalComputed(a):
			// No value after import either; the first plan that configures
			// one replaces the object.
			replaced = append(replaced, a.Name+"\x00Optional, Computed, ForceNew")
		case a.ForceNew && a.Required:
			replaced = append(replaced, a.Name+"\x00Required, ForceNew")
		case a.Optional && a.HasDefault && !a.DefaultFunc && !a.Computed && !a.Normalised:
			// The plan puts the default back even when the
			// configuration leaves it out (unless a DiffSuppressFunc
			// may hide that).
			defaulted = append(defaulted, a.Name)
		case a.Computed || !a.Required && !a.Optional:
		case reportAnswered && fields[norm(a.Name)] != "":
			// The object Read fetched holds it: Read could have set it.
			answered = append(answered, a.Name+"\x00"+fields[norm(a.Name)])
		case a.Required:
			updated = append(updated, a.Name)
		}
	}
	related := []analysis.RelatedInformation{
		lint.Related(r.Pos, "resource declared here"),
		lint.Related(ref.Pos, "Read is %s", ref.Name()),
	}
	reportNeverSet(rep, read.Pos(), related, r.Name+" "+stub.says, replaced, updated)
	reportDefaultedNeverSet(rep, read.Pos(), related, r.Name+" "+stub.says, defaulted)
	reportAnsweredNeverSet(rep, read.Pos(), related, r.Name+" "+stub.says, answered)
}

// reportAnsweredNeverSet reports the configurable attributes Read never sets
// although the object it fetched holds a field of the same name
// ("name\x00Field").
func reportAnsweredNeverSet(rep *lint.Reporter, pos token.Pos, related []analysis.RelatedInformation, imported string, answered []string) {
	if len(answered) == 0 {
		return
	}
	var parts []string
	for _, s := range sorted(answered) {
		name, field, _ := strings.Cut(s, "\x00")
		parts = append(parts, fmt.Sprintf("%q (the answer's %s)", name, field))
	}
	rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: pos, Related: related,
		Message: fmt.Sprintf("%s, but its Read never sets %s, though the object it fetches holds it: after import the state has no value for it, so the first plan with the matching configuration is not empty, and a change made outside Terraform is never seen; set it in Read from the API's answer", imported, strings.Join(parts, ", "))})
}

// reportNeverSet reports, on Read (which must fill what the importer leaves
// out), the attributes that make the first plan after import replace the
// object ("name\x00flags"), and with -incompleteimport.required those that
// make it update it.
func reportNeverSet(rep *lint.Reporter, pos token.Pos, related []analysis.RelatedInformation, imported string, replaced, updated []string) {
	if len(replaced) > 0 {
		rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: pos, Related: related,
			Message: fmt.Sprintf("%s, but its Read never sets %s: after import the state has no value for it, so the first plan with the matching configuration replaces (destroys and re-creates) the object just imported; set it in Read from the API's answer, or in the importer from the ID", imported, withFlags(sorted(replaced)))})
	}
	if len(updated) > 0 && reportUpdates {
		rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: pos, Related: related,
			Message: fmt.Sprintf("%s, but its Read never sets %s (Required): after import the state has no value for it, so the first plan with the matching configuration is not empty (it updates the object just imported); set it in Read from the API's answer", imported, quoteAll(sorted(updated)))})
	}
}

// reportDefaultedNeverSet reports the Optional attributes with a default
// that neither the importer nor Read sets.
func reportDefaultedNeverSet(rep *lint.Reporter, pos token.Pos, related []analysis.RelatedInformation, imported string, defaulted []string) {
	if len(defaulted) == 0 {
		return
	}
	rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: pos, Related: related,
		Message: fmt.Sprintf("%s, but its Read never sets %s, which has a default: after import the state has no value for it, so the first plan puts the default back even when the configuration leaves it out (the plan after import is not empty); set it in Read from the API's answer, or in the importer to its default", imported, quoteAll(sorted(defaulted)))})
}

func sorted(names []string) []string {
	sort.Strings(names)
	return names
}

// keysSet collects the constant keys d.Set is called with in fn and in the
// package's helpers it hands d to; known is false when d reaches code out of
// sight or a key is not a constant.
func keysSet(fn *ssa.Function) (set map[string]bool, known bool) {
	return keysSetOutside(fn, nil, nil)
}

// keysSetOutside is keysSet without the d.Set calls made directly in skip
// (its callees still count); when only is set, fn's own instructions it
// refuses are left out (code that cannot run before a lookup).
func keysSetOutside(fn, skip *ssa.Function, only func(ssa.Instruction) bool) (set map[string]bool, known bool) {
	top := fn
	set = map[string]bool{}
	// A helper handed a map literal is visited once per map.
	type visitKey struct {
		fn  *ssa.Function
		lit ssa.Value
	}
	seen := map[visitKey]bool{}
	// args are the call's arguments, for a helper setting the keys of a map
	// it is handed: setAll(d, map[string]any{"name": x}).
	var visit func(fn *ssa.Function, depth int, args []ssa.Value) bool
	visit = func(fn *ssa.Function, depth int, args []ssa.Value) bool {
		key := visitKey{fn: fn}
		for _, a := range args {
			if _, ok := a.(*ssa.MakeMap); ok {
				key.lit = a
			}
		}
		if seen[key] {
			return true
		}
		seen[key] = true
		if depth > 3 || len(fn.Blocks) == 0 {
			return false
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if only != nil && fn == top && !only(instr) {
					continue
				}
				if st, ok := instr.(*ssa.Store); ok && tfapi.IsResourceData(st.Val.Type()) && !intoWriter(st.Addr) && !intoResult(st.Addr) {
					return false // d kept somewhere the check does not follow
				}
				c, ok := instr.(ssa.CallInstruction)
				if ok && writerMethod(c.Common()) {
					keys, isConst := setKeys(fn, args, c.Common().Args[1])
					if !isConst {
						return false
					}
					addKeys(set, keys)
					continue
				}
				if !ok || !tfssa.HandsResourceData(c.Common()) {
					continue
				}
				// A wrapper handed a function of the package with d (a
				// retry) runs that function: follow it, not the wrapper.
				if fns := tfssa.HandedFuncs(c.Common(), fn.Pkg); len(fns) > 0 {
					for _, g := range fns {
						if !visit(g, depth+1, nil) {
							return false
						}
					}
					continue
				}
				callee := c.Common().StaticCallee()
				switch {
				case callee == nil:
					return false
				case callee.Signature.Recv() != nil && tfapi.IsResourceData(callee.Signature.Recv().Type()):
					if callee.Name() == "Set" {
						keys, ok := setKeys(fn, args, c.Common().Args[1])
						if !ok {
							return false
						}
						if fn != skip {
							addKeys(set, keys)
						}
					}
				case callee.Pkg == fn.Pkg:
					if !visit(callee, depth+1, c.Common().Args) {
						return false
					}
				case callee.Pkg != nil && tfapi.IsPluginLib(callee.Pkg.Pkg.Path()):
				default:
					return false
				}
			}
		}
		// Closures (a retry loop's body) set keys on the d they capture.
		for _, anon := range fn.AnonFuncs {
			if !visit(anon, depth, nil) {
				return false
			}
		}
		return true
	}
	return set, visit(fn, 0, nil)
}

// setKeys gives the keys a d.Set key argument stands for: a constant, or the
// keys of the map literal the caller handed in when k ranges over it.
func setKeys(fn *ssa.Function, args []ssa.Value, k ssa.Value) ([]string, bool) {
	if s, ok := tfssa.ConstString(k); ok {
		return []string{s}, true
	}
	if i, ok := tfssa.RangedParam(fn, k); ok && i < len(args) {
		return tfssa.LiteralKeys(args[i])
	}
	return nil, false
}

func addKeys(set map[string]bool, keys []string) {
	for _, k := range keys {
		set[strings.SplitN(k, ".", 2)[0]] = true
	}
}

// withFlags quotes each "name\x00flags" as `"name" (flags)`.
func withFlags(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		name, flags, _ := strings.Cut(n, "\x00")
		q[i] = fmt.Sprintf("%q (%s)", name, flags)
	}
	return strings.Join(q, ", ")
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// A state writer wraps d: `sw := newStateWriter(d); sw.set("name", v)`.
func holdsResourceData(t types.Type) bool {
	st, ok := tfapi.DerefStruct(t)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if tfapi.IsResourceData(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// intoResult: a store of d into a slice literal's element, as an importer
// returns []*schema.ResourceData{d}.
func intoResult(addr ssa.Value) bool {
	_, ok := addr.(*ssa.IndexAddr)
	return ok
}

// intoWriter: a store of d into a field of a state writer.
func intoWriter(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	return ok && holdsResourceData(fa.X.Type())
}

// writerMethod: a method of a state writer called with a key first
// (sw.set("name", v)); methods without arguments (sw.error()) are not writes.
func writerMethod(c *ssa.CallCommon) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !holdsResourceData(fn.Signature.Recv().Type()) || len(c.Args) < 3 {
		return false
	}
	return types.Identical(c.Args[1].Type().Underlying(), types.Typ[types.String])
}

// optionalComputed: Optional+Computed, with no Default (a default fills
// the configuration, not the state, but is also what Read would set).
func optionalComputed(a facts.Attribute) bool {
	return a.Optional && a.Computed && !a.HasDefault
}
