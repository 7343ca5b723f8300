package diffsuppress

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK DiffSuppressFuncs that can hide a configured change
// from the plan (PLAN-1): parse.go and otherkeys.go hold the two shapes.
var Analyzer = lint.NewAnalyzer(Doc, run, lazyssa.Analyzer)

// use is one schema literal's DiffSuppressFunc.
type use struct {
	name      string // the attribute's key, "" when the literal is not a map element
	pos       token.Pos
	validated bool // ValidateFunc or ValidateDiagFunc is set
	scalar    bool // TypeBool, TypeInt or TypeFloat: the SDK hands the DSF its own string form
	// configurable: not Computed-only (a value the configuration can hold).
	configurable bool
}

func run(pass *analysis.Pass) (any, error) {
	if !importsSDK(pass.Pkg) {
		return nil, nil
	}
	exprs, uses := collectUses(pass)
	if len(uses) == 0 {
		return nil, nil
	}
	funcs := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	byFn := map[*ssa.Function][]use{}
	lits := literals(funcs)
	for i, e := range exprs {
		for _, fn := range dsfFuncs(pass, e, funcs, lits) {
			if dsfSignature(fn) {
				byFn[fn] = append(byFn[fn], uses[i])
			}
		}
	}
	rep := lint.NewReporter(pass)
	for _, fn := range sortedFuncs(byFn) {
		for _, f := range judge(fn, byFn[fn]) {
			rep.Report(f)
		}
	}
	return nil, nil
}

func judge(fn *ssa.Function, uses []use) []lint.Finding {
	var out []lint.Finding
	if f, ok := lossyParse(fn, uses); ok {
		out = append(out, f)
	}
	if f, ok := otherKeys(fn, uses); ok {
		out = append(out, f)
	}
	return out
}

func importsSDK(pkg *types.Package) bool {
	for _, p := range pkg.Imports() {
		if tfapi.SDKSchemaPkgs[p.Path()] != "" {
			return true
		}
	}
	return false
}

// isSchema: t is an SDK's schema.Schema (through one pointer).
func isSchema(t types.Type) bool {
	p, n := tfapi.Named(t)
	return n == "Schema" && tfapi.SDKSchemaPkgs[p] != ""
}

// collectUses finds the schema literals with a DiffSuppressFunc, with the
// expression it is given.
func collectUses(pass *analysis.Pass) ([]ast.Expr, []use) {
	names := map[*ast.CompositeLit]string{}
	var exprs []ast.Expr
	var uses []use
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			t := pass.TypesInfo.TypeOf(lit)
			if t == nil {
				return true
			}
			if m, ok := t.Underlying().(*types.Map); ok && isSchema(m.Elem()) {
				nameElems(pass, lit, names)
			}
			if !isSchema(t) {
				return true
			}
			fields := litFields(lit)
			dsf := fields["DiffSuppressFunc"]
			if !set(pass, dsf) {
				return true
			}
			exprs = append(exprs, dsf)
			uses = append(uses, use{name: names[lit], pos: dsf.Pos(),
				validated:    set(pass, fields["ValidateFunc"]) || set(pass, fields["ValidateDiagFunc"]),
				scalar:       scalarType(pass, fields["Type"]),
				configurable: !boolField(pass, fields["Computed"]) || boolField(pass, fields["Optional"]) || boolField(pass, fields["Required"])})
			return true
		})
	}
	return exprs, uses
}

// nameElems records the keys of a map[string]*schema.Schema literal's elements.
func nameElems(pass *analysis.Pass, m *ast.CompositeLit, names map[*ast.CompositeLit]string) {
	for _, el := range m.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		tv, ok := pass.TypesInfo.Types[kv.Key]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		v := ast.Unparen(kv.Value)
		if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
			v = ast.Unparen(u.X)
		}
		if lit, ok := v.(*ast.CompositeLit); ok {
			names[lit] = constant.StringVal(tv.Value)
		}
	}
}

func litFields(lit *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out[id.Name] = kv.Value
			}
		}
	}
	return out
}

// set: the field is given, and not nil.
func set(pass *analysis.Pass, e ast.Expr) bool { return e != nil && !isNil(pass, e) }

func isNil(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// boolField: the field is the constant true.
func boolField(pass *analysis.Pass, e ast.Expr) bool {
	if e == nil {
		return false
	}
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

func scalarType(pass *analysis.Pass, e ast.Expr) bool {
	if e == nil {
		return false
	}
	obj := objectOf(pass, e)
	if obj == nil {
		return false
	}
	switch obj.Name() {
	case "TypeBool", "TypeInt", "TypeFloat":
		return true
	}
	return false
}

func objectOf(pass *analysis.Pass, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		return pass.TypesInfo.Uses[x.Sel]
	}
	return nil
}

// literals maps each function literal of the package to its SSA function.
func literals(funcs map[*types.Func]*ssa.Function) map[*ast.FuncLit]*ssa.Function {
	out := map[*ast.FuncLit]*ssa.Function{}
	for _, fn := range tfssa.WithClosures(funcs) {
		if lit, ok := fn.Syntax().(*ast.FuncLit); ok {
			out[lit] = fn
		}
	}
	return out
}

// dsfFuncs: the functions a DiffSuppressFunc expression stands for — a
// function literal, a function of the package, or the functions a package
// function returns (a DSF factory). Functions of other packages are out of
// sight.
func dsfFuncs(pass *analysis.Pass, e ast.Expr, funcs map[*types.Func]*ssa.Function, lits map[*ast.FuncLit]*ssa.Function) []*ssa.Function {
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		if fn := lits[x]; fn != nil {
			return []*ssa.Function{fn}
		}
	case *ast.Ident, *ast.SelectorExpr:
		if obj, ok := objectOf(pass, x).(*types.Func); ok && funcs[obj] != nil {
			return []*ssa.Function{funcs[obj]}
		}
	case *ast.CallExpr:
		if obj, ok := objectOf(pass, x.Fun).(*types.Func); ok && funcs[obj] != nil {
			return returnedFuncs(funcs[obj])
		}
	}
	return nil
}

// returnedFuncs: the function values fn returns (closures or functions).
func returnedFuncs(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		v := ret.Results[0]
		if ct, ok := v.(*ssa.ChangeType); ok { // a named func type (schema.SchemaDiffSuppressFunc)
			v = ct.X
		}
		switch v := v.(type) {
		case *ssa.MakeClosure:
			out = append(out, v.Fn.(*ssa.Function))
		case *ssa.Function:
			out = append(out, v)
		}
	}
	return out
}

// dsfSignature: func(k, old, new string, d *schema.ResourceData) bool, with a body.
func dsfSignature(fn *ssa.Function) bool {
	sig := fn.Signature
	if len(fn.Params) != 4 || sig.Results().Len() != 1 || len(fn.Blocks) == 0 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool && tfapi.IsResourceData(fn.Params[3].Type())
}

func sortedFuncs(m map[*ssa.Function][]use) []*ssa.Function {
	out := make([]*ssa.Function, 0, len(m))
	for fn := range m {
		out = append(out, fn)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// attrNames names the attributes of the uses for a message: `"a"`, `"a" and
// "b"`, `"a" and 3 other attributes`, or "an attribute".
func attrNames(uses []use) string {
	var names []string
	seen := map[string]bool{}
	for _, u := range uses {
		if u.name != "" && !seen[u.name] {
			seen[u.name] = true
			names = append(names, fmt.Sprintf("%q", u.name))
		}
	}
	switch {
	case len(names) == 0:
		return "an attribute"
	case len(names) == 1:
		return names[0]
	case len(names) == 2:
		return names[0] + " and " + names[1]
	}
	return fmt.Sprintf("%s and %d other attributes", names[0], len(names)-1)
}

func useRelated(uses []use) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for i, u := range uses {
		if i == 5 {
			break
		}
		name := u.name
		if name == "" {
			name = "an attribute"
		} else {
			name = fmt.Sprintf("%q", name)
		}
		out = append(out, lint.Related(u.pos, "the DiffSuppressFunc of %s", name))
	}
	return out
}

// label: `name, the DiffSuppressFunc of "a",` or `the DiffSuppressFunc of "a"`
// for a function literal.
func label(fn *ssa.Function, uses []use) string {
	if fn.Parent() != nil {
		return "the DiffSuppressFunc of " + attrNames(uses)
	}
	return fn.Name() + ", the DiffSuppressFunc of " + attrNames(uses) + ","
}
