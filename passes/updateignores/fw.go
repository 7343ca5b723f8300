package updateignores

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// fwFindings: a configurable attribute that Read writes, while Create
// never reads it, or Update never reads it and nothing requires replacement.
// An Update that never writes state is missingforcenew's.
func fwFindings(pass *analysis.Pass, r *facts.FrameworkResource, funcs map[*types.Func]*ssa.Function) []lint.Finding {
	if r.Kind != facts.KindResource || !r.SchemaResolved || !r.Schema.Complete {
		return nil
	}
	method := func(name string) *ssa.Function { return funcs[facts.Method(pass.Pkg, r.TypeName, name)] }
	create, read, update := method("Create"), method("Read"), method("Update")
	if create == nil || read == nil {
		return nil
	}
	rd := fieldsOf(read, nil, true)
	cr := fieldsOf(create, read, false)
	var upd keys
	if update == nil || r.ModifyPlanMayReplace || r.UpdateWritesState == "no" {
		update = nil
	} else if upd = fieldsOf(update, read, false); upd.dynamic {
		update = nil
	}
	var out []lint.Finding
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if !(a.Required || a.Optional) || a.Uncertain || a.WriteOnly || !a.Pos.IsValid() || !rd.named[a.Name] {
			continue
		}
		// Each side needs the other as evidence that the attribute is an
		// input the provider sends, not an output declared Optional.
		updateIgnores := update != nil && !mayReplace(a) && !upd.named[a.Name] && cr.named[a.Name]
		switch {
		case r.CreateWritesState != "no" && !cr.dynamic && !cr.named[a.Name] && update != nil && upd.named[a.Name]:
			out = append(out, createFinding(r.TypeName, a, create, rd.at[a.Name], update))
		case updateIgnores:
			out = append(out, updateFinding(r.TypeName, a, update, rd.at[a.Name], "no RequiresReplace", "add RequiresReplace"))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

func mayReplace(a *facts.Attribute) bool {
	for _, m := range a.PlanModifiers {
		if m == "RequiresReplace" || m == "custom" || m == "unresolved" {
			return true
		}
	}
	return false
}

// fieldsOf collects the attributes fn (with its closures and package
// callees, not skip) touches: model fields read (stored, when stores), and
// string constants (path.Root("name")). dynamic: a model handed to code out
// of sight, or turned into an interface.
func fieldsOf(fn, skip *ssa.Function, stores bool) keys {
	k := keys{named: map[string]bool{}, at: map[string]token.Pos{}}
	add := func(name string, pos token.Pos) {
		if !k.named[name] {
			k.named[name], k.at[name] = true, pos
		}
	}
	seen := map[*ssa.Function]bool{skip: true}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		if f == nil || seen[f] || d > depth {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.FieldAddr:
					if tag := tagOf(in.X.Type(), in.Field); tag != "" && (stores == storedOnly(in)) {
						add(tag, in.Pos())
					}
				case *ssa.Field:
					if tag := tagOf(in.X.Type(), in.Field); tag != "" && !stores {
						add(tag, in.Pos())
					}
				case *ssa.MakeInterface:
					if tagged(in.X.Type()) && !onlyToFramework(in) {
						k.dynamic = true
					}
				case *ssa.MakeClosure:
					visit(in.Fn.(*ssa.Function), d)
				case ssa.CallInstruction:
					callee := in.Common().StaticCallee()
					switch {
					case callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil:
						visit(callee, d+1)
					case handsModel(in.Common()) && !frameworkCall(callee):
						k.dynamic = true
					}
				}
				for _, op := range instr.Operands(nil) {
					if c, ok := (*op).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
						add(constant.StringVal(c.Value), instr.Pos())
					}
				}
			}
		}
	}
	visit(fn, 0)
	return k
}

// storedOnly: the field's address is only written through.
func storedOnly(fa *ssa.FieldAddr) bool {
	refs := fa.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); !ok || st.Addr != fa {
			return false
		}
	}
	return true
}

func tagOf(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	tag, _, _ := strings.Cut(reflectTag(st.Tag(i), "tfsdk"), ",")
	if tag == "-" {
		return ""
	}
	return tag
}

func reflectTag(tag, key string) string {
	for tag != "" {
		i := strings.Index(tag, key+`:"`)
		if i < 0 {
			return ""
		}
		rest := tag[i+len(key)+2:]
		if j := strings.IndexByte(rest, '"'); j >= 0 {
			return rest[:j]
		}
		return ""
	}
	return ""
}

// tagged: a struct (or pointer to one) with tfsdk tags.
func tagged(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if tagOf(st, i) != "" {
			return true
		}
	}
	return false
}

func handsModel(c *ssa.CallCommon) bool {
	if c.IsInvoke() && tagged(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if tagged(a.Type()) {
			return true
		}
	}
	return false
}

// frameworkCall: the framework's own Get/Set and friends, which read the
// model for Terraform, not for the API.
func frameworkCall(fn *ssa.Function) bool {
	return fn != nil && strings.Contains(pkgPath(fn), "terraform-plugin-framework")
}

// pkgPath: the package fn is declared in, also for functions of
// dependencies built without a package of their own.
func pkgPath(fn *ssa.Function) string {
	if obj := fn.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	return ""
}

// onlyToFramework: the interface value goes only to framework calls
// (req.Plan.Get(ctx, &plan), resp.State.Set(ctx, &plan)).
func onlyToFramework(v *ssa.MakeInterface) bool {
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		c, ok := r.(ssa.CallInstruction)
		if !ok || !frameworkCall(c.Common().StaticCallee()) {
			return false
		}
	}
	return true
}
