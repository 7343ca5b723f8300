package facts

import (
	"go/ast"
	"go/types"
)

// valueOfExpr summarises a call to a helper, or a package-level variable, that
// yields a piece of a schema.
func (e *env) valueOfExpr(x ast.Expr) *ValueFact {
	x = unparen(x)
	if call, ok := x.(*ast.CallExpr); ok {
		if fn := e.staticCallee(call); fn != nil && (libMergers[FuncName(fn)] || fn.Signature().TypeParams().Len() > 0 && e.isMerger(fn)) {
			if k := kindOf(e.pass.TypesInfo.TypeOf(call)); k == "attrs" || k == "sdkschemamap" {
				return &ValueFact{Kind: k, Merge: true, Resolved: true}
			}
			return nil
		}
		if fn := e.staticCallee(call); fn != nil {
			if _, mutation := e.copies[call]; !mutation && e.valueOf(fn) != nil && e.valueOf(fn).AddsTo > 0 {
				return nil // an adder's result used as a value: its summary holds the additions only
			}
			return e.bindValueFlags(e.bindVersion(e.bindGuard(e.valueOf(fn), call), call), call)
		}
		return nil
	}
	if obj := e.objectOf(x); isPkgLevel(obj) {
		if _, isVar := obj.(*types.Var); isVar {
			return e.valueOf(obj)
		}
	}
	return nil
}

// kindOf returns the ValueFact kind of a type, or "".
func kindOf(t types.Type) string {
	if k := fwKindOf(t); k != "" {
		return k
	}
	if k := sdkKindOf(t); k == "sdkschemamap" || k == "sdkschema" {
		return k
	}
	if isVersionsType(t) {
		return "sdkversions"
	}
	return ""
}

// valueOf returns the summary of a function's result or a variable's value,
// from a fact when the object belongs to another package.
func (e *env) valueOf(obj types.Object) *ValueFact {
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	if obj.Pkg() != e.pass.Pkg {
		var f ValueFact
		if !e.pass.ImportObjectFact(obj, &f) {
			return nil
		}
		f.Attrs = cloneAttrs(f.Attrs)
		f.Schema.Attributes = cloneAttrs(f.Schema.Attributes)
		clearPos(f.Attrs)
		clearPos(f.Schema.Attributes)
		for i := range f.Versions {
			f.Versions[i].Attrs = cloneAttrs(f.Versions[i].Attrs)
			clearPos(f.Versions[i].Attrs)
		}
		f.Schema.VersionPos = 0
		return &f
	}
	if vf, ok := e.values[obj]; ok {
		return vf
	}
	if e.inProgress[obj] {
		return nil
	}
	e.inProgress[obj] = true
	defer delete(e.inProgress, obj)
	vf := e.computeValue(obj)
	e.values[obj] = vf
	return vf
}

func (e *env) computeValue(obj types.Object) *ValueFact {
	var (
		t    types.Type
		expr ast.Expr
		body *ast.BlockStmt
	)
	switch o := obj.(type) {
	case *types.Func:
		sig := o.Signature()
		if sig.Results().Len() == 0 {
			return e.adderValue(o)
		}
		if vf := e.adderValue(o); vf != nil {
			return vf // an adder returning the map it is handed
		}
		if sig.Results().Len() != 1 {
			return nil
		}
		saved, savedBody := e.params, e.fnBody
		e.params, e.fnBody = sig.Params(), nil
		defer func() { e.params, e.fnBody = saved, savedBody }()
		t = sig.Results().At(0).Type()
		if d := e.funcs[o]; d != nil {
			body, e.fnBody = d.Body, d.Body
			expr = returnExpr(d.Body)
		}
	case *types.Var:
		t, expr = o.Type(), e.vars[o]
	default:
		return nil
	}
	var guard *Guard
	savedGuard := e.guard
	e.guard = &guard
	defer func() { e.guard = savedGuard }()
	kind := kindOf(t)
	if kind == "" {
		return nil
	}
	vf := e.valueFor(kind, obj, expr, body)
	if vf != nil && guard != nil {
		vf.Unless = guard
		vf.Unless.Resolved, vf.Resolved = vf.Resolved, false
	}
	return vf
}

// valueFor evaluates expr, the value of obj, as a piece of a schema of the kind.
func (e *env) valueFor(kind string, obj types.Object, expr ast.Expr, body *ast.BlockStmt) *ValueFact {
	vf := &ValueFact{Kind: kind}
	if fn, ok := obj.(*types.Func); ok && (kind == "attrs" || kind == "sdkschemamap") && e.isMerger(fn) {
		vf.Merge, vf.Resolved = true, true
		return vf
	}
	if fn, ok := obj.(*types.Func); ok && (kind == "attr" || kind == "sdkschema") {
		if k, changes, ok := e.decorator(fn, e.funcs[fn]); ok {
			vf.Passes, vf.Changes, vf.Resolved = k, changes, true
			return vf
		}
	}
	if expr == nil {
		return vf
	}
	switch kind {
	case "schema":
		vf.Schema, vf.Resolved = e.fwSchema(expr, body)
	case "attrs":
		vf.Attrs, vf.Resolved = e.fwAttrs(expr, body)
	case "attr":
		a := e.fwAttr("", expr, body)
		vf.Attrs, vf.Resolved = []Attribute{a}, !a.Uncertain || !a.Incomplete
	case "sdkschemamap":
		vf.Attrs, vf.Resolved = e.sdkSchemaMap(expr, body)
	case "sdkversions":
		vf.Versions, vf.Resolved = e.versionsOf(expr, body, 0)
	case "sdkschema":
		a := e.sdkField("", expr, body)
		vf.Attrs, vf.Resolved = []Attribute{a}, !a.Uncertain || !a.Incomplete
	}
	return vf
}

// bindVersion resolves a schema version given as the helper's parameter
// from the call's argument; a non-constant argument leaves it unresolved.
func (e *env) bindVersion(vf *ValueFact, call *ast.CallExpr) *ValueFact {
	if vf == nil || vf.Kind != "schema" || vf.Schema.VersionParam == 0 {
		return vf
	}
	out := *vf
	out.Schema.VersionParam = 0
	i := vf.Schema.VersionParam - 1
	if i >= len(call.Args) || call.Ellipsis.IsValid() {
		out.Resolved = false
		return &out
	}
	n, ok := e.intConst(call.Args[i])
	out.Schema.Version, out.Schema.VersionPos, out.Resolved = n, call.Args[i].Pos(), vf.Resolved && ok
	return &out
}

// adderValue summarises a function with no result (or returning the map it
// is handed) as an adder, evaluating
// its additions with its own parameters in scope.
func (e *env) adderValue(fn *types.Func) *ValueFact {
	saved, savedBody, savedGuard := e.params, e.fnBody, e.guard
	var guard *Guard
	e.params, e.fnBody, e.guard = fn.Signature().Params(), nil, &guard
	defer func() { e.params, e.fnBody, e.guard = saved, savedBody, savedGuard }()
	if d := e.funcs[fn]; d != nil {
		e.fnBody = d.Body
		if vf := e.adder(fn, d); vf != nil && guard == nil {
			return vf
		}
	}
	return nil
}
