// Rules: APPLY-2, VALIDATE-1 (a framework value's debug rendering used as its value).

package renderedvalue

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Analyzer reports the debug rendering of a framework value (String())
// used as the value: sent, saved or parsed.
var Analyzer = lint.NewAnalyzer(Doc, run, lazyssa.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	// Any package that uses framework values, resources or not: the
	// renderings are often built in helpers and validators.
	if !tfapi.ImportsFramework(pass.Pkg) || !mentionsRendering(pass) {
		return nil, nil
	}
	funcs := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	c := newChecker(funcs)
	for _, fn := range c.all {
		if skipFunc(fn) {
			continue
		}
		for _, f := range c.findings(fn) {
			rep.Report(f)
		}
	}
	return nil, nil
}

// mentionsRendering: a cheap syntactic pre-test, so that the SSA form is
// built only for packages calling String() on a framework value or
// formatting one with fmt.
func mentionsRendering(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if n.Sel.Name == "String" {
					if tv, ok := pass.TypesInfo.Types[n.X]; ok && kindOf(tv.Type) != notValue {
						found = true
					}
				}
			case *ast.CallExpr:
				found = sprints(pass, n)
			}
			return !found
		})
	}
	return found
}

// sprints: call is fmt.Sprint* with a framework string operand.
func sprints(pass *analysis.Pass, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || !strings.HasPrefix(fn.Name(), "Sprint") {
		return false
	}
	for _, a := range call.Args {
		if tv, ok := pass.TypesInfo.Types[a]; ok && kindOf(tv.Type) == quoted && !types.IsInterface(tv.Type) {
			return true
		}
	}
	return false
}

// skipFunc: functions whose strings are descriptions or renderings
// themselves (String, Description, MarkdownDescription of validators and
// plan modifiers, custom types' own methods).
func skipFunc(fn *ssa.Function) bool {
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	switch top.Name() {
	case "String", "Description", "MarkdownDescription", "Error", "GoString":
		return true
	}
	if recv := top.Signature.Recv(); recv != nil && kindOf(recv.Type()) != notValue {
		return true // a custom value type's own methods
	}
	return false
}

// checker holds the package's functions and who calls them, to follow a
// rendering returned by a helper to its callers.
type checker struct {
	all     []*ssa.Function
	callers map[*ssa.Function][]*ssa.Call
}

func newChecker(funcs map[*types.Func]*ssa.Function) *checker {
	c := &checker{callers: map[*ssa.Function][]*ssa.Call{}}
	seen := map[*ssa.Function]bool{}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		c.all = append(c.all, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range funcs {
		add(fn)
	}
	sort.Slice(c.all, func(i, j int) bool { return c.all[i].Pos() < c.all[j].Pos() })
	for _, fn := range c.all {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					if callee := call.Call.StaticCallee(); callee != nil && seen[callee] {
						c.callers[callee] = append(c.callers[callee], call)
					}
				}
			}
		}
	}
	return c
}
