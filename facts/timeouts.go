package facts

import (
	"go/ast"
	"go/types"
	"path"
	"strings"
)

const timeoutsModule = "github.com/hashicorp/terraform-plugin-framework-timeouts/"

// timeoutsOps names the single operation of the non-resource timeouts
// packages, by package name.
var timeoutsOps = map[string]string{"datasource": "read", "ephemeral": "open", "list": "list", "action": "invoke"}

// timeoutsAttr evaluates a call of terraform-plugin-framework-timeouts
// (timeouts.Block(ctx, timeouts.Opts{Create: true}), timeouts.AttributesAll(ctx), ...):
// a single nested object of optional duration strings, one per operation
// the options name. The nested attributes are left Incomplete when the
// options are not a literal of constants.
func (e *env) timeoutsAttr(name string, call *ast.CallExpr) (Attribute, bool) {
	fn := e.staticCallee(call)
	if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), timeoutsModule) {
		return Attribute{}, false
	}
	a := Attribute{Name: name, Type: "object", Nesting: "single", CustomType: true, HasValidators: true, Pos: call.Pos()}
	switch fn.Name() {
	case "Block", "BlockAll", "BlockWithOpts":
		a.Block = true
	case "Attributes", "AttributesAll", "AttributesWithOpts":
		a.Optional = true
	default:
		return Attribute{}, false
	}
	ops, ok := e.timeoutsOpsOf(path.Base(path.Dir(fn.Pkg().Path())), fn.Name(), call)
	if !ok {
		a.Incomplete = true
		return a, true
	}
	setTimeoutsOps(&a, ops)
	return a, true
}

func setTimeoutsOps(a *Attribute, ops []string) {
	a.Nested, a.Incomplete = nil, false
	for _, op := range ops {
		a.Nested = append(a.Nested, Attribute{Name: op, Type: "string", Optional: true, HasValidators: true})
	}
}

// timeoutsOptsField: for timeouts.Block(ctx, *r.F.Opts) of resource
// timeouts, the receiver field path the options come from.
func (e *env) timeoutsOptsField(x ast.Expr, recv types.Object) []string {
	call, ok := unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	fn := e.staticCallee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != timeoutsModule+"resource/timeouts" {
		return nil
	}
	return e.recvPath(call.Args[1], recv)
}

// timeoutsOpsOf: the operations a timeouts call gives an attribute to.
func (e *env) timeoutsOpsOf(kind, fname string, call *ast.CallExpr) ([]string, bool) {
	if op, ok := timeoutsOps[kind]; ok {
		// Opts there only change descriptions.
		return []string{op}, true
	}
	if kind != "resource" {
		return nil, false
	}
	all := []string{"create", "read", "update", "delete"}
	if strings.HasSuffix(fname, "All") {
		return all, true
	}
	if len(call.Args) != 2 {
		return nil, false
	}
	return e.resourceTimeoutsOps(call.Args[1])
}

// resourceTimeoutsOps: the operations a literal of resource timeouts.Opts names.
func (e *env) resourceTimeoutsOps(x ast.Expr) ([]string, bool) {
	lit := structLit(x)
	if lit == nil {
		return nil, false
	}
	all := []string{"create", "read", "update", "delete"}
	f := fields(lit)
	var ops []string
	for _, op := range all {
		v, set := f[strings.ToUpper(op[:1])+op[1:]]
		if !set {
			continue
		}
		b, isConst := e.boolConst(v)
		if !isConst {
			return nil, false
		}
		if b {
			ops = append(ops, op)
		}
	}
	return ops, true
}
