package fillsnull

import (
	"fmt"
	"go/token"
	"go/types"

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

// Analyzer reports Optional, non-Computed attributes the provider fills in
// when the configuration leaves them out.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// depth is how many package calls below Create, Update or Read are followed.
const depth = 3

var methods = []string{"Create", "Update", "Read"}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK|tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	reported := map[token.Pos]bool{}
	report := func(f lint.Finding) {
		if !reported[f.Pos] {
			reported[f.Pos] = true
			rep.Report(f)
		}
	}
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		attrs := attruse.ByModel(r, model, unset)
		for _, m := range methods {
			for _, f := range frameworkFills(funcs[facts.Method(pass.Pkg, r.TypeName, m)], attrs) {
				report(finding(r.TypeName+"."+m, m, f))
			}
		}
	}
	byName, _ := tfssa.ByName(funcs)
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
			continue
		}
		attrs := map[string]*facts.Attribute{}
		for i := range r.Schema.Attributes {
			if a := &r.Schema.Attributes[i]; unset(a) {
				attrs[a.Name] = a
			}
		}
		// An SDK Read's d.GetOk sees the prior state, not the configuration:
		// a value saved where it is unset is a refresh of the API's answer,
		// also when Create ends by calling Read.
		read := byName[r.Funcs["Read"].Key()]
		for _, m := range methods[:2] {
			fn := byName[r.Funcs[m].Key()]
			for _, f := range sdkFills(fn, read, attrs) {
				report(finding(attruse.FuncName(fn), m, f))
			}
		}
	}
	return nil, nil
}

// unset: an attribute the configuration may leave null whose value nothing
// but the configuration may decide: Optional, not Computed, no Default.
func unset(a *facts.Attribute) bool {
	return a.Optional && !a.Computed && !a.Required && !a.HasDefault && !a.WriteOnly && !a.Uncertain && !a.Block && a.Pos.IsValid()
}

// fill is a store of a value into an attribute on a path where the
// configuration left it null.
type fill struct {
	attr        *facts.Attribute
	store, test token.Pos
}

func finding(fn, method string, f fill) lint.Finding {
	related := []analysis.RelatedInformation{
		lint.Related(f.test, "%q is found null (left out of the configuration) here", f.attr.Name),
		lint.Related(f.attr.Pos, "%q is declared Optional, not Computed, without a default", f.attr.Name),
	}
	rule, what := rules.ID("APPLY-2"), "the plan holds null and the new state a value: Terraform fails with \"Provider produced inconsistent result after apply\" (the SDK only logs it, and every later plan shows a change back to null)"
	if method == "Read" {
		rule, what = "READ-3", "state holds a value the configuration does not, so every plan shows a change back to null"
	}
	return lint.Finding{Rule: rule, Pos: f.store, Related: related,
		Message: fmt.Sprintf("%s fills %q in when the configuration leaves it out, though it is Optional and not Computed: %s; make it Optional+Computed (with the default as a Default or a plan modifier), or leave it null", fn, f.attr.Name, what)}
}

// frameworkFills: stores, in fn and the package functions it calls, of a
// non-null value into a model field bound to an unset attribute, on a path
// where a test found that field null.
func frameworkFills(fn *ssa.Function, attrs map[string]map[string]*facts.Attribute) []fill {
	var out []fill
	tfssa.EachInstr(fn, depth, true, func(instr ssa.Instruction) {
		st, ok := instr.(*ssa.Store)
		if !ok {
			return
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || !saved(fa.X) {
			return
		}
		a := attrs[tfssa.StructName(fa.X.Type())][modelflow.FieldTag(fa)]
		if a == nil || !modelflow.NeverNull(st.Val) {
			return
		}
		notNull := foundSet(st.Block(), a.Name)
		nullSucc := func(c ssa.Value) int {
			if _, eq := c.(*ssa.BinOp); eq && notNull {
				return -1 // == "" after a not-null test: a configured ""
			}
			return fieldNullTest(c, a.Name)
		}
		if test := nullPath(st.Block(), nullSucc); test.IsValid() {
			out = append(out, fill{a, st.Pos(), test})
		}
	})
	return out
}

// saved: the model written is one the function saves (handed to State.Set)
// or was handed (a helper filling its caller's model).
func saved(x ssa.Value) bool {
	switch m := x.(type) {
	case *ssa.Parameter:
		return true
	case *ssa.Alloc:
		for _, r := range *m.Referrers() {
			if mi, ok := r.(*ssa.MakeInterface); ok && toStateSet(mi) {
				return true
			}
		}
	}
	return false
}

func toStateSet(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		callee := c.Common().StaticCallee()
		if callee != nil && callee.Name() == "Set" && callee.Signature.Recv() != nil && tfapi.IsFramework(callee.Signature.Recv().Type(), "tfsdk", "State") {
			return true
		}
	}
	return false
}

// fieldNullTest: which successor of an If with condition c is taken when the
// model field tagged tag is null (or unknown, or ""), or -1: c is
// x.IsNull(), x.IsUnknown(), x.ValueString() == "" (or !=).
func fieldNullTest(c ssa.Value, tag string) int {
	switch x := c.(type) {
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn != nil && (fn.Name() == "IsNull" || fn.Name() == "IsUnknown") && len(x.Call.Args) == 1 && modelflow.LoadedTag(x.Call.Args[0]) == tag {
			return 0
		}
	case *ssa.BinOp:
		v, k := x.X, x.Y
		if _, ok := v.(*ssa.Const); ok {
			v, k = k, v
		}
		if !tfssa.ZeroConst(k) || modelflow.LoadedTag(modelflow.ValueReceiver(v)) != tag {
			return -1
		}
		return eqSucc(x.Op)
	}
	return -1
}

// foundSet: b lies under the not-null branch of x.IsNull() or
// x.IsUnknown() for the field tagged tag.
func foundSet(b *ssa.BasicBlock, tag string) bool {
	for _, t := range b.Parent().Blocks {
		ifi, ok := t.Instrs[len(t.Instrs)-1].(*ssa.If)
		if ok && t.Succs[1].Dominates(b) && len(t.Succs[1].Preds) == 1 {
			if c, ok := ifi.Cond.(*ssa.Call); ok && fieldNullTest(c, tag) == 0 {
				return true
			}
		}
	}
	return false
}

func eqSucc(op token.Token) int {
	switch op {
	case token.EQL:
		return 0
	case token.NEQ:
		return 1
	}
	return -1
}

// nullPath: b is reached from a test that found the attribute null and only
// along paths where every later test agrees (IsNull || IsUnknown, or
// !IsNull && !IsUnknown && != "" returning early); the test's position, or
// NoPos. nullSucc says which successor of a condition means null (-1: not
// a test of the attribute).
func nullPath(b *ssa.BasicBlock, nullSucc func(ssa.Value) int) token.Pos {
	for _, t := range b.Parent().Blocks {
		ifi, ok := t.Instrs[len(t.Instrs)-1].(*ssa.If)
		if !ok || !t.Dominates(b) {
			continue
		}
		n := nullSucc(ifi.Cond)
		if n < 0 || reachesSet(t.Succs[1-n], b, nullSucc) {
			continue
		}
		return tfssa.CondPos(ifi)
	}
	return token.NoPos
}

// reachesSet: b is reachable from start without taking the null successor
// of a test of the attribute (the value is known to be set all along).
func reachesSet(start, b *ssa.BasicBlock, nullSucc func(ssa.Value) int) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		succs := x.Succs
		if ifi, ok := x.Instrs[len(x.Instrs)-1].(*ssa.If); ok {
			if n := nullSucc(ifi.Cond); n >= 0 {
				succs = succs[1-n : 2-n]
			}
		}
		stack = append(stack, succs...)
	}
	return false
}

// sdkFills: d.Set("k", v) calls, in fn and the package functions it calls,
// of a value that is not a zero constant for an unset key k, on a path
// where d.GetOk("k") said it is not set or d.Get("k") was its zero value.
func sdkFills(fn, read *ssa.Function, attrs map[string]*facts.Attribute) []fill {
	var out []fill
	tfssa.EachInstr(fn, depth, true, func(instr ssa.Instruction) {
		c, ok := instr.(ssa.CallInstruction)
		if !ok || (read != nil && instr.Parent() == read) || attruse.ResourceDataMethod(c.Common()) != "Set" || len(c.Common().Args) != 3 {
			return
		}
		k, ok := tfssa.ConstString(c.Common().Args[1])
		a := attrs[k]
		if !ok || a == nil || clears(tfssa.StripInterface(c.Common().Args[2])) {
			return
		}
		if test := nullPath(instr.Block(), func(v ssa.Value) int { return keyUnsetTest(v, k) }); test.IsValid() {
			out = append(out, fill{a, instr.Pos(), test})
		}
	})
	return out
}

// clears: v is what the SDK reads as unset: a zero constant, nil, or an
// empty slice literal.
func clears(v ssa.Value) bool {
	if tfssa.ZeroConst(v) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value == nil
	case *ssa.Slice:
		if p, ok := x.X.Type().Underlying().(*types.Pointer); ok {
			if arr, ok := p.Elem().Underlying().(*types.Array); ok {
				_, alloc := x.X.(*ssa.Alloc)
				return alloc && arr.Len() == 0
			}
		}
	}
	return false
}

// keyUnsetTest: which successor of an If with condition c is taken when
// the key k is not set: the ok of d.GetOk("k") (false), or d.Get("k")
// compared with a zero constant.
func keyUnsetTest(c ssa.Value, k string) int {
	switch x := c.(type) {
	case *ssa.Extract:
		if x.Index == 1 && getOf(x.Tuple, k, "GetOk") {
			return 1
		}
	case *ssa.BinOp:
		v, z := x.X, x.Y
		if _, ok := v.(*ssa.Const); ok {
			v, z = z, v
		}
		if ta, ok := v.(*ssa.TypeAssert); ok && tfssa.ZeroConst(z) && getOf(ta.X, k, "Get") {
			return eqSucc(x.Op)
		}
	}
	return -1
}

func getOf(v ssa.Value, k, method string) bool {
	call, ok := v.(*ssa.Call)
	if !ok || attruse.ResourceDataMethod(call.Common()) != method || len(call.Call.Args) != 2 {
		return false
	}
	key, ok := tfssa.ConstString(call.Call.Args[1])
	return ok && key == k
}
