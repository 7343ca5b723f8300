package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

const fwPrefix = tfapi.Framework

// fwSchemaPkgs are the framework packages that define schema.Schema and attribute types.
var fwSchemaPkgs = map[string]bool{
	fwPrefix + "resource/schema":   true,
	fwPrefix + "datasource/schema": true,
	fwPrefix + "ephemeral/schema":  true,
}

func isFwSchemaType(t types.Type, name string) bool {
	pkg, n := named(t)
	return fwSchemaPkgs[pkg] && (name == "" || n == name)
}

// fwKindOf classifies a framework schema-related type into a ValueFact kind.
func fwKindOf(t types.Type) string {
	if m, ok := types.Unalias(t).Underlying().(*types.Map); ok {
		if isFwSchemaType(m.Elem(), "Attribute") || isFwSchemaType(m.Elem(), "Block") {
			return "attrs"
		}
		return ""
	}
	pkg, n := named(t)
	if !fwSchemaPkgs[pkg] {
		return ""
	}
	switch {
	case n == "Schema":
		return "schema"
	case n == "Attribute", n == "Block", strings.HasSuffix(n, "Attribute"), strings.HasSuffix(n, "Block"):
		return "attr"
	}
	return ""
}

// fwSchema evaluates an expression of type schema.Schema.
func (e *env) fwSchema(x ast.Expr, body *ast.BlockStmt) (Schema, bool) {
	x = unparen(x)
	// &schema.Schema{...} and *helper() (a helper returning *schema.Schema)
	// both name the schema itself.
	switch u := x.(type) {
	case *ast.UnaryExpr:
		x = unparen(u.X)
	case *ast.StarExpr:
		x = unparen(u.X)
	}
	switch v := x.(type) {
	case *ast.CompositeLit:
		return e.fwSchemaLit(v, body)
	case *ast.SelectorExpr:
		if s, ok := e.factorySchema(v, body); ok {
			return s, true // *f.Schema of a schema factory
		}
	case *ast.Ident:
		if lv, ok := e.resolveLocal(body, v); ok {
			s, ok := e.fwSchema(lv.init, body)
			s.Attributes = cloneAttrs(s.Attributes)
			return s, e.applySchemaMutations(&s, lv.mutations, body) && ok
		}
	}
	if vf := e.valueOfExpr(x); vf != nil && vf.Kind == "schema" {
		return vf.Schema, vf.Resolved
	}
	return Schema{}, false
}

func (e *env) fwSchemaLit(lit *ast.CompositeLit, body *ast.BlockStmt) (Schema, bool) {
	f := fields(lit)
	s := Schema{Complete: true}
	if v, ok := f["Version"]; ok {
		n, isConst := e.intConst(v)
		switch {
		case isConst:
			s.Version, s.VersionPos, s.VersionFrom = n, v.Pos(), e.constName(v)
		case e.paramIndex(v) > 0:
			s.VersionParam, s.VersionPos = e.paramIndex(v), v.Pos()
		default:
			return s, false
		}
	}
	for _, key := range []string{"Attributes", "Blocks"} {
		if v, ok := f[key]; ok {
			attrs, complete := e.fwAttrs(v, body)
			s.Attributes = append(s.Attributes, attrs...)
			s.Complete = s.Complete && complete
		}
	}
	return s, true
}

func (e *env) applySchemaMutations(s *Schema, muts []*ast.AssignStmt, body *ast.BlockStmt) bool {
	for _, m := range muts {
		if len(m.Lhs) != 1 || len(m.Rhs) != 1 {
			return false
		}
		path, key, hasKey, ok := e.mutationTarget(m.Lhs[0])
		switch {
		case !ok:
			return false
		case len(path) == 1 && path[0] == "Version" && !hasKey:
			n, isConst := e.intConst(m.Rhs[0])
			if !isConst {
				return false
			}
			s.Version = n
		case len(path) == 1 && (path[0] == "Attributes" || path[0] == "Blocks") && !hasKey && isEmptyMake(m.Rhs[0]):
			// `if s.Blocks == nil { s.Blocks = make(...) }` before adding to it:
			// the same schema as long as there was nothing of that kind.
			if hasKind(s.Attributes, path[0] == "Blocks") {
				return false
			}
		case len(path) == 1 && (path[0] == "Attributes" || path[0] == "Blocks") && hasKey:
			a := e.fwAttr(key, m.Rhs[0], body)
			s.Attributes = setAttr(s.Attributes, a)
		case len(path) == 1 && strings.Contains(path[0], "Description") || len(path) == 1 && path[0] == "DeprecationMessage":
			// documentation only
		default:
			return false
		}
	}
	return true
}

func setAttr(attrs []Attribute, a Attribute) []Attribute {
	for i := range attrs {
		if attrs[i].Name == a.Name {
			attrs[i] = a
			return attrs
		}
	}
	return append(attrs, a)
}

// fwAttrs evaluates a map[string]schema.Attribute (or Block) expression.
func (e *env) fwAttrs(x ast.Expr, body *ast.BlockStmt) ([]Attribute, bool) {
	return e.attrMap(x, body, "attrs", e.fwAttr)
}

// fwAttr evaluates one attribute or block expression; an unresolvable one is
// returned Uncertain and Incomplete so checks leave it alone.
func (e *env) fwAttr(name string, x ast.Expr, body *ast.BlockStmt) Attribute {
	x, unknown := elemExpr(name, x)
	switch v := x.(type) {
	case *ast.CompositeLit:
		if a, ok := e.fwAttrLit(name, v, body); ok {
			return a
		}
		return unknown
	case *ast.Ident:
		if lv, ok := e.resolveLocal(body, v); ok && len(lv.mutations) == 0 {
			return e.fwAttr(name, lv.init, body)
		}
	case *ast.CallExpr:
		if a, ok := e.timeoutsAttr(name, v); ok {
			return a
		}
		if a, ok := e.flagBuilt(name, v, body); ok {
			return a
		}
		if vf := e.valueOfExpr(v); vf != nil && vf.Kind == "attr" && vf.Passes > 0 {
			if a, ok := passedThrough(name, v, vf, body, e.fwAttr); ok {
				return a
			}
			return unknown
		}
	}
	if vf := e.valueOfExpr(x); vf != nil && vf.Kind == "attr" && vf.Resolved && len(vf.Attrs) == 1 {
		a := vf.Attrs[0]
		a.Name = name
		if a.Pos == 0 {
			a.Pos = x.Pos()
		}
		return a
	}
	return unknown
}

func (e *env) fwAttrLit(name string, lit *ast.CompositeLit, body *ast.BlockStmt) (Attribute, bool) {
	_, tn := named(e.pass.TypesInfo.TypeOf(lit))
	if !isFwSchemaType(e.pass.TypesInfo.TypeOf(lit), "") {
		return Attribute{}, false
	}
	a := Attribute{Name: name, Pos: lit.Pos()}
	a.Block = strings.HasSuffix(tn, "Block")
	base := strings.TrimSuffix(strings.TrimSuffix(tn, "Attribute"), "Block")
	switch base {
	case "ListNested":
		a.Type, a.Nesting = "list", "list"
	case "SetNested":
		a.Type, a.Nesting = "set", "set"
	case "MapNested":
		a.Type, a.Nesting = "map", "map"
	case "SingleNested":
		a.Type, a.Nesting = "object", "single"
	default:
		a.Type = strings.ToLower(base)
	}
	litPositions(&a, lit)
	f := fields(lit)
	other := false
	for key, dst := range map[string]*bool{"Required": &a.Required, "Optional": &a.Optional,
		"Computed": &a.Computed, "Sensitive": &a.Sensitive, "WriteOnly": &a.WriteOnly} {
		v, ok := f[key]
		if !ok {
			continue
		}
		b, isConst := e.boolConst(v)
		if !isConst {
			e.nonConstFlag(&a, key, v, &other)
		}
		*dst = b
	}
	settleParamFlags(&a, other)
	a.HasDefault = f["Default"] != nil && !isNil(e.pass.TypesInfo, f["Default"])
	a.CustomType = f["CustomType"] != nil && !isNil(e.pass.TypesInfo, f["CustomType"])
	a.Deprecated = e.nonEmpty(f["DeprecationMessage"])
	a.HasValidators = f["Validators"] != nil && !isNil(e.pass.TypesInfo, f["Validators"])
	if pm, ok := f["PlanModifiers"]; ok {
		a.PlanModifiers = e.planModifiers(pm)
		a.CustomModifiers = e.customModifiers(pm)
	}
	if a.Nesting != "" {
		e.fwNested(&a, f, body)
	}
	return a, true
}

// fwNested fills Nested from NestedObject (list/set/map) or Attributes/Blocks (single).
func (e *env) fwNested(a *Attribute, f map[string]ast.Expr, body *ast.BlockStmt) {
	if no, ok := f["NestedObject"]; ok {
		lit, isLit := unparen(no).(*ast.CompositeLit)
		if !isLit {
			a.Incomplete = true
			return
		}
		f = fields(lit)
	}
	for _, key := range []string{"Attributes", "Blocks"} {
		if v, ok := f[key]; ok {
			attrs, complete := e.fwAttrs(v, body)
			a.Nested = append(a.Nested, attrs...)
			a.Incomplete = a.Incomplete || !complete
		}
	}
}

// planModifiers classifies the elements of a PlanModifiers slice literal.
func (e *env) planModifiers(x ast.Expr) []string {
	if isNil(e.pass.TypesInfo, x) {
		return nil
	}
	lit, ok := unparen(x).(*ast.CompositeLit)
	if !ok {
		return []string{"unresolved"}
	}
	var out []string
	for _, el := range lit.Elts {
		call, ok := unparen(el).(*ast.CallExpr)
		fn := (*types.Func)(nil)
		if ok {
			fn = e.staticCallee(call)
		}
		out = append(out, planModifierKind(fn))
	}
	return out
}

// customModifiers names the concrete types of the custom plan modifiers in a
// PlanModifiers slice literal, where they can be told.
func (e *env) customModifiers(x ast.Expr) []string {
	lit, ok := unparen(x).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []string
	for _, el := range lit.Elts {
		if call, ok := unparen(el).(*ast.CallExpr); ok {
			if fn := e.staticCallee(call); fn != nil && planModifierKind(fn) != "custom" {
				continue
			}
		}
		if t := e.modifierType(el, 0); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// modifierType: the named type of a composite literal (or its address), or of
// the literal a package function returns.
func (e *env) modifierType(x ast.Expr, depth int) string {
	x = unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.CompositeLit:
		if named, ok := types.Unalias(e.pass.TypesInfo.TypeOf(x)).(*types.Named); ok && named.Obj().Pkg() != nil {
			return named.Obj().Pkg().Path() + "." + named.Obj().Name()
		}
	case *ast.CallExpr:
		fn := e.staticCallee(x)
		decl := e.funcs[fn]
		if fn == nil || decl == nil || decl.Body == nil || depth > 2 {
			return ""
		}
		if ret := returnExpr(decl.Body); ret != nil {
			return e.modifierType(ret, depth+1)
		}
	}
	return ""
}

func planModifierKind(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return "custom"
	}
	if !strings.HasPrefix(fn.Pkg().Path(), fwPrefix) || !strings.HasSuffix(fn.Pkg().Path(), "planmodifier") {
		return "custom"
	}
	if strings.HasPrefix(fn.Name(), "RequiresReplace") {
		return "RequiresReplace"
	}
	return fn.Name()
}

// frameworkIfaces lists the interfaces that make a type a framework resource.
var frameworkKinds = []struct {
	kind       Kind
	pkg, iface string
}{
	{KindResource, fwPrefix + "resource", "Resource"},
	{KindDataSource, fwPrefix + "datasource", "DataSource"},
	{KindEphemeral, fwPrefix + "ephemeral", "EphemeralResource"},
}

var optionalIfaces = []struct{ name, suffix string }{
	{"ModifyPlan", "WithModifyPlan"},
	{"ImportState", "WithImportState"},
	{"UpgradeState", "WithUpgradeState"},
	{"MoveState", "WithMoveState"},
	{"ValidateConfig", "WithValidateConfig"},
	{"ConfigValidators", "WithConfigValidators"},
	{"Identity", "WithIdentity"},
	{"Configure", "WithConfigure"},
}

var lifecycleMethods = []string{"Create", "Read", "Update", "Delete", "Open", "Renew", "Close",
	"ModifyPlan", "ImportState", "UpgradeState", "MoveState", "ValidateConfig", "Schema", "Metadata"}

// findFramework returns the framework resources declared in the package.
func (e *env) findFramework() []*FrameworkResource {
	var out []*FrameworkResource
	imports := map[string]*types.Package{}
	for _, p := range e.pass.Pkg.Imports() {
		imports[p.Path()] = p
	}
	scope := e.pass.Pkg.Scope()
	names := scope.Names()
	for _, name := range names {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
			continue
		}
		if _, isNamed := tn.Type().(*types.Named); !isNamed || tn.Type().(*types.Named).TypeParams().Len() > 0 {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		for _, k := range frameworkKinds {
			pkg := imports[k.pkg]
			if pkg == nil {
				continue
			}
			iface := lookupIface(pkg, k.iface)
			if iface == nil || !types.Implements(ptr, iface) {
				continue
			}
			r := &FrameworkResource{Kind: k.kind, TypeName: tn.Name(), Pos: tn.Pos()}
			for _, o := range optionalIfaces {
				if it := lookupIface(pkg, k.iface+o.suffix); it != nil && types.Implements(ptr, it) {
					r.Interfaces = append(r.Interfaces, o.name)
				}
			}
			e.describeFramework(r, tn)
			out = append(out, r)
			break
		}
	}
	return out
}

func lookupIface(pkg *types.Package, name string) *types.Interface {
	obj, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	it, _ := obj.Type().Underlying().(*types.Interface)
	return it
}

// method returns the declaration of a method of *T, if declared in this package.
func (e *env) method(tn *types.TypeName, name string) (*types.Func, *ast.FuncDecl) {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, tn.Pkg(), name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, nil
	}
	return fn, e.funcs[fn]
}

func (e *env) describeFramework(r *FrameworkResource, tn *types.TypeName) {
	for _, m := range lifecycleMethods {
		if fn, _ := e.method(tn, m); fn != nil {
			r.Methods = append(r.Methods, m)
		}
	}
	if fn, decl := e.method(tn, "Schema"); decl != nil {
		r.Schema, r.SchemaResolved = e.schemaFromMethod(decl)
		if !r.SchemaResolved {
			r.Schema, r.SchemaResolved = e.schemaFromField(tn, fn)
		}
	} else if fn != nil {
		r.Schema, r.SchemaResolved = e.schemaFromField(tn, fn)
	}
	if _, decl := e.method(tn, "UpgradeState"); decl != nil {
		r.HasUpgradeState, r.UpgradeStatePos = true, decl.Name.Pos()
		r.Upgraders, r.UpgradersResolved = e.fwUpgraders(decl)
	} else if fn, _ := e.method(tn, "UpgradeState"); fn != nil {
		r.HasUpgradeState = true // declared elsewhere (embedded): not resolved
	}
	if _, decl := e.method(tn, "Update"); decl != nil {
		r.UpdateWritesState, r.UpdatePos = e.writesResponseState(decl), decl.Name.Pos()
	}
	if _, decl := e.method(tn, "Create"); decl != nil {
		r.CreateWritesState = e.writesResponseState(decl)
	}
	if fn, decl := e.method(tn, "ModifyPlan"); decl != nil {
		r.ModifyPlanMayReplace = e.mayRequireReplace(decl)
	} else if fn != nil {
		r.ModifyPlanMayReplace = true // declared elsewhere: assume it may
	}
	r.Models = e.boundModels(tn)
}

// writesResponseState tells whether a lifecycle method writes resp.State:
// a Set/SetAttribute/RemoveResource call on it or an assignment to it.
// When resp is handed to other code the answer is "unknown".
func (e *env) writesResponseState(decl *ast.FuncDecl) string {
	params := decl.Type.Params.List
	if len(params) == 0 {
		return "unknown"
	}
	if names := params[len(params)-1].Names; len(names) == 0 || names[len(names)-1].Name == "_" {
		return "no" // an unnamed response cannot be written
	}
	if len(params[len(params)-1].Names) != 1 {
		return "unknown"
	}
	resp := e.pass.TypesInfo.Defs[params[len(params)-1].Names[0]]
	if resp == nil {
		return "unknown"
	}
	isRespState := func(x ast.Expr) bool {
		sel, ok := unparen(x).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "State" {
			return false
		}
		id, ok := unparen(sel.X).(*ast.Ident)
		return ok && e.pass.TypesInfo.Uses[id] == resp
	}
	result := "no"
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := unparen(n.Fun).(*ast.SelectorExpr); ok && isRespState(sel.X) {
				result = "yes"
			}
			for _, a := range n.Args {
				if id, ok := unparen(a).(*ast.Ident); ok && e.pass.TypesInfo.Uses[id] == resp && result != "yes" {
					result = "unknown"
				}
				if isRespState(a) && result != "yes" {
					result = "unknown"
				}
				if u, ok := unparen(a).(*ast.UnaryExpr); ok && isRespState(u.X) && result != "yes" {
					result = "unknown"
				}
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if isRespState(l) {
					result = "yes"
				}
				if sel, ok := unparen(l).(*ast.SelectorExpr); ok && isRespState(sel.X) {
					result = "yes"
				}
			}
		}
		// Closures are inspected too: one may write resp.State later.
		return true
	})
	return result
}

// schemaFromMethod follows the single `resp.Schema = ...` assignment of a Schema method.
func (e *env) schemaFromMethod(decl *ast.FuncDecl) (Schema, bool) {
	var rhs []ast.Expr
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := unparen(l).(*ast.SelectorExpr)
				if ok && sel.Sel.Name == "Schema" && isFwSchemaType(e.pass.TypesInfo.TypeOf(sel), "Schema") && len(n.Rhs) == len(n.Lhs) {
					rhs = append(rhs, n.Rhs[i])
				}
			}
		}
		return true
	})
	if len(rhs) != 1 {
		return Schema{}, false
	}
	return e.fwSchema(rhs[0], decl.Body)
}

// fwUpgraders follows the map returned by an UpgradeState method.
func (e *env) fwUpgraders(decl *ast.FuncDecl) ([]Upgrader, bool) {
	ret := returnExpr(decl.Body)
	if ret == nil {
		return nil, false
	}
	var lit *ast.CompositeLit
	var muts []*ast.AssignStmt
	switch v := unparen(ret).(type) {
	case *ast.CompositeLit:
		lit = v
	case *ast.Ident:
		lv, ok := e.resolveLocal(decl.Body, v)
		if !ok {
			return nil, false
		}
		l, isLit := unparen(lv.init).(*ast.CompositeLit)
		if !isLit {
			return nil, false
		}
		lit, muts = l, lv.mutations
	default:
		return nil, false
	}
	var out []Upgrader
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		u, ok := e.fwUpgrader(kv.Key, kv.Value, decl.Body)
		if !ok {
			return nil, false
		}
		out = append(out, u)
	}
	for _, m := range muts {
		ix, ok := unparen(m.Lhs[0]).(*ast.IndexExpr)
		if !ok || len(m.Rhs) != 1 {
			return nil, false
		}
		u, ok := e.fwUpgrader(ix.Index, m.Rhs[0], decl.Body)
		if !ok {
			return nil, false
		}
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, true
}

func (e *env) fwUpgrader(key, val ast.Expr, body *ast.BlockStmt) (Upgrader, bool) {
	v, ok := e.intConst(key)
	if !ok {
		return Upgrader{}, false
	}
	u := Upgrader{Version: v, Pos: key.Pos()}
	lit, ok := unparen(val).(*ast.CompositeLit)
	if !ok {
		return u, true // an upgrader built elsewhere: present, details unknown
	}
	f := fields(lit)
	if ps, ok := f["PriorSchema"]; ok && !isNil(e.pass.TypesInfo, ps) {
		u.HasPriorSchema = true
		if s, ok := e.fwSchema(ps, body); ok && s.Complete {
			u.Prior = &s
		}
	}
	if fnExpr, ok := f["StateUpgrader"]; ok {
		u.ReadsState, u.ReadsStateKnown = e.readsUpgradeRequestState(fnExpr)
		if b := e.funcBody(fnExpr); b != nil {
			u.Decodes = e.stateDecodes(b)
		}
	}
	return u, true
}

// funcBody: the body of a function literal, or of the package function or
// method fnExpr names.
func (e *env) funcBody(fnExpr ast.Expr) *ast.BlockStmt {
	switch v := unparen(fnExpr).(type) {
	case *ast.FuncLit:
		return v.Body
	default:
		if fn, ok := e.objectOf(v).(*types.Func); ok {
			if d := e.funcs[fn.Origin()]; d != nil {
				return d.Body
			}
		}
	}
	return nil
}

// stateDecodes finds req.State.Get(ctx, &m) for an UpgradeStateRequest req,
// with m's named struct type.
func (e *env) stateDecodes(body *ast.BlockStmt) []Decode {
	var out []Decode
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		get, ok := unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || get.Sel.Name != "Get" {
			return true
		}
		state, ok := unparen(get.X).(*ast.SelectorExpr)
		if !ok || state.Sel.Name != "State" {
			return true
		}
		if pkg, name := named(e.pass.TypesInfo.TypeOf(state.X)); pkg != fwPrefix+"resource" || name != "UpgradeStateRequest" {
			return true
		}
		if pkg, name := named(e.pass.TypesInfo.TypeOf(call.Args[1])); pkg != "" && name != "" {
			out = append(out, Decode{Model: pkg + "." + name, Pos: call.Pos()})
		}
		return true
	})
	return out
}

// readsUpgradeRequestState reports whether an upgrader function reads req.State.
func (e *env) readsUpgradeRequestState(fnExpr ast.Expr) (reads, known bool) {
	var body *ast.BlockStmt
	switch v := unparen(fnExpr).(type) {
	case *ast.FuncLit:
		body = v.Body
	default:
		if fn, ok := e.objectOf(v).(*types.Func); ok {
			if d := e.funcs[fn.Origin()]; d != nil {
				body = d.Body
			}
		}
	}
	if body == nil {
		return false, false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "State" {
			return true
		}
		if pkg, name := named(e.pass.TypesInfo.TypeOf(sel.X)); pkg == fwPrefix+"resource" && name == "UpgradeStateRequest" {
			reads = true
		}
		return true
	})
	return reads, true
}

// boundModels finds the struct types passed to Get/Set on tfsdk.Plan, State and Config
// inside the methods of tn.
func (e *env) boundModels(tn *types.TypeName) []string {
	seen := map[string]bool{}
	mset := types.NewMethodSet(types.NewPointer(tn.Type()))
	for i := 0; i < mset.Len(); i++ {
		fn, ok := mset.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		// A method promoted from an embedded generic type (Update of
		// *store[*Model, Model]) is declared once, on the type parameters:
		// read its declaration with the type arguments put in.
		decl := e.funcs[fn.Origin()]
		if decl == nil || decl.Body == nil {
			continue
		}
		targs := recvTypeArgs(fn)
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if name := e.modelOfGetSet(n, targs); name != "" {
				seen[name] = true
			}
			return true
		})
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// recvTypeArgs maps the receiver type parameters of a method of an
// instantiated generic type to their type arguments; nil otherwise.
func recvTypeArgs(fn *types.Func) map[*types.TypeParam]types.Type {
	recv := fn.Signature().Recv()
	params := fn.Origin().Signature().RecvTypeParams()
	if recv == nil || params.Len() == 0 {
		return nil
	}
	t := types.Unalias(recv.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok || named.TypeArgs().Len() != params.Len() {
		return nil
	}
	out := map[*types.TypeParam]types.Type{}
	for i := 0; i < params.Len(); i++ {
		out[params.At(i)] = named.TypeArgs().At(i)
	}
	return out
}

// modelOfGetSet returns the qualified model type of X.Get(ctx, &m) / X.Set(ctx, m)
// when X is a tfsdk.Plan, State or Config; targs gives the type parameters'
// arguments in a generic method (m of type T, T = *Model).
func (e *env) modelOfGetSet(n ast.Node, targs map[*types.TypeParam]types.Type) string {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return ""
	}
	sel, ok := unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Get" && sel.Sel.Name != "Set") {
		return ""
	}
	pkg, name := named(e.pass.TypesInfo.TypeOf(sel.X))
	if pkg != fwPrefix+"tfsdk" || (name != "Plan" && name != "State" && name != "Config") {
		return ""
	}
	t := typeArg(e.pass.TypesInfo.TypeOf(call.Args[1]), targs)
	if t == nil {
		return ""
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = typeArg(p.Elem(), targs)
	}
	nt, ok := types.Unalias(t).(*types.Named)
	if !ok || nt.Obj().Pkg() == nil {
		return ""
	}
	if _, isStruct := nt.Underlying().(*types.Struct); !isStruct {
		return ""
	}
	return nt.Obj().Pkg().Path() + "." + nt.Obj().Name()
}

// typeArg: t, or the type argument a type parameter t stands for.
func typeArg(t types.Type, targs map[*types.TypeParam]types.Type) types.Type {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok && targs[tp] != nil {
		return targs[tp]
	}
	return t
}

// mayRequireReplace tells whether a ModifyPlan method may ask for replacement.
func (e *env) mayRequireReplace(decl *ast.FuncDecl) bool {
	if e.writesResponseState(decl) == "unknown" {
		return true // resp handed to other code
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "RequiresReplace" {
			found = true
		}
		return !found
	})
	return found
}

// isEmptyMake: make(map[...]...) with no entries.
func isEmptyMake(x ast.Expr) bool {
	if lit, ok := unparen(x).(*ast.CompositeLit); ok {
		return len(lit.Elts) == 0 // map[string]schema.Block{}
	}
	c, ok := unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := unparen(c.Fun).(*ast.Ident)
	return ok && id.Name == "make" && len(c.Args) >= 1
}

// hasKind: attrs holds a block (blocks) or an attribute (!blocks).
func hasKind(attrs []Attribute, blocks bool) bool {
	for _, a := range attrs {
		if a.Block == blocks {
			return true
		}
	}
	return false
}

// paramIndex: x names the n-th (1-based) parameter of the helper being
// summarised; 0 otherwise.
func (e *env) paramIndex(x ast.Expr) int {
	id, ok := unparen(x).(*ast.Ident)
	if !ok || e.params == nil {
		return 0
	}
	obj := e.pass.TypesInfo.Uses[id]
	for i := 0; i < e.params.Len(); i++ {
		if e.params.At(i) == obj {
			return i + 1
		}
	}
	return 0
}
