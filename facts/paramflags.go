package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Schema helpers shared by a resource and its data source, or by an
// updatable and a replace-only use, take the flags as parameters
// (kubernetes' labelSelectorFields(updatable bool): ForceNew: !updatable).
// In the helper such a flag is unknown, so the attribute is Uncertain and
// every check skips it. ParamFlags records which parameter gives the flag;
// a call passing a constant binds it (bindFlags), and the attribute is
// certain again once every such flag is bound. An attribute Uncertain for
// any other reason carries no ParamFlags and stays Uncertain.

// ParamFlag: Flag equals the helper's Param-th parameter (1-based), negated
// when Not.
type ParamFlag struct {
	Flag  string
	Param int
	Not   bool
}

// paramFlag matches `p` or `!p`, p a bool parameter of the helper being
// summarised.
func (e *env) paramFlag(flag string, x ast.Expr) (ParamFlag, bool) {
	pf := ParamFlag{Flag: flag}
	x = unparen(x)
	for {
		u, ok := x.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		pf.Not, x = !pf.Not, unparen(u.X)
	}
	pf.Param = e.paramIndex(x)
	if pf.Param == 0 {
		return pf, false
	}
	p := e.params.At(pf.Param - 1)
	b, ok := p.Type().Underlying().(*types.Basic)
	return pf, ok && b.Kind() == types.Bool && !e.reassigned(p)
}

// reassigned: the helper's body assigns p or takes its address, so p's
// value at a flag need not be the argument's.
func (e *env) reassigned(p *types.Var) bool {
	if e.fnBody == nil {
		return true
	}
	found := false
	ast.Inspect(e.fnBody, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || e.objectOf(l) == types.Object(p)
			}
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && e.objectOf(n.X) == types.Object(p)
		}
		return !found
	})
	return found
}

// nonConstFlag records a flag that is no constant: bound to a parameter
// when it is one, and the attribute Uncertain either way. other tells
// whether some flag was neither, when no binding can make it certain.
func (e *env) nonConstFlag(a *Attribute, flag string, x ast.Expr, other *bool) {
	a.Uncertain = true
	if pf, ok := e.paramFlag(flag, x); ok {
		a.ParamFlags = append(a.ParamFlags, pf)
	} else {
		*other = true
	}
}

// settleParamFlags ends a literal's evaluation: no binding when some flag
// is unknown for another reason; a fixed order otherwise.
func settleParamFlags(a *Attribute, other bool) {
	if other {
		a.ParamFlags = nil
	}
	slices.SortFunc(a.ParamFlags, func(x, y ParamFlag) int {
		if x.Flag < y.Flag {
			return -1
		}
		if x.Flag > y.Flag {
			return 1
		}
		return 0
	})
}

func hasParamFlags(attrs []Attribute) bool {
	return slices.ContainsFunc(attrs, func(a Attribute) bool { return len(a.ParamFlags) > 0 || hasParamFlags(a.Nested) })
}

// bindFlags binds the parameter flags of attrs (a copy) from a call's
// arguments: a constant sets the flag; the caller's own parameter (p, !p)
// carries the binding on; anything else leaves the attribute Uncertain.
func (e *env) bindFlags(attrs []Attribute, args []ast.Expr, ellipsis bool) []Attribute {
	if !hasParamFlags(attrs) {
		return attrs
	}
	out := cloneAttrs(attrs)
	for i := range out {
		a := &out[i]
		a.Nested = e.bindFlags(a.Nested, args, ellipsis)
		if len(a.ParamFlags) == 0 {
			continue
		}
		var left []ParamFlag
		bound := true
		for _, pf := range a.ParamFlags {
			if ellipsis || pf.Param > len(args) {
				bound = false
				break
			}
			arg := args[pf.Param-1]
			if v, ok := e.boolConst(arg); ok {
				*flagOf(a, pf.Flag) = v != pf.Not
				continue
			}
			relay, ok := e.paramFlag(pf.Flag, arg)
			if !ok {
				bound = false
				break
			}
			relay.Not = relay.Not != pf.Not
			left = append(left, relay)
		}
		a.Lit, a.LitEnd, a.ComputedKV, a.ComputedKVEnd = 0, 0, 0, 0 // the literal's flags are not constants
		switch {
		case !bound:
			a.ParamFlags = nil // Uncertain for good
		case len(left) > 0:
			a.ParamFlags = left
		default:
			a.ParamFlags, a.Uncertain = nil, false
		}
	}
	return out
}

// bindValueFlags binds a helper value's parameter flags at a call.
func (e *env) bindValueFlags(vf *ValueFact, call *ast.CallExpr) *ValueFact {
	if vf == nil || (!hasParamFlags(vf.Attrs) && !hasParamFlags(vf.Schema.Attributes)) {
		return vf
	}
	out := *vf
	out.Attrs = e.bindFlags(vf.Attrs, call.Args, call.Ellipsis.IsValid())
	out.Schema.Attributes = e.bindFlags(vf.Schema.Attributes, call.Args, call.Ellipsis.IsValid())
	return &out
}
