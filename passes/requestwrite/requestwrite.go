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
	ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !writers[sel.Sel.Name] {
			return
		}
		field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr) // req.State
		if !ok || (field.Sel.Name != "State" && field.Sel.Name != "Plan") {
			return
		}
		reqType := requestType(pass.TypesInfo.TypeOf(field.X))
		if reqType == "" {
			return
		}
		rep.Report(lint.Finding{Rule: "APPLY-5", Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s on %s.%s writes to the request (%s), which the framework never reads back: the write is lost; write to resp.%s",
				sel.Sel.Name, exprString(field.X), field.Sel.Name, reqType, field.Sel.Name)})
	})
	return nil, nil
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
