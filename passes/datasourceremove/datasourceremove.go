package datasourceremove

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports data sources that remove themselves from state.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	rep := lint.NewReporter(pass)
	decls := funcDecls(pass)
	for _, r := range model.Framework {
		if r.Kind != facts.KindDataSource {
			continue
		}
		if fn := facts.Method(pass.Pkg, r.TypeName, "Read"); fn != nil && decls[fn] != nil {
			inspectCalls(decls[fn].Body, func(call *ast.CallExpr, sel *ast.SelectorExpr) {
				if sel.Sel.Name == "RemoveResource" && facts.IsRemoval(pass.TypesInfo, call) && !addsErrorAfter(pass, call) {
					rep.Report(lint.Finding{Rule: "READ-4", Pos: call.Pos(),
						Message: fmt.Sprintf("data source %s removes itself from state in Read: Terraform fails with \"Provider produced null object\", which tells the user nothing about what is missing; report the missing object as an error diagnostic", r.TypeName)})
				}
			})
		}
	}
	for _, r := range model.SDK {
		read, ok := r.Funcs["Read"]
		if r.Kind != facts.KindDataSource || !ok || !r.Resolved {
			continue
		}
		for fn, d := range decls {
			if facts.FuncName(fn) != read.Func {
				continue
			}
			inspectCalls(d.Body, func(call *ast.CallExpr, sel *ast.SelectorExpr) {
				if sel.Sel.Name == "SetId" && facts.IsRemoval(pass.TypesInfo, call) && !returnsErrorAfter(pass, d.Body, call) {
					rep.Report(lint.Finding{Rule: "READ-4", Pos: call.Pos(),
						Message: fmt.Sprintf("data source %s clears its ID in Read: the SDK then returns every attribute null without an error, and whatever reads the data source gets nulls; return an error for the missing object", r.Name)})
				}
			})
		}
	}
	checkNoID(pass, rep, model)
	return nil, nil
}

func funcDecls(pass *analysis.Pass) map[*types.Func]*ast.FuncDecl {
	out := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					out[fn] = fd
				}
			}
		}
	}
	return out
}

func inspectCalls(body *ast.BlockStmt, fn func(*ast.CallExpr, *ast.SelectorExpr)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				fn(call, sel)
			}
		}
		return true
	})
}

// returnsErrorAfter reports whether the statement after the SetId("") call,
// in its block, returns a non-nil error: the data source does fail then.
func returnsErrorAfter(pass *analysis.Pass, body *ast.BlockStmt, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		block, ok := n.(*ast.BlockStmt)
		if !ok || found {
			return !found
		}
		for i, st := range block.List {
			es, ok := st.(*ast.ExprStmt)
			if !ok || es.X != call || i+1 >= len(block.List) {
				continue
			}
			if ret, ok := block.List[i+1].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				tv, known := pass.TypesInfo.Types[ret.Results[0]]
				found = known && !tv.IsNil() && !isEmptyLit(ret.Results[0])
			}
		}
		return !found
	})
	return found
}

// addsErrorAfter reports whether the path after the RemoveResource call
// adds an error diagnostic before it returns, in the call's block or, when
// that block falls through, in the enclosing ones (`if missing {
// RemoveResource }; AddError(...)`): Terraform then reports that error.
func addsErrorAfter(pass *analysis.Pass, call *ast.CallExpr) bool {
	var path []ast.Node // innermost first: path[i] is the child of path[i+1]
	for _, f := range pass.Files {
		if f.Pos() <= call.Pos() && call.End() <= f.End() {
			path, _ = astutil.PathEnclosingInterval(f, call.Pos(), call.End())
		}
	}
	for i := 0; i+1 < len(path); i++ {
		block, ok := path[i+1].(*ast.BlockStmt)
		if !ok {
			continue
		}
		after := false
		for _, st := range block.List {
			if st == path[i] {
				after = true
				continue
			}
			if !after {
				continue
			}
			if _, ok := st.(*ast.ReturnStmt); ok {
				return false
			}
			if addsError(st) {
				return true
			}
		}
	}
	return false
}

// addsError: resp.Diagnostics.AddError(...) as a statement.
func addsError(st ast.Stmt) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	c, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	return ok && (sel.Sel.Name == "AddError" || sel.Sel.Name == "AddAttributeError")
}

// isEmptyLit matches diag.Diagnostics{} (no error).
func isEmptyLit(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}
