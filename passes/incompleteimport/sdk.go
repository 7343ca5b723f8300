package incompleteimport

import (
	"fmt"
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
		if r.Importer == "passthrough" && r.Schema.Complete {
			checkNeverSet(rep, r, read, ref, lookedUp)
		}
	}
}

// checkNeverSet reports Required attributes a passthrough-imported
// resource's Read never sets, but those IMPORT-1 already named: ForceNew ones
// make the first plan replace the object, others an update in place.
// Sensitive ones are left alone: APIs seldom return secrets.
func checkNeverSet(rep *lint.Reporter, r *facts.SDKResource, read *ssa.Function, ref facts.FuncRef, lookedUp map[string]bool) {
	set, known := keysSet(read)
	if !known {
		return
	}
	var replaced, updated []string
	for _, a := range r.Schema.Attributes {
		switch {
		case !a.Required || a.Uncertain || set[a.Name] || lookedUp[a.Name]:
		case a.ForceNew:
			replaced = append(replaced, a.Name)
		case !a.Sensitive && !a.WriteOnly:
			updated = append(updated, a.Name)
		}
	}
	related := []analysis.RelatedInformation{
		lint.Related(r.Pos, "resource declared here, imported with ImportStatePassthrough"),
		lint.Related(ref.Pos, "Read is %s", ref.Name()),
	}
	// Reported on Read, which must fill what the importer leaves out.
	if len(replaced) > 0 {
		rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: read.Pos(), Related: related,
			Message: fmt.Sprintf("%s is imported with ImportStatePassthrough, but its Read never sets %s (Required, ForceNew): after import the state has no value for it, so the first plan with the matching configuration replaces (destroys and re-creates) the object just imported; set it in the importer (from the ID) or in Read", r.Name, quoteAll(sorted(replaced)))})
	}
	if len(updated) > 0 && reportUpdates {
		rep.Report(lint.Finding{Rule: "IMPORT-3", Pos: read.Pos(), Related: related,
			Message: fmt.Sprintf("%s is imported with ImportStatePassthrough, but its Read never sets %s (Required): after import the state has no value for it, so the first plan with the matching configuration is not empty (it updates the object just imported); set it in Read from the API's answer", r.Name, quoteAll(sorted(updated)))})
	}
}

func sorted(names []string) []string {
	sort.Strings(names)
	return names
}

// keysSet collects the constant keys d.Set is called with in fn and in the
// package's helpers it hands d to; known is false when d reaches code out of
// sight or a key is not a constant.
func keysSet(fn *ssa.Function) (set map[string]bool, known bool) {
	return keysSetOutside(fn, nil)
}

// keysSetOutside is keysSet without the d.Set calls made directly in skip
// (its callees still count).
func keysSetOutside(fn, skip *ssa.Function) (set map[string]bool, known bool) {
	set = map[string]bool{}
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function, depth int) bool
	visit = func(fn *ssa.Function, depth int) bool {
		if seen[fn] {
			return true
		}
		seen[fn] = true
		if depth > 3 || len(fn.Blocks) == 0 {
			return false
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && tfapi.IsResourceData(st.Val.Type()) && !intoWriter(st.Addr) && !intoResult(st.Addr) {
					return false // d kept somewhere the check does not follow
				}
				c, ok := instr.(ssa.CallInstruction)
				if ok && writerMethod(c.Common()) {
					k, isConst := tfssa.ConstString(c.Common().Args[1])
					if !isConst {
						return false
					}
					set[strings.SplitN(k, ".", 2)[0]] = true
					continue
				}
				if !ok || !tfssa.HandsResourceData(c.Common()) {
					continue
				}
				// A wrapper handed a function of the package with d (a
				// retry) runs that function: follow it, not the wrapper.
				if fns := tfssa.HandedFuncs(c.Common(), fn.Pkg); len(fns) > 0 {
					for _, g := range fns {
						if !visit(g, depth+1) {
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
						k, ok := tfssa.ConstString(c.Common().Args[1])
						if !ok {
							return false
						}
						if fn != skip {
							set[strings.SplitN(k, ".", 2)[0]] = true
						}
					}
				case callee.Pkg == fn.Pkg:
					if !visit(callee, depth+1) {
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
			if !visit(anon, depth) {
				return false
			}
		}
		return true
	}
	return set, visit(fn, 0)
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
