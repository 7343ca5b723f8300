package requestwrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Analyzer reports writes to a request's State or Plan.
var Analyzer = lint.NewAnalyzer(Doc, run, inspect.Analyzer)

var writers = map[string]bool{"Set": true, "SetAttribute": true, "RemoveResource": true}

func run(pass *analysis.Pass) (any, error) {
	rep := lint.NewReporter(pass)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		w, ok := requestWrite(pass.TypesInfo, call)
		if !ok || !receivedAndDropped(pass.TypesInfo, w.req, w.field, call, stack) || harmless(pass.TypesInfo, w, stack) {
			return true
		}
		rep.Report(lint.Finding{Rule: "APPLY-5", Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s on %s.%s writes to the request (%s), which the framework never reads back: the write is lost, so %s; %s",
				w.method, exprString(w.req), w.field, w.reqType, w.lost(), w.advice())})
		return true
	})
	return nil, nil
}

// write is a Set/SetAttribute/RemoveResource call on a request's State or Plan.
type write struct {
	call                   *ast.CallExpr
	req                    ast.Expr
	method, field, reqType string
}

// lost says what the user meets when the write never reaches Terraform.
func (w write) lost() string {
	const never = "the value never reaches the %s (and if nothing writes resp.State, %s)"
	switch {
	case strings.HasPrefix(w.reqType, "planmodifier.") || w.reqType == "resource.ModifyPlanRequest":
		return "the plan keeps the value the framework proposed"
	case w.reqType == "resource.ReadRequest" && w.method == "RemoveResource":
		return "the vanished object stays in state and Terraform never plans to re-create it"
	case w.reqType == "resource.ReadRequest":
		return "the refreshed value never reaches the state and changes made outside Terraform do not show in a plan"
	case w.reqType == "resource.CreateRequest":
		return fmt.Sprintf(never, "new state", "the framework fails with \"Missing Resource State After Create\"")
	case w.reqType == "resource.UpdateRequest":
		return fmt.Sprintf(never, "new state", "the prior state comes back and Terraform fails with \"Provider produced inconsistent result after apply\"")
	case w.reqType == "resource.UpgradeStateRequest":
		return fmt.Sprintf(never, "upgraded state", "the framework fails with \"Missing Upgraded Resource State\"")
	case w.reqType == "resource.ImportStateRequest":
		return fmt.Sprintf(never, "import stub", "the framework fails with \"Missing Resource Import State\"")
	}
	return "what it meant to save never reaches Terraform"
}

// advice names where the write belongs. An attribute plan modifier's
// response carries only the attribute's own value.
func (w write) advice() string {
	if strings.HasPrefix(w.reqType, "planmodifier.") {
		return "an attribute plan modifier can change only its own attribute, through resp.PlanValue"
	}
	if w.field == "Plan" && w.reqType != "resource.ModifyPlanRequest" {
		return "the result of an apply is written to resp.State" // Create and Update have no response plan
	}
	return "write to resp." + w.field
}

func requestWrite(info *types.Info, call *ast.CallExpr) (write, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !writers[sel.Sel.Name] {
		return write{}, false
	}
	field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr) // req.State
	if !ok || (field.Sel.Name != "State" && field.Sel.Name != "Plan") {
		return write{}, false
	}
	reqType := requestType(info.TypeOf(field.X))
	return write{call, field.X, sel.Sel.Name, field.Sel.Name, reqType}, reqType != ""
}

// harmless: the lost write changes nothing. A Delete that succeeds has its
// state removed by the framework anyway, and a write repeated on the response
// in the same block (req.State.RemoveResource(ctx); resp.State.RemoveResource(ctx))
// is what the framework sees.
func harmless(info *types.Info, w write, stack []ast.Node) bool {
	if w.method == "RemoveResource" && w.reqType == "resource.DeleteRequest" {
		return true
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if b, ok := stack[i].(*ast.BlockStmt); ok {
			return repeatedOnResponse(info, w, b)
		}
	}
	return false
}

func repeatedOnResponse(info *types.Info, w write, b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || call.Pos() <= w.call.Pos() {
			return !found
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != w.method {
			return true
		}
		field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || field.Sel.Name != w.field || !isResponse(info.TypeOf(field.X)) {
			return true
		}
		// SetAttribute writes one path: only the same path repeats the write.
		found = w.method != "SetAttribute" || sameArg(w.call, call, 1)
		return !found
	})
	return found
}

func isResponse(t types.Type) bool {
	pkg, name := tfapi.Named(t)
	return strings.HasPrefix(pkg, tfapi.Framework) && strings.HasSuffix(name, "Response")
}

func sameArg(a, b *ast.CallExpr, i int) bool {
	return len(a.Args) > i && len(b.Args) > i && types.ExprString(a.Args[i]) == types.ExprString(b.Args[i])
}

// receivedAndDropped: the request is a parameter of the enclosing function
// (the framework handed it over) and, after the write, the function neither
// returns it nor hands it on. A request built locally, modified and returned
// (a test building inputs for a plan modifier), or changed and passed to the
// resource it wraps (r.inner.Read(ctx, req, resp)) is not a lost write.
func receivedAndDropped(info *types.Info, x ast.Expr, field string, call *ast.CallExpr, stack []ast.Node) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	obj := info.Uses[id]
	for i := len(stack) - 1; i >= 0; i-- {
		var typ *ast.FuncType
		var body *ast.BlockStmt
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			typ, body = f.Type, f.Body
		case *ast.FuncLit:
			typ, body = f.Type, f.Body
		default:
			continue
		}
		return obj != nil && isParam(info, typ, obj) && !returns(info, body, obj) && !handedOn(info, body, obj, field, call.End())
	}
	return false
}

// handedOn reports whether body, after pos, uses obj as a whole value (a
// call argument, an assignment, a literal) or reads the written field: a
// later req.Plan.Get(ctx, &m), resp.State.Raw = req.Plan.Raw, or
// fill(ctx, &req.Plan) may carry the write on. Further writes do not.
func handedOn(info *types.Info, body *ast.BlockStmt, obj types.Object, field string, pos token.Pos) bool {
	writeRecv := map[ast.Node]bool{} // req.Plan in req.Plan.Set(...)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && writers[sel.Sel.Name] {
				writeRecv[ast.Unparen(sel.X)] = true
			}
		case *ast.SelectorExpr:
			id, ok := ast.Unparen(n.X).(*ast.Ident)
			if !ok || info.Uses[id] != obj {
				return true
			}
			found = n.Pos() > pos && n.Sel.Name == field && !writeRecv[n]
			return false // req.State: a field, not the request
		case *ast.Ident:
			found = n.Pos() > pos && info.Uses[n] == obj
		}
		return true
	})
	return found
}

func isParam(info *types.Info, typ *ast.FuncType, obj types.Object) bool {
	for _, f := range typ.Params.List {
		for _, n := range f.Names {
			if info.Defs[n] == obj {
				return true
			}
		}
	}
	return false
}

// returns reports whether a return statement of body (not of nested
// function literals) names obj.
func returns(info *types.Info, body *ast.BlockStmt, obj types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				ast.Inspect(r, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && info.Uses[id] == obj {
						found = true
					}
					return !found
				})
			}
		}
		return !found
	})
	return found
}

// requestType names a framework request type (value or pointer), or "".
func requestType(t types.Type) string {
	pkg, name := tfapi.Named(t)
	if !strings.HasPrefix(pkg, tfapi.Framework) || !strings.HasSuffix(name, "Request") {
		return ""
	}
	return pkg[strings.LastIndex(pkg, "/")+1:] + "." + name
}

func exprString(x ast.Expr) string {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		return id.Name
	}
	return "the request"
}
