package tfssa

import (
	"go/constant"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// ConstString is the value of a constant string operand.
func ConstString(v ssa.Value) (string, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// HandsResourceData: the call passes an SDK *schema.ResourceData along.
func HandsResourceData(c *ssa.CallCommon) bool {
	for _, a := range c.Args {
		if tfapi.IsResourceData(a.Type()) {
			return true
		}
	}
	return false
}

// StructName qualifies the named struct t (or *t) points at: "pkg/path.T".
func StructName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// ByName indexes the package's SSA functions by facts.FuncName, the way the
// model's FuncRefs name them, and lists them in source order.
func ByName(funcs map[*types.Func]*ssa.Function) (map[string]*ssa.Function, []*ssa.Function) {
	byName := map[string]*ssa.Function{}
	all := make([]*ssa.Function, 0, len(funcs))
	for obj, fn := range funcs {
		byName[facts.FuncName(obj)] = fn
		all = append(all, fn)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Pos() < all[j].Pos() })
	return byName, all
}
