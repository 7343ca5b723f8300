package facts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// NullOnEmpty reports whether fn, declared in this package or (through a
// fact) in another one, returns a null framework list, set or map whenever
// its i-th argument (a Go slice or map; the receiver is argument 0 of a
// method) is empty.
func (m *Model) NullOnEmpty(fn *types.Func, i int) bool {
	s := m.FuncSummary(fn)
	return s != nil && i >= 0 && i < 16 && s.NullWhenEmpty&(1<<i) != 0
}

// nullWhenEmpty: the Go slice or map arguments (receiver first, or
// pointers to them) for which fd's first result is a framework null
// collection whenever the argument is empty: a converter such as
// `if len(xs) == 0 { return types.SetNull(...) }` used to save an API
// answer. Such a helper cannot tell a configured [] from an absent one.
func (s *summarizer) nullWhenEmpty(fn *types.Func, fd *ast.FuncDecl) uint16 {
	sig := fn.Signature()
	if sig.Results().Len() == 0 || !frameworkCollection(sig.Results().At(0).Type()) {
		return 0
	}
	var out uint16
	for i, v := range sigVars(sig) {
		if i < 16 && goCollection(v.Type()) && s.nullOnEmpty(fd.Body.List, v) {
			out |= 1 << i
		}
	}
	return out
}

// nullOnEmpty: run with v empty, stmts reach a return of a null collection.
func (s *summarizer) nullOnEmpty(stmts []ast.Stmt, v *types.Var) bool {
	for _, st := range stmts {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			return len(st.Results) > 0 && s.nullCall(st.Results[0])
		case *ast.IfStmt:
			if st.Init != nil && s.assigns(st.Init, v) {
				return false
			}
			switch s.collEmptyCond(st.Cond, v) {
			case condTrue:
				return s.nullOnEmpty(st.Body.List, v)
			case condFalse:
				if st.Else != nil {
					return false
				}
				continue
			}
			if hasReturn(st) || s.assigns(st, v) {
				return false
			}
		default:
			if hasReturn(st) || s.assigns(st, v) {
				return false
			}
		}
	}
	return false
}

// collEmptyCond evaluates e with v empty: len(v) == 0, len(*v) > 0 and
// their combinations; v == nil is unknown (an empty value may be non-nil).
func (s *summarizer) collEmptyCond(e ast.Expr, v *types.Var) cond {
	return logicCond(e, func(e ast.Expr) cond {
		b, ok := e.(*ast.BinaryExpr)
		if !ok {
			return condUnknown
		}
		n, ok := s.lenOf(b.X, b.Y, v)
		if !ok {
			return condUnknown
		}
		switch b.Op {
		case token.EQL:
			return boolCond(n == 0)
		case token.NEQ:
			return boolCond(n != 0)
		case token.GTR:
			return boolCond(0 > n)
		case token.LSS:
			return boolCond(0 < n)
		case token.LEQ:
			return boolCond(0 <= n)
		case token.GEQ:
			return boolCond(0 >= n)
		}
		return condUnknown
	})
}

// lenOf: x is len(v) or len(*v) and y an integer constant, returned.
func (s *summarizer) lenOf(x, y ast.Expr, v *types.Var) (int64, bool) {
	tv, ok := s.pass.TypesInfo.Types[y]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return 0, false
	}
	id, ok := call.Fun.(*ast.Ident)
	if !ok || s.pass.TypesInfo.Uses[id] != types.Universe.Lookup("len") {
		return 0, false
	}
	arg := ast.Unparen(call.Args[0])
	if star, ok := arg.(*ast.StarExpr); ok {
		arg = ast.Unparen(star.X)
	}
	if a, ok := arg.(*ast.Ident); !ok || s.pass.TypesInfo.Uses[a] != v {
		return 0, false
	}
	n, exact := constant.Int64Val(tv.Value)
	return n, exact
}

// nullCall: e is types.ListNull, SetNull or MapNull (basetypes.NewXxxNull).
func (s *summarizer) nullCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(s.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), tfapi.Framework) {
		return false
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ListNull", "SetNull", "MapNull":
		return true
	}
	return false
}

// frameworkCollection: basetypes.ListValue, SetValue or MapValue (types.List...).
func frameworkCollection(t types.Type) bool {
	pkg, name := tfapi.Named(t)
	if pkg != tfapi.Framework+"types/basetypes" {
		return false
	}
	switch name {
	case "ListValue", "SetValue", "MapValue":
		return true
	}
	return false
}

// goCollection: a Go slice or map, or a pointer to one.
func goCollection(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}
