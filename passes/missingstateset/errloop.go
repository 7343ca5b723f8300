package missingstateset

import (
	"go/ast"
	"go/token"
	"go/types"
)

// errorPerElement reports whether the return at pos is an error path, not
// an APPLY-3 success path without state: it ends
//
//	if errs != nil {            // or len(errs) > 0
//		for _, err := range errs { resp.Diagnostics.AddError(...) }
//		return
//	}
//
// The SSA path through the loop's zero iterations adds no error, but a
// non-empty slice always does.
func errorPerElement(body *ast.BlockStmt, pos token.Pos) bool {
	ifs := enclosingIf(body, pos)
	if ifs == nil || len(ifs.Body.List) < 2 {
		return false
	}
	loop, ok := ifs.Body.List[len(ifs.Body.List)-2].(*ast.RangeStmt)
	if !ok || !addsErrorEachTime(loop.Body) {
		return false
	}
	return nonEmptyTest(ifs.Cond, types.ExprString(loop.X))
}

func addsErrorEachTime(b *ast.BlockStmt) bool {
	for _, s := range b.List {
		if es, ok := s.(*ast.ExprStmt); ok {
			if call, ok := es.X.(*ast.CallExpr); ok {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "AddError" {
					return true
				}
			}
		}
	}
	return false
}

// nonEmptyTest: cond is x != nil, len(x) > 0 or len(x) != 0.
func nonEmptyTest(cond ast.Expr, x string) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if be.Op == token.NEQ && types.ExprString(be.Y) == "nil" {
		return types.ExprString(be.X) == x
	}
	if (be.Op == token.GTR || be.Op == token.NEQ) && types.ExprString(be.Y) == "0" {
		return types.ExprString(be.X) == "len("+x+")"
	}
	return false
}
