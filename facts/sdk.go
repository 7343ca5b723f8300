package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// sdkSchemaPkgs maps the helper/schema packages to the SDK they belong to.
var sdkSchemaPkgs = tfapi.SDKSchemaPkgs

func sdkType(t types.Type) (sdk, name string) {
	pkg, n := named(t)
	return sdkSchemaPkgs[pkg], n
}

func sdkKindOf(t types.Type) string {
	if m, ok := types.Unalias(t).Underlying().(*types.Map); ok {
		if sdk, n := sdkType(m.Elem()); sdk != "" && n == "Schema" {
			return "sdkschemamap"
		}
		return ""
	}
	switch sdk, n := sdkType(t); {
	case sdk == "":
		return ""
	case n == "Schema":
		return "sdkschema"
	case n == "Resource":
		return "sdkresource"
	}
	return ""
}

// The spellings of each lifecycle function field, in SDK v1, v2 and legacy.
var sdkFuncFields = map[string]string{
	"Create": "Create", "CreateContext": "Create", "CreateWithoutTimeout": "Create",
	"Read": "Read", "ReadContext": "Read", "ReadWithoutTimeout": "Read",
	"Update": "Update", "UpdateContext": "Update", "UpdateWithoutTimeout": "Update",
	"Delete": "Delete", "DeleteContext": "Delete", "DeleteWithoutTimeout": "Delete",
	"Exists": "Exists",
}

// sdkResourceExpr evaluates an expression of type *schema.Resource.
func (e *env) sdkResourceExpr(x ast.Expr, body *ast.BlockStmt) *SDKResource {
	x = unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = unparen(u.X)
	}
	switch v := x.(type) {
	case *ast.CompositeLit:
		if sdk, n := sdkType(e.pass.TypesInfo.TypeOf(v)); sdk != "" && n == "Resource" {
			return e.sdkResourceLit(v, sdk, body)
		}
		return nil
	case *ast.Ident:
		if lv, ok := e.resolveLocal(body, v); ok {
			r := e.sdkResourceExpr(lv.init, body)
			if r != nil {
				r = cloneSDK(r)
				e.applySDKMutations(r, lv.mutations, body)
			}
			return r
		}
	}
	var obj types.Object
	if call, ok := x.(*ast.CallExpr); ok {
		if fn := e.staticCallee(call); fn != nil {
			obj = fn
		}
	} else if o := e.objectOf(x); isPkgLevel(o) {
		obj = o
	}
	if obj == nil {
		return nil
	}
	if r := e.sdkResourceOf(obj); r != nil {
		r = cloneSDK(r) // the caller names and places it anew
		if call, ok := x.(*ast.CallExpr); ok {
			e.bindSDKVersion(r, call.Args, call.Ellipsis.IsValid())
			e.bindSDKSchema(r, call, body)
			r.Schema.Attributes = e.bindFlags(r.Schema.Attributes, call.Args, call.Ellipsis.IsValid())
		}
		return r
	}
	return nil
}

// bindSDKVersion resolves a SchemaVersion given as the building function's
// parameter (resourceThing(2)) from a call's arguments; a non-constant
// argument leaves the resource unresolved.
func (e *env) bindSDKVersion(r *SDKResource, args []ast.Expr, ellipsis bool) {
	if r.Schema.VersionParam == 0 {
		return
	}
	i := r.Schema.VersionParam - 1
	r.Schema.VersionParam = 0
	if i >= len(args) || ellipsis {
		r.Resolved = false
		return
	}
	n, ok := e.intConst(args[i])
	r.Schema.Version, r.Schema.VersionPos, r.Resolved = n, args[i].Pos(), r.Resolved && ok
}

// callSites lists the calls of fn in the package.
func (e *env) callSites(fn *types.Func) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, f := range e.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && e.staticCallee(call) == fn {
				out = append(out, call)
			}
			return true
		})
	}
	return out
}

// bindAtCallSites resolves the SchemaVersion parameter of a resource built
// by fn from the calls of fn in the package: the model holds one resource
// per function, so calls passing different versions (resourceThing(1),
// resourceThing(2)) are judged at the highest, which needs every upgrader
// the others need. A call passing anything but a constant leaves it
// unresolved.
func (e *env) bindAtCallSites(r *SDKResource, fn *types.Func) *SDKResource {
	if r.Schema.VersionParam == 0 {
		return r
	}
	var best *SDKResource
	for _, call := range e.callSites(fn) {
		c := cloneSDK(r)
		e.bindSDKVersion(c, call.Args, call.Ellipsis.IsValid())
		if !c.Resolved {
			return c
		}
		if best == nil || c.Schema.Version > best.Schema.Version {
			best = c
		}
	}
	if best == nil {
		best = cloneSDK(r)
		best.Resolved, best.Schema.VersionParam = false, 0
	}
	return best
}

func cloneSDK(r *SDKResource) *SDKResource {
	c := *r
	c.Funcs = make(map[string]FuncRef, len(r.Funcs))
	for k, v := range r.Funcs {
		c.Funcs[k] = v
	}
	c.Schema.Attributes = cloneAttrs(r.Schema.Attributes)
	c.Upgraders = append([]Upgrader(nil), r.Upgraders...)
	return &c
}

func (e *env) applySDKMutations(r *SDKResource, muts []*ast.AssignStmt, body *ast.BlockStmt) {
	for _, m := range muts {
		if len(m.Lhs) != 1 || len(m.Rhs) != 1 {
			r.Resolved = false
			continue
		}
		path, key, hasKey, ok := e.mutationTarget(m.Lhs[0])
		switch {
		case !ok || len(path) != 1:
			r.Resolved = false
		case path[0] == "Schema" && hasKey:
			a := e.sdkField(key, m.Rhs[0], body)
			a.Pos = m.Lhs[0].Pos()
			r.Schema.Attributes = setAttr(r.Schema.Attributes, a)
		case path[0] == "Schema" && e.mergeOntoSelf(r, m, body):
		case !hasKey:
			e.sdkResourceField(r, path[0], m.Rhs[0], body)
		default:
			r.Resolved = false
		}
	}
}

// mergeOntoSelf evaluates `x.Schema = merge(x.Schema, more)`: the schema
// the resource holds so far, merged with the other arguments.
func (e *env) mergeOntoSelf(r *SDKResource, m *ast.AssignStmt, body *ast.BlockStmt) bool {
	call, ok := unparen(m.Rhs[0]).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	if vf := e.valueOfExpr(call); vf == nil || !vf.Merge {
		return false
	}
	var attrs []Attribute
	complete, self := r.Schema.Complete && r.SchemaResolved, false
	for _, arg := range call.Args {
		more, ok := r.Schema.Attributes, true
		if sameSelector(arg, m.Lhs[0]) {
			self = true
		} else {
			more, ok = e.sdkSchemaMap(arg, body)
		}
		complete = complete && ok
		for _, a := range cloneAttrs(more) {
			attrs = setAttr(attrs, a) // later arguments win
		}
	}
	if !self {
		return false
	}
	r.Schema.Attributes, r.Schema.Complete, r.SchemaResolved = attrs, complete, true
	return true
}

func (e *env) sdkResourceLit(lit *ast.CompositeLit, sdk string, body *ast.BlockStmt) *SDKResource {
	r := &SDKResource{SDK: sdk, Funcs: map[string]FuncRef{}, Resolved: true, UpgradersResolved: true, Pos: lit.Pos()}
	r.SchemaResolved = true
	r.Schema.Complete = true
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			e.sdkResourceField(r, id.Name, kv.Value, body)
		}
	}
	r.Kind = KindDataSource
	if _, ok := r.Funcs["Create"]; ok {
		r.Kind = KindResource
	}
	return r
}

func (e *env) sdkResourceField(r *SDKResource, name string, v ast.Expr, body *ast.BlockStmt) {
	info := e.pass.TypesInfo
	if op, ok := sdkFuncFields[name]; ok {
		if isNil(info, v) {
			return
		}
		ref := FuncRef{Field: name, Pos: v.Pos()}
		inner := unwrapDecorator(info, v)
		if fn, ok := e.objectOf(inner).(*types.Func); ok {
			ref.Func = FuncName(fn.Origin())
		} else if lit := e.factoryLit(inner); lit.IsValid() {
			ref.Lit = lit
		} else {
			ref.Lit = e.funcLit(inner, body)
		}
		if call, ok := ast.Unparen(v).(*ast.CallExpr); ok && inner != v {
			if w := e.staticCallee(call); w != nil {
				ref.Wrapper = FuncName(w.Origin())
			} else {
				ref.Wrapper = "?"
			}
		}
		r.Funcs[op] = ref
		if op == "Create" {
			r.Kind = KindResource
		}
		return
	}
	switch name {
	case "Schema":
		if e.schemaParam(r, v) {
			return
		}
		attrs, complete := e.sdkSchemaMap(v, body)
		r.Schema.Attributes, r.Schema.Complete = attrs, complete
		r.SchemaResolved = attrs != nil || complete
	case "SchemaFunc":
		attrs, complete := e.sdkSchemaFunc(v)
		r.Schema.Attributes, r.Schema.Complete = attrs, complete
		r.SchemaResolved = attrs != nil || complete
	case "SchemaVersion":
		n, ok := e.intConst(v)
		switch {
		case ok:
			r.Schema.Version, r.Schema.VersionPos = n, v.Pos()
		case e.paramIndex(v) > 0:
			r.Schema.VersionParam, r.Schema.VersionPos = e.paramIndex(v), v.Pos()
		default:
			r.Resolved = false
		}
	case "StateUpgraders":
		r.Upgraders, r.UpgradersResolved = e.sdkUpgraders(v, body)
	case "MigrateState":
		r.MigrateState = !isNil(info, v)
	case "CustomizeDiff":
		r.CustomizeDiff = !isNil(info, v)
		if r.CustomizeDiff {
			funcs, keys, ok := e.customizeDiff(v)
			if !ok {
				funcs, keys = e.funcsMentioned(v), nil
			}
			r.CustomizeDiffFuncs, r.CustomizeDiffKeys = funcs, keys
			r.CustomizeDiffSpan = [2]token.Pos{v.Pos(), v.End()}
		}
	case "Importer":
		r.Importer, r.ImportFunc = e.sdkImporter(v, body)
	}
}

// sdkSchemaFunc evaluates SchemaFunc: a function literal or a named function.
func (e *env) sdkSchemaFunc(v ast.Expr) ([]Attribute, bool) {
	if fl, ok := unparen(v).(*ast.FuncLit); ok {
		ret := returnExpr(fl.Body)
		if ret == nil {
			return nil, false
		}
		return e.sdkSchemaMap(ret, fl.Body)
	}
	if fn, ok := e.objectOf(v).(*types.Func); ok {
		if vf := e.valueOf(fn); vf != nil && vf.Kind == "sdkschemamap" && vf.Unless == nil && vf.AddsTo == 0 {
			return vf.Attrs, vf.Resolved && !vf.Merge
		}
	}
	return nil, false
}

func (e *env) sdkUpgraders(v ast.Expr, body *ast.BlockStmt) ([]Upgrader, bool) {
	lit, ok := unparen(v).(*ast.CompositeLit)
	if !ok {
		return nil, isNil(e.pass.TypesInfo, v)
	}
	var out []Upgrader
	for _, el := range lit.Elts {
		el = unparen(el)
		if u, ok := el.(*ast.UnaryExpr); ok {
			el = unparen(u.X)
		}
		ul, ok := el.(*ast.CompositeLit)
		if !ok {
			return nil, false
		}
		ver, ok := fields(ul)["Version"]
		n, isConst := int64(0), ok
		if ok {
			n, isConst = e.intConst(ver)
		}
		if !isConst && ok {
			return nil, false
		}
		u := Upgrader{Version: n, Pos: ul.Pos()}
		e.sdkUpgraderParts(&u, fields(ul), body)
		out = append(out, u)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, true
}

// sdkImporter classifies a ResourceImporter and names a custom one's function.
func (e *env) sdkImporter(v ast.Expr, body *ast.BlockStmt) (string, FuncRef) {
	if isNil(e.pass.TypesInfo, v) {
		return "", FuncRef{}
	}
	x := unparen(v)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return "unresolved", FuncRef{}
	}
	var ref FuncRef
	for key, fv := range fields(lit) {
		fn, _ := e.objectOf(fv).(*types.Func)
		if fn != nil && strings.HasPrefix(fn.Name(), "ImportStatePassthrough") {
			if _, isSDK := sdkSchemaPkgs[fn.Pkg().Path()]; isSDK {
				return "passthrough", FuncRef{}
			}
		}
		if key == "State" || key == "StateContext" {
			ref = FuncRef{Field: key, Pos: fv.Pos()}
			if fn != nil {
				ref.Func = FuncName(fn.Origin())
			} else {
				ref.Lit = e.funcLit(fv, body)
			}
		}
	}
	return "custom", ref
}

// sdkField evaluates one *schema.Schema expression.
func (e *env) sdkField(name string, x ast.Expr, body *ast.BlockStmt) Attribute {
	x, unknown := elemExpr(name, x)
	switch v := x.(type) {
	case *ast.CompositeLit:
		return e.sdkFieldLit(name, v, body)
	case *ast.Ident:
		if lv, ok := e.resolveLocal(body, v); ok && len(lv.mutations) == 0 {
			return e.sdkField(name, lv.init, body)
		}
	case *ast.CallExpr:
		if vf := e.valueOfExpr(v); vf != nil && vf.Kind == "sdkschema" && vf.Passes > 0 {
			if a, ok := passedThrough(name, v, vf, body, e.sdkField); ok {
				return a
			}
			return unknown
		}
	}
	if vf := e.valueOfExpr(x); vf != nil && vf.Kind == "sdkschema" && vf.Resolved && len(vf.Attrs) == 1 {
		a := vf.Attrs[0]
		a.Name = name
		return a
	}
	return unknown
}

func (e *env) sdkFieldLit(name string, lit *ast.CompositeLit, body *ast.BlockStmt) Attribute {
	a := Attribute{Name: name, Pos: lit.Pos()}
	litPositions(&a, lit)
	f := fields(lit)
	if t, ok := f["Type"]; ok {
		if obj := e.objectOf(t); obj != nil {
			a.Type = strings.ToLower(strings.TrimPrefix(obj.Name(), "Type"))
		}
	}
	other := false
	for key, dst := range map[string]*bool{"Required": &a.Required, "Optional": &a.Optional,
		"Computed": &a.Computed, "Sensitive": &a.Sensitive, "WriteOnly": &a.WriteOnly, "ForceNew": &a.ForceNew} {
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
	info := e.pass.TypesInfo
	a.DefaultFunc = f["DefaultFunc"] != nil && !isNil(info, f["DefaultFunc"])
	a.HasDefault = (f["Default"] != nil && !isNil(info, f["Default"])) || a.DefaultFunc
	a.HasValidators = f["ValidateFunc"] != nil || f["ValidateDiagFunc"] != nil
	a.Deprecated = e.nonEmpty(f["Deprecated"]) || e.nonEmpty(f["Removed"])
	a.Normalised = (f["StateFunc"] != nil && !isNil(info, f["StateFunc"])) || (f["DiffSuppressFunc"] != nil && !isNil(info, f["DiffSuppressFunc"]))
	a.DiffSuppress = f["DiffSuppressFunc"] != nil && !isNil(info, f["DiffSuppressFunc"])
	for _, alt := range []struct {
		key string
		dst *[]string
	}{{"ConflictsWith", &a.ConflictsWith}, {"ExactlyOneOf", &a.ExactlyOneOf}} {
		if keys := e.topLevelKeys(f[alt.key]); len(keys) > 0 {
			*alt.dst = keys
			if !a.AlternativesPos.IsValid() {
				a.AlternativesPos = f[alt.key].Pos()
			}
		}
	}
	a.ElemType = e.sdkElemType(a.Type, f["Elem"], body)
	if elem, ok := f["Elem"]; ok && !isNil(info, elem) && sdkKindOf(info.TypeOf(elem)) == "sdkresource" {
		a.Block, a.Nesting = true, a.Type
		if r := e.sdkResourceExpr(elem, body); r != nil && r.SchemaResolved {
			a.Nested = cloneAttrs(r.Schema.Attributes)
			a.Incomplete = !r.Schema.Complete
		} else {
			a.Incomplete = true
		}
	}
	return a
}

// topLevelKeys: the constant top-level keys of a []string literal
// (ConflictsWith, ExactlyOneOf); nested paths are left out, and nothing is
// returned when an element is not a constant.
func (e *env) topLevelKeys(x ast.Expr) []string {
	lit, ok := unparen(x).(*ast.CompositeLit)
	if x == nil || !ok {
		return nil
	}
	var keys []string
	for _, el := range lit.Elts {
		s, ok := e.stringConst(el)
		if !ok {
			return nil
		}
		if s != "" && !strings.Contains(s, ".") {
			keys = append(keys, s)
		}
	}
	return keys
}

// sdkElemType is the primitive element type of a list, set or map: the Type
// of an Elem *schema.Schema, a ValueType Elem, or "string" for a map without
// Elem (the SDK's default). Empty when unknown or not primitive.
func (e *env) sdkElemType(typ string, elem ast.Expr, body *ast.BlockStmt) string {
	if typ != "list" && typ != "set" && typ != "map" {
		return ""
	}
	info := e.pass.TypesInfo
	if elem == nil || isNil(info, elem) {
		if typ == "map" {
			return "string"
		}
		return ""
	}
	var t string
	switch sdkKindOf(info.TypeOf(elem)) {
	case "sdkschema":
		if ea := e.sdkField("", elem, body); !ea.Block {
			t = ea.Type
		}
	case "":
		if c, ok := e.objectOf(elem).(*types.Const); ok {
			if sdk, n := sdkType(c.Type()); sdk != "" && n == "ValueType" {
				t = strings.ToLower(strings.TrimPrefix(c.Name(), "Type"))
			}
		}
	}
	switch t {
	case "string", "int", "float", "bool":
		return t
	}
	return ""
}

// sdkResourceOf returns the resource built by a function or held by a variable.
func (e *env) sdkResourceOf(obj types.Object) *SDKResource {
	if obj.Pkg() != e.pass.Pkg {
		var f SDKResourceFact
		if !e.pass.ImportObjectFact(obj, &f) {
			return nil
		}
		r := cloneSDK(&f.SDKResource)
		clearPos(r.Schema.Attributes)
		r.Pos = 0
		return r
	}
	if r, ok := e.sdk[obj]; ok {
		return r
	}
	if e.inProgress[obj] {
		return nil
	}
	e.inProgress[obj] = true
	defer delete(e.inProgress, obj)
	var r *SDKResource
	switch o := obj.(type) {
	case *types.Func:
		if d := e.funcs[o]; d != nil {
			// No guard here: a resource has no call site to bind it.
			saved, savedBody, savedGuard := e.params, e.fnBody, e.guard
			e.params, e.fnBody, e.guard = o.Signature().Params(), d.Body, nil
			if ret := returnExpr(d.Body); ret != nil {
				r = e.sdkResourceExpr(ret, d.Body)
			}
			e.params, e.fnBody, e.guard = saved, savedBody, savedGuard
			if r == nil {
				r = &SDKResource{Resolved: false, Pos: d.Name.Pos()}
			}
		}
	case *types.Var:
		if init := e.vars[o]; init != nil {
			r = e.sdkResourceExpr(init, nil)
		}
	}
	if r != nil {
		r.Name = obj.Name()
		if !r.Pos.IsValid() {
			r.Pos = obj.Pos()
		}
	}
	e.sdk[obj] = r
	return r
}

// findSDK returns the SDK resources built in the package: by functions and
// variables of type *schema.Resource that set a lifecycle function, and by
// literals written directly into a provider's ResourcesMap/DataSourcesMap.
func (e *env) findSDK() (found []*SDKResource, unresolved []string) {
	kindOverride := map[types.Object]Kind{}
	var inline []*SDKResource
	for _, f := range e.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if sdk, name := sdkType(e.pass.TypesInfo.TypeOf(lit)); sdk == "" || name != "Provider" {
				return true
			}
			for key, kind := range map[string]Kind{"ResourcesMap": KindResource, "DataSourcesMap": KindDataSource} {
				inline = append(inline, e.providerMap(fields(lit)[key], kind, kindOverride)...)
			}
			return true
		})
	}
	var objs []types.Object
	for fn := range e.funcs {
		if sig := fn.Signature(); sig.Results().Len() == 1 && sdkKindOf(sig.Results().At(0).Type()) == "sdkresource" {
			objs = append(objs, fn)
		}
	}
	for v := range e.vars {
		if sdkKindOf(v.Type()) == "sdkresource" {
			objs = append(objs, v)
		}
	}
	// By file name and offset, not token.Pos: the loader adds a package's
	// files to the file set in no fixed order, and which resource a shared
	// function is reported for must not depend on the driver.
	sort.Slice(objs, func(i, j int) bool { return tfapi.SourceOrder(e.pass.Fset, objs[i].Pos(), objs[j].Pos()) })
	priorOnly := e.priorSchemaOnly()
	for _, obj := range objs {
		if priorOnly[obj] {
			continue // an old version kept for a state upgrader's Type
		}
		r := e.sdkResourceOf(obj)
		if fn, ok := obj.(*types.Func); ok && r != nil {
			r = e.bindAtCallSites(r, fn)
		}
		if r == nil || !r.Resolved {
			unresolved = append(unresolved, obj.Name())
			continue
		}
		if len(r.Funcs) == 0 {
			continue // a nested Elem resource, not a resource of its own
		}
		if k, ok := kindOverride[obj]; ok {
			r.Kind = k
		}
		found = append(found, r)
	}
	return append(found, inline...), unresolved
}

// priorSchemaOnly finds the package's *schema.Resource functions used only as
// resourceV0().CoreConfigSchema().ImpliedType(): the schema of an old version
// a state upgrader reads, not a resource Terraform calls. Checking its CRUD
// functions would judge the current ones against a stale schema.
func (e *env) priorSchemaOnly() map[types.Object]bool {
	asPrior := map[types.Object]bool{}
	other := map[types.Object]bool{}
	for _, f := range e.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "CoreConfigSchema" {
				if call, ok := unparen(sel.X).(*ast.CallExpr); ok && len(call.Args) == 0 {
					if fn := e.staticCallee(call); fn != nil {
						asPrior[fn] = true
						return false
					}
				}
			}
			if id, ok := n.(*ast.Ident); ok {
				if fn, ok := e.pass.TypesInfo.Uses[id].(*types.Func); ok {
					other[fn] = true
				}
			}
			return true
		})
	}
	for fn := range asPrior {
		if other[fn] {
			delete(asPrior, fn)
		}
	}
	return asPrior
}

// providerMap records the kind of resources listed in a provider map and
// evaluates the ones written inline.
func (e *env) providerMap(x ast.Expr, kind Kind, override map[types.Object]Kind) []*SDKResource {
	lit, ok := unparen(x).(*ast.CompositeLit)
	if x == nil || !ok {
		return nil
	}
	var out []*SDKResource
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		v := unparen(kv.Value)
		if call, ok := v.(*ast.CallExpr); ok {
			if fn := e.staticCallee(call); fn != nil && fn.Pkg() == e.pass.Pkg {
				override[fn] = kind
			}
			continue
		}
		if _, isLit := v.(*ast.CompositeLit); !isLit {
			if _, isAddr := v.(*ast.UnaryExpr); !isAddr {
				continue
			}
		}
		if r := e.sdkResourceExpr(v, nil); r != nil {
			r.Name, _ = e.stringConst(kv.Key)
			r.Kind = kind
			out = append(out, r)
		}
	}
	return out
}

// funcLit returns the position of the function literal v is, or that the
// local variable v is assigned once in body; NoPos otherwise.
func (e *env) funcLit(v ast.Expr, body *ast.BlockStmt) token.Pos {
	v = unparen(v)
	if id, ok := v.(*ast.Ident); ok {
		lv, ok := e.resolveLocal(body, id)
		if !ok || len(lv.mutations) > 0 {
			return token.NoPos
		}
		v = unparen(lv.init)
	}
	if fl, ok := v.(*ast.FuncLit); ok {
		return fl.Pos()
	}
	return token.NoPos
}

// factoryLit: v calls a function of this package that only builds the
// lifecycle function (Read: readFor(setter), returning func(d, meta) {...}):
// the literal it returns, or NoPos.
func (e *env) factoryLit(v ast.Expr) token.Pos {
	call, ok := ast.Unparen(v).(*ast.CallExpr)
	if !ok {
		return token.NoPos
	}
	fn := e.staticCallee(call)
	decl := e.funcs[fn]
	if fn == nil || decl == nil || decl.Body == nil {
		return token.NoPos
	}
	var lit token.Pos
	returns := 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // returns inside it are its own
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) == 1 {
				if fl, ok := ast.Unparen(n.Results[0]).(*ast.FuncLit); ok {
					lit = fl.Pos()
				}
			}
		}
		return true
	})
	if returns != 1 {
		return token.NoPos
	}
	return lit
}

// unwrapDecorator sees through a wrapper call that takes a function of the
// field's own type and returns one (Vault's ReadContextWrapper(f), retry or
// logging decorators): the wrapped function is the lifecycle body.
func unwrapDecorator(info *types.Info, v ast.Expr) ast.Expr {
	call, ok := ast.Unparen(v).(*ast.CallExpr)
	if !ok {
		return v
	}
	want := info.TypeOf(v)
	var inner ast.Expr
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && want != nil && types.Identical(t.Underlying(), want.Underlying()) {
			if inner != nil {
				return v // two candidates: cannot tell which is the body
			}
			inner = a
		}
	}
	if inner == nil {
		return v
	}
	return inner
}

// funcsMentioned names the functions an expression refers to or calls.
func (e *env) funcsMentioned(v ast.Expr) []string {
	var out []string
	ast.Inspect(v, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if fn, ok := e.pass.TypesInfo.Uses[id].(*types.Func); ok {
			out = append(out, FuncName(fn.Origin()))
		}
		return true
	})
	return out
}

// sdkSchemaMap evaluates a map[string]*schema.Schema expression.
func (e *env) sdkSchemaMap(x ast.Expr, body *ast.BlockStmt) ([]Attribute, bool) {
	return e.attrMap(x, body, "sdkschemamap", e.sdkField)
}

// sdkUpgraderParts records an SDK StateUpgrader's Upgrade function and, when
// its Type is X().CoreConfigSchema().ImpliedType() (directly or returned by
// a package function), the schema of X: the state the function is handed.
func (e *env) sdkUpgraderParts(u *Upgrader, f map[string]ast.Expr, body *ast.BlockStmt) {
	if fv, ok := f["Upgrade"]; ok && !isNil(e.pass.TypesInfo, fv) {
		u.Upgrade = FuncRef{Field: "Upgrade", Pos: fv.Pos()}
		if fn, ok := e.objectOf(fv).(*types.Func); ok {
			u.Upgrade.Func = FuncName(fn.Origin())
		} else {
			u.Upgrade.Lit = e.funcLit(fv, body)
		}
	}
	t, ok := f["Type"]
	if !ok {
		return
	}
	res, resBody, name := e.impliedTypeOf(t, body, "", 0)
	if res == nil {
		return
	}
	r := e.sdkResourceExpr(res, resBody)
	if r == nil || !r.SchemaResolved {
		return
	}
	u.PriorFrom, u.HasPriorSchema = name, true
	if r.Schema.Complete {
		s := r.Schema
		s.Attributes = cloneAttrs(s.Attributes)
		u.Prior = &s
	}
}

// impliedTypeOf returns the *schema.Resource expression R of a Type written
// R.CoreConfigSchema().ImpliedType() (a builder call or a literal), or
// returned so by a package function, with the body it is evaluated in and a
// name for it: the builder's, else the function returning the Type.
func (e *env) impliedTypeOf(t ast.Expr, body *ast.BlockStmt, fnName string, depth int) (ast.Expr, *ast.BlockStmt, string) {
	call, ok := unparen(t).(*ast.CallExpr)
	if !ok || depth > 2 {
		return nil, nil, ""
	}
	if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "ImpliedType" {
		inner, ok := unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return nil, nil, ""
		}
		sel2, ok := unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok || sel2.Sel.Name != "CoreConfigSchema" || sdkKindOf(e.pass.TypesInfo.TypeOf(sel2.X)) != "sdkresource" {
			return nil, nil, ""
		}
		if c, ok := unparen(sel2.X).(*ast.CallExpr); ok {
			if fn := e.staticCallee(c); fn != nil {
				fnName = FuncName(fn.Origin())
			}
		}
		if fnName == "" {
			return nil, nil, ""
		}
		return sel2.X, body, fnName
	}
	if fn := e.staticCallee(call); fn != nil && len(call.Args) == 0 {
		if d := e.funcs[fn]; d != nil && d.Body != nil {
			if ret := returnExpr(d.Body); ret != nil {
				return e.impliedTypeOf(ret, d.Body, FuncName(fn.Origin()), depth+1)
			}
		}
	}
	return nil, nil, ""
}
