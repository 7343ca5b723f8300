package missingstateset

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// APPLY-3: Terraform calls Update only when the plan differs from the prior state. An
// Update that returns early "because nothing changed" therefore cannot take
// that return when its test compares every attribute that can change in
// place (not RequiresReplace, not Computed-only). noChangeGuard reports
// whether the return at pos ends such an `if <nothing changed> { return }`;
// when it does, uncovered lists the in-place attributes the test does not
// compare (empty: the return is unreachable, or no uncovered attribute is
// certain), and cond is the test.
func noChangeGuard(info *types.Info, body *ast.BlockStmt, pos token.Pos, schema *facts.Schema) (guard bool, uncovered []string, cond ast.Expr) {
	ifs := enclosingIf(body, pos)
	if ifs == nil {
		return false, nil, nil
	}
	compared := map[string]bool{}
	if !comparisons(info, body, ifs.Cond, compared) {
		return false, nil, nil
	}
	if schema == nil {
		return true, nil, ifs.Cond
	}
	for i := range schema.Attributes {
		a := &schema.Attributes[i]
		if inPlace(a) && !compared[a.Name] {
			uncovered = append(uncovered, a.Name)
		}
	}
	return true, uncovered, ifs.Cond
}

// enclosingIf finds the if statement whose own body ends in the return at pos.
func enclosingIf(body *ast.BlockStmt, pos token.Pos) *ast.IfStmt {
	var found *ast.IfStmt
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found != nil {
			return found == nil
		}
		if l := len(ifs.Body.List); l > 0 {
			if ret, ok := ifs.Body.List[l-1].(*ast.ReturnStmt); ok && ret.Pos() == pos {
				found = ifs
			}
		}
		return true
	})
	return found
}

// comparisons reports whether every leaf of cond is a comparison of a model
// field (x.Name.Equal(y), x.Name.ValueString() == y, ...) or a local flag
// that is set under such comparisons; it adds the compared attributes.
func comparisons(info *types.Info, body *ast.BlockStmt, cond ast.Expr, compared map[string]bool) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return c.Op == token.NOT && comparisons(info, body, c.X, compared)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND, token.LOR:
			return comparisons(info, body, c.X, compared) && comparisons(info, body, c.Y, compared)
		case token.EQL, token.NEQ:
			return compareLeaf(info, compared, c.X, c.Y)
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Equal" && len(c.Args) == 1 {
			return compareLeaf(info, compared, sel.X, c.Args[0])
		}
	case *ast.Ident:
		return flagComparisons(info, body, c, compared)
	}
	return false
}

// compareLeaf records the attribute of whichever side is a model field.
func compareLeaf(info *types.Info, compared map[string]bool, x, y ast.Expr) bool {
	ok := false
	for _, e := range []ast.Expr{x, y} {
		if name := fieldAttr(info, e); name != "" {
			compared[name] = true
			ok = true
		}
	}
	return ok
}

// fieldAttr names the attribute of m.Field, m.Field.ValueString() and the like.
func fieldAttr(info *types.Info, e ast.Expr) string {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			e = ast.Unparen(sel.X)
		}
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return ""
	}
	// The field may be promoted from an embedded struct: match the whole path.
	st, ok := tfapi.DerefStruct(s.Recv())
	if !ok {
		return ""
	}
	tag := ""
	facts.EachTagged(st, func(f facts.TaggedField) {
		if slices.Equal(f.Index, s.Index()) {
			tag = f.Tag
		}
	})
	return tag
}

// flagComparisons: id is a local bool ("changed", "noChange") assigned only
// inside ifs whose tests are field comparisons; those comparisons count.
func flagComparisons(info *types.Info, body *ast.BlockStmt, id *ast.Ident, compared map[string]bool) bool {
	obj, ok := info.Uses[id].(*types.Var)
	if !ok || !types.Identical(obj.Type(), types.Typ[types.Bool]) {
		return false
	}
	ok, sets := true, 0
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, isIf := n.(*ast.IfStmt)
		if !isIf || !ok {
			return ok
		}
		if assigns(info, ifs.Body, obj) {
			sets++
			ok = comparisons(info, body, ifs.Cond, compared)
		}
		return true
	})
	return ok && sets > 0
}

func assigns(info *types.Info, b *ast.BlockStmt, obj types.Object) bool {
	for _, s := range b.List {
		if as, ok := s.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.Uses[id] == obj {
					return true
				}
			}
		}
	}
	return false
}

// inPlace: the attribute certainly can differ between plan and prior state
// without a replacement. Computed-only attributes change only along with
// another one; write-only ones are null in both. An attribute whose flags or
// modifiers are not known is not counted, except the conventional optional
// "timeouts" (built by the timeouts module's helpers).
func inPlace(a *facts.Attribute) bool {
	if a.Uncertain || a.HasPlanModifier("unresolved") || a.HasPlanModifier("custom") {
		return a.Name == "timeouts"
	}
	if a.WriteOnly || a.Computed && !a.Optional && !a.Required {
		return false
	}
	for _, m := range a.PlanModifiers {
		if strings.HasPrefix(m, "RequiresReplace") {
			return false
		}
	}
	return true
}
