package facts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// EmptyFailsStd: functions of the standard library (and apimachinery) that
// always return an error for an empty input, by the index of that input.
// yaml.Unmarshal, url.Parse and base64 decoding accept "" and are not here.
var EmptyFailsStd = map[string]int{
	"encoding/json.Unmarshal": 0,
	"strconv.Atoi":            0,
	"strconv.ParseInt":        0,
	"strconv.ParseUint":       0,
	"strconv.ParseFloat":      0,
	"strconv.ParseBool":       0,
	"time.ParseDuration":      0,
	"net.ParseCIDR":           0,
	"k8s.io/apimachinery/pkg/api/resource.ParseQuantity": 0,
}

// FailsOnEmpty reports whether fn, declared in this package or (through a
// fact) in another one, returns a non-nil error whenever its i-th argument
// is "" (the receiver counts as argument 0 of a method, as in SSA).
func (m *Model) FailsOnEmpty(fn *types.Func, i int) bool {
	s := m.FuncSummary(fn)
	return s != nil && i < 16 && s.EmptyFails&(1<<i) != 0
}

// emptyFails: the string arguments (receiver first) for which fd returns a
// non-nil error whenever the argument is "": a parser of a fixed set of
// names (`switch s { case "a", "b": ...; default: return fmt.Errorf(...) }`),
// an `if s == "" { return ..., err }`, or a call of such a parser whose
// error is returned. Anything else before the decision (a loop or a test
// that may return, a new value for the argument) leaves it undecided.
func (s *summarizer) emptyFails(fn *types.Func, fd *ast.FuncDecl) uint16 {
	sig := fn.Signature()
	if sig.Results().Len() == 0 || !tfapi.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return 0
	}
	var out uint16
	for i, v := range sigVars(sig) {
		if i < 16 && isStringKind(v.Type()) && s.failsEmpty(fd.Body.List, v) {
			out |= 1 << i
		}
	}
	return out
}

func isStringKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// failsEmpty: run with v == "", stmts reach a return of a non-nil error.
func (s *summarizer) failsEmpty(stmts []ast.Stmt, v *types.Var) bool {
	for i, st := range stmts {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			return s.returnsError(st, v)
		case *ast.IfStmt:
			if st.Init != nil && s.assigns(st.Init, v) {
				return false
			}
			switch s.emptyCond(st.Cond, v) {
			case condTrue:
				return s.failsEmpty(st.Body.List, v)
			case condFalse:
				if st.Else != nil {
					return false
				}
				continue
			}
			if s.errOf(st.Init, v) != "" && s.returnsErr(st, s.errOf(st.Init, v)) {
				return true // if err := parse(v); err != nil { return err }
			}
			if hasReturn(st) {
				return false
			}
		case *ast.SwitchStmt:
			if st.Init != nil || st.Tag == nil || !s.isVar(st.Tag, v) {
				if hasReturn(st) || s.assigns(st, v) {
					return false
				}
				continue
			}
			return s.switchFails(st, v, stmts[i+1:])
		default:
			if name := s.errOf(st, v); name != "" && i+1 < len(stmts) {
				if ifs, ok := stmts[i+1].(*ast.IfStmt); ok && ifs.Init == nil && s.returnsErr(ifs, name) {
					return true
				}
			}
			if hasReturn(st) || s.assigns(st, v) {
				return false
			}
		}
	}
	return false
}

// switchFails: a switch on v whose cases are all non-empty constant
// strings: "" takes the default, or goes on after the switch.
func (s *summarizer) switchFails(st *ast.SwitchStmt, v *types.Var, rest []ast.Stmt) bool {
	var def *ast.CaseClause
	for _, c := range st.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			def = cc
		}
		for _, e := range cc.List {
			tv, ok := s.pass.TypesInfo.Types[e]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || constant.StringVal(tv.Value) == "" {
				return false
			}
		}
	}
	if def != nil {
		return s.failsEmpty(def.Body, v)
	}
	return s.failsEmpty(rest, v)
}

type cond int

const (
	condUnknown cond = iota
	condTrue
	condFalse
)

func (c cond) not() cond {
	switch c {
	case condTrue:
		return condFalse
	case condFalse:
		return condTrue
	}
	return condUnknown
}

// joinCond combines two operands of && or ||: a deciding operand on either
// side decides (the tests have no effects we follow), two known ones give
// the right-hand one.
func joinCond(op token.Token, x, y cond) cond {
	short := condFalse
	if op == token.LOR {
		short = condTrue
	}
	switch {
	case x == short || y == short:
		return short
	case x != condUnknown && y != condUnknown:
		return y
	}
	return condUnknown
}

// sigVars: the receiver (if any) then the parameters, in the order of a
// summary's bit mask.
func sigVars(sig *types.Signature) []*types.Var {
	var vars []*types.Var
	if sig.Recv() != nil {
		vars = append(vars, sig.Recv())
	}
	for i := 0; i < sig.Params().Len(); i++ {
		vars = append(vars, sig.Params().At(i))
	}
	return vars
}

// logicCond evaluates the !, && and || structure of e, leaving every other
// expression to leaf.
func logicCond(e ast.Expr, leaf func(ast.Expr) cond) cond {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return logicCond(x.X, leaf).not()
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return joinCond(x.Op, logicCond(x.X, leaf), logicCond(x.Y, leaf))
		}
	}
	return leaf(ast.Unparen(e))
}

func boolCond(b bool) cond {
	if b {
		return condTrue
	}
	return condFalse
}

// emptyCond evaluates e with v == "": v == "x", v != "", len(v) == 0 and
// their combinations with &&, || and !.
func (s *summarizer) emptyCond(e ast.Expr, v *types.Var) cond {
	return logicCond(e, func(e ast.Expr) cond {
		b, ok := e.(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return condUnknown
		}
		if r, ok := s.compareEmpty(b.X, b.Y, v); ok {
			return boolCond(r == (b.Op == token.EQL))
		}
		if r, ok := s.compareEmpty(b.Y, b.X, v); ok {
			return boolCond(r == (b.Op == token.EQL))
		}
		return condUnknown
	})
}

// compareEmpty: x is v (or len(v)) and y a constant: whether they are
// equal while v is "".
func (s *summarizer) compareEmpty(x, y ast.Expr, v *types.Var) (bool, bool) {
	tv, ok := s.pass.TypesInfo.Types[y]
	if !ok || tv.Value == nil {
		return false, false
	}
	if s.isVar(x, v) && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value) == "", true
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 1 && s.isVar(call.Args[0], v) {
		if id, ok := call.Fun.(*ast.Ident); ok && s.pass.TypesInfo.Uses[id] == types.Universe.Lookup("len") && tv.Value.Kind() == constant.Int {
			n, exact := constant.Int64Val(tv.Value)
			return exact && n == 0, true
		}
	}
	return false, false
}

// isVar: e is v, or v converted to another string type (platformOS(s)).
func (s *summarizer) isVar(e ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return s.pass.TypesInfo.Uses[e] == v
	case *ast.CallExpr:
		tv, ok := s.pass.TypesInfo.Types[e.Fun]
		return ok && tv.IsType() && len(e.Args) == 1 && isStringKind(tv.Type) && s.isVar(e.Args[0], v)
	}
	return false
}

// returnsError: ret returns, as its last result, a new error
// (errors.New, fmt.Errorf) or the error of a call that fails on v == "".
func (s *summarizer) returnsError(ret *ast.ReturnStmt, v *types.Var) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(s.pass.TypesInfo, last)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if name := fn.Pkg().Path() + "." + fn.Name(); name == "errors.New" || name == "fmt.Errorf" {
		return true
	}
	return s.callFails(last, v)
}

// callFails: call hands v to an argument its callee fails on when "".
func (s *summarizer) callFails(call *ast.CallExpr, v *types.Var) bool {
	fn := typeutil.StaticCallee(s.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	args := call.Args
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if selection := s.pass.TypesInfo.Selections[sel]; selection != nil && selection.Kind() == types.MethodVal {
			args = append([]ast.Expr{sel.X}, args...)
		}
	}
	if i, ok := EmptyFailsStd[fn.Pkg().Path()+"."+fn.Name()]; ok {
		return i < len(args) && s.isVar(args[i], v)
	}
	sum := s.summary(fn)
	if sum == nil || sum.EmptyFails == 0 {
		return false
	}
	for i, a := range args {
		if i < 16 && sum.EmptyFails&(1<<i) != 0 && s.isVar(a, v) {
			return true
		}
	}
	return false
}

// errOf: st assigns to a variable named in its result (`x, err := parse(v)`,
// `err := o.FromString(v)`) the error of a call that fails on v == "";
// that variable's name, or "".
func (s *summarizer) errOf(st ast.Stmt, v *types.Var) string {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return ""
	}
	call, ok := as.Rhs[0].(*ast.CallExpr)
	id, isIdent := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok || !isIdent || id.Name == "_" || !s.callFails(call, v) {
		return ""
	}
	return id.Name
}

// returnsErr: ifs is `if name != nil { ...; return ..., name }`.
func (s *summarizer) returnsErr(ifs *ast.IfStmt, name string) bool {
	bin, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ || !isIdentNamed(bin.X, name) || !isIdentNamed(bin.Y, "nil") || len(ifs.Body.List) == 0 {
		return false
	}
	ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
	return ok && len(ret.Results) > 0 && isIdentNamed(ret.Results[len(ret.Results)-1], name)
}

func isIdentNamed(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func hasReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		if _, ok := x.(*ast.ReturnStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// assigns: n gives v a new value (or takes its address).
func (s *summarizer) assigns(n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && s.pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && s.isVar(x.X, v) {
				found = true
			}
		}
		return !found
	})
	return found
}
