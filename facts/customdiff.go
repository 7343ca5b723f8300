package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// DiffKey is a key a customdiff combinator of a CustomizeDiff names, with
// what the combinator does to it.
type DiffKey struct {
	Key string
	// Effect: "forcenew" (ForceNewIf, ForceNewIfChange: a new resource when
	// the condition says so, not always), "computed" (ComputedIf: planned
	// unknown when the condition says so), "validate" (ValidateChange,
	// ValidateValue: the change may be rejected), "guard" (IfValue,
	// IfValueChange: the key only decides whether the inner function runs).
	Effect string
	Pos    token.Pos // the key's argument
}

// combinatorKeyEffect: what each keyed combinator of helper/customdiff does
// to its key; the unkeyed ones (All, Sequence, If) only run functions.
var combinatorKeyEffect = map[string]string{
	"ForceNewIf":       "forcenew",
	"ForceNewIfChange": "forcenew",
	"ComputedIf":       "computed",
	"ValidateChange":   "validate",
	"ValidateValue":    "validate",
	"IfValue":          "guard",
	"IfValueChange":    "guard",
}

// customizeDiff unwraps a CustomizeDiff expression built from the customdiff
// combinators: the functions it runs (named ones by FuncName, literals by
// LitKey — conditions included) and the keys the combinators name. ok is
// false when a part is neither a combinator nor a function value (a factory
// call, a variable): the caller falls back to naming what it mentions.
func (e *env) customizeDiff(v ast.Expr) (funcs []string, keys []DiffKey, ok bool) {
	ok = true
	var walk func(x ast.Expr, depth int)
	walk = func(x ast.Expr, depth int) {
		if !ok {
			return
		}
		if depth > 8 {
			ok = false
			return
		}
		x = unparen(x)
		if fl, isLit := x.(*ast.FuncLit); isLit {
			funcs = append(funcs, LitKey(fl.Pos()))
			return
		}
		if call, isCall := x.(*ast.CallExpr); isCall {
			callee := e.staticCallee(call)
			name := customdiffCombinator(callee)
			if call.Ellipsis.IsValid() || callee == nil {
				ok = false
				return
			}
			if name == "" {
				// A helper returning the CustomizeDiffFunc: it is the function
				// followed, with the functions handed to it.
				funcs = append(funcs, FuncName(callee))
				for _, a := range call.Args {
					if t := e.pass.TypesInfo.TypeOf(a); t != nil && isSignature(t) {
						walk(a, depth+1)
					}
				}
				return
			}
			args := call.Args
			if effect, keyed := combinatorKeyEffect[name]; keyed {
				key, isConst := "", len(args) > 0
				if isConst {
					key, isConst = e.stringConst(args[0])
				}
				if !isConst {
					ok = false
					return
				}
				keys = append(keys, DiffKey{Key: key, Effect: effect, Pos: args[0].Pos()})
				args = args[1:]
			}
			for _, a := range args {
				walk(a, depth+1)
			}
			return
		}
		if fn, isFunc := e.objectOf(x).(*types.Func); isFunc {
			funcs = append(funcs, FuncName(fn.Origin()))
			return
		}
		ok = false
	}
	walk(v, 0)
	return funcs, keys, ok
}

// customdiffCombinator: the name of fn when it is a function of the SDK's
// helper/customdiff package (v2, v1 or legacy), else "".
func customdiffCombinator(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil || !strings.HasSuffix(fn.Pkg().Path(), "/helper/customdiff") {
		return ""
	}
	switch fn.Name() {
	case "All", "Sequence", "If":
		return fn.Name()
	}
	if _, keyed := combinatorKeyEffect[fn.Name()]; keyed {
		return fn.Name()
	}
	return ""
}

// DiffKeysWith: the keys of r's combinators with the given effects.
func (r *SDKResource) DiffKeysWith(effects ...string) []DiffKey {
	var out []DiffKey
	for _, k := range r.CustomizeDiffKeys {
		for _, eff := range effects {
			if k.Effect == eff {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

func isSignature(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
