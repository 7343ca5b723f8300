// Custom plan modifiers that cannot make a value known in Create.

package attruse

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// CreateInert tells, for a custom plan modifier type ("pkg/path.T")
// declared in this package, whether every PlanModifyXxx method writes
// resp.PlanValue only where the prior state exists (a test that
// req.StateValue or req.State.Raw is not null): a hand-written
// UseStateForUnknown, which leaves a Create plan as it found it.
func CreateInert(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function) func(string) bool {
	memo := map[string]bool{}
	return func(qualified string) bool {
		if v, ok := memo[qualified]; ok {
			return v
		}
		v := createInert(pass, funcs, qualified)
		memo[qualified] = v
		return v
	}
}

func createInert(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function, qualified string) bool {
	name, ok := strings.CutPrefix(qualified, pass.Pkg.Path()+".")
	if !ok {
		return false
	}
	tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	found := false
	for i := 0; i < ms.Len(); i++ {
		m := ms.At(i).Obj().(*types.Func)
		if !strings.HasPrefix(m.Name(), "PlanModify") {
			continue
		}
		fn := funcs[m]
		if fn == nil || len(fn.Params) < 4 || !writesOnlyWithState(fn) {
			return false
		}
		found = true
	}
	return found
}

// writesOnlyWithState: the method stores resp.PlanValue, never hands resp
// to another function, and every store lies where a dominating test found
// the prior state not null.
func writesOnlyWithState(fn *ssa.Function) bool {
	resp := fn.Params[3]
	stores := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if fa, ok := in.Addr.(*ssa.FieldAddr); ok && fa.X == resp && fieldName(fa.X.Type(), fa.Field) == "PlanValue" {
					if !underState(b) {
						return false
					}
					stores++
				}
			case ssa.CallInstruction:
				for _, a := range in.Common().Args {
					if a == resp {
						return false
					}
				}
			}
		}
	}
	return stores > 0
}

func underState(b *ssa.BasicBlock) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cond, holds := tfssa.StripNot(ifi.Cond)
		if holds != (p.Succs[0] == d) && isStateNullTest(cond) {
			return true
		}
	}
	return false
}

// isStateNullTest: req.StateValue.IsNull() or req.State.Raw.IsNull().
func isStateNullTest(cond ssa.Value) bool {
	c, ok := cond.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return false
	}
	if fn := c.Call.StaticCallee(); fn == nil || fn.Name() != "IsNull" {
		return false
	}
	name, x := fieldOf(c.Call.Args[0])
	if name == "StateValue" {
		return true
	}
	if name == "Raw" {
		outer, _ := fieldOf(x)
		return outer == "State"
	}
	return false
}

// fieldOf: the name of the struct field v reads (x.F or *(&x.F)), and x.
func fieldOf(v ssa.Value) (string, ssa.Value) {
	switch v := v.(type) {
	case *ssa.Field:
		return fieldName(v.X.Type(), v.Field), v.X
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fieldName(fa.X.Type(), fa.Field), fa.X
		}
	}
	return "", nil
}

func fieldName(t types.Type, i int) string {
	st, ok := tfapi.DerefStruct(t)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}
