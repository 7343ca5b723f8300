package requestwrite

import (
	"fmt"
	"go/ast"
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
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !writers[sel.Sel.Name] {
			return true
		}
		field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr) // req.State
		if !ok || (field.Sel.Name != "State" && field.Sel.Name != "Plan") {
			return true
		}
		reqType := requestType(pass.TypesInfo.TypeOf(field.X))
		if reqType == "" || !receivedAndDropped(pass.TypesInfo, field.X, stack) {
			return true
		}
		rep.Report(lint.Finding{Rule: "APPLY-5", Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s on %s.%s writes to the request (%s), which the framework never reads back: the write is lost; write to resp.%s",
				sel.Sel.Name, exprString(field.X), field.Sel.Name, reqType, field.Sel.Name)})
		return true
	})
	return nil, nil
}

// receivedAndDropped: the request is a parameter of the enclosing function
// (the framework handed it over) and that function does not return it. A
// request built locally, or modified and returned (a test building inputs for
// a plan modifier), is not a lost write.
func receivedAndDropped(info *types.Info, x ast.Expr, stack []ast.Node) bool {
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
		return obj != nil && isParam(info, typ, obj) && !returns(info, body, obj)
	}
	return false
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
