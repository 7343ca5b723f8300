package missingstateset

import "go/types"

func derefStruct(t types.Type) (*types.Struct, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return st, ok
}

// isDiagnostics reports whether t is the framework's diag.Diagnostics (or a pointer to it).
func isDiagnostics(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "github.com/hashicorp/terraform-plugin-framework/diag" && n.Obj().Name() == "Diagnostics"
}
