package incompleteimport

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// answerFields collects, by normalised name, the exported fields of the
// structs Read receives from the API: the first result of a call to another
// module's package that also returns an error (out, err := c.GetWidget(id)),
// made by Read or the package functions it calls. An attribute Read never
// sets while the answer holds a field of its name is one Read could have
// filled: the evidence that it was forgotten, not kept from the API
// (IMPORT-3 under -incompleteimport.answered).
func answerFields(read *ssa.Function) map[string]string {
	out := map[string]string{}
	tfssa.EachInstr(read, 2, true, func(instr ssa.Instruction) {
		c, ok := instr.(*ssa.Call)
		if !ok {
			return
		}
		res := c.Call.Signature().Results()
		if res.Len() < 2 || !tfapi.IsError(res.At(res.Len()-1).Type()) || !apiType(res.At(0).Type()) {
			return
		}
		st, ok := tfapi.DerefStruct(res.At(0).Type())
		if !ok {
			return
		}
		for f := range st.Fields() {
			if f.Exported() && !f.Embedded() {
				out[norm(f.Name())] = f.Name()
			}
		}
	})
	return out
}

// apiType: a struct type that is not the plugin SDK's or the standard
// library's.
func apiType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return !tfapi.IsStd(p) && !tfapi.IsPluginLib(p)
}

// norm folds an attribute or field name: "account_id" and "AccountID"
// both become "accountid".
func norm(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}
