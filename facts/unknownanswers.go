package facts

import (
	"go/ast"
	"go/types"
)

// AnswersWhenUnknown: the constant bool fn (of this package or, through a
// fact, another one) answers first whenever its i-th argument (receiver
// first) is an unknown framework value, and whether it is summarised so.
func (m *Model) AnswersWhenUnknown(fn *types.Func, i int) (answer, ok bool) {
	s := m.FuncSummary(fn)
	if s == nil || i >= 16 {
		return false, false
	}
	switch {
	case s.UnknownTrue&(1<<i) != 0:
		return true, true
	case s.UnknownFalse&(1<<i) != 0:
		return false, true
	}
	return false, false
}

// unknownAnswers: the arguments (receiver first) of a function answering a
// bool first for which it answers false (first mask) or true (second)
// whenever the argument is an unknown value — IsUnknown() true, IsNull()
// false: `func IsDefined(v attr.Value) bool { return !v.IsNull() &&
// !v.IsUnknown() }`. Only a body of one return, or of tests that return a
// constant followed by one, is read.
func (s *summarizer) unknownAnswers(fn *types.Func, fd *ast.FuncDecl) (falseMask, trueMask uint16) {
	sig := fn.Signature()
	if sig.Results().Len() == 0 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return 0, 0
	}
	for i, v := range sigVars(sig) {
		if i >= 16 || !hasUnknownTest(v.Type()) {
			continue
		}
		switch s.unknownAnswer(fd.Body.List, v) {
		case condTrue:
			trueMask |= 1 << i
		case condFalse:
			falseMask |= 1 << i
		}
	}
	return falseMask, trueMask
}

// hasUnknownTest: t has IsUnknown and IsNull methods (a framework value or
// attr.Value).
func hasUnknownTest(t types.Type) bool {
	ms := types.NewMethodSet(t)
	return ms.Lookup(nil, "IsUnknown") != nil && ms.Lookup(nil, "IsNull") != nil
}

// unknownAnswer: what stmts answer first with v unknown.
func (s *summarizer) unknownAnswer(stmts []ast.Stmt, v *types.Var) cond {
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) == 0 {
				return condUnknown
			}
			return s.unknownCond(st.Results[0], v)
		case *ast.IfStmt:
			if st.Init != nil || st.Else != nil {
				return condUnknown
			}
			switch s.unknownCond(st.Cond, v) {
			case condTrue:
				return s.unknownAnswer(st.Body.List, v)
			case condFalse:
				continue
			}
			return condUnknown
		default:
			return condUnknown
		}
	}
	return condUnknown
}

// unknownCond evaluates e with v unknown: v.IsUnknown() true, v.IsNull()
// false, combined with !, && and ||; constants true and false.
func (s *summarizer) unknownCond(e ast.Expr, v *types.Var) cond {
	return logicCond(e, func(e ast.Expr) cond {
		switch e := e.(type) {
		case *ast.Ident:
			switch s.pass.TypesInfo.Uses[e] {
			case types.Universe.Lookup("true"):
				return condTrue
			case types.Universe.Lookup("false"):
				return condFalse
			}
		case *ast.CallExpr:
			sel, ok := e.Fun.(*ast.SelectorExpr)
			if !ok || len(e.Args) != 0 || !s.isVar(sel.X, v) {
				return condUnknown
			}
			switch sel.Sel.Name {
			case "IsUnknown":
				return condTrue
			case "IsNull":
				return condFalse
			}
		}
		return condUnknown
	})
}
