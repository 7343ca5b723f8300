package nativeconfig

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Analyzer reports plan-time reads of the configuration or plan into Go
// types that cannot hold an unknown value.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer, inspect.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[facts.Analyzer].(*facts.Model)
	if !ok {
		return nil, nil
	}
	byType := map[string]*facts.FrameworkResource{}
	for _, r := range model.Framework {
		if r.SchemaResolved && r.Schema.Complete {
			byType[r.TypeName] = r
		}
	}
	rep := lint.NewReporter(pass)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if push {
			if r := byType[receiverName(pass.TypesInfo, stack)]; r != nil {
				if f, ok := check(pass, r, n.(*ast.CallExpr), guarded(pass.TypesInfo, r, stack, n.Pos())); ok {
					rep.Report(f)
				}
			}
		}
		return true
	})
	return nil, nil
}

// receiverName: the named type whose method encloses the node on top of stack.
func receiverName(info *types.Info, stack []ast.Node) string {
	for _, n := range stack {
		fd, ok := n.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
			continue
		}
		t := info.TypeOf(fd.Recv.List[0].Type)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			return named.Obj().Name()
		}
	}
	return ""
}

// read is a req.Config or req.Plan Get/GetAttribute of a plan-time request.
type read struct {
	method, field string // "Get", "Config"
	planning      bool   // a ModifyPlan or plan modifier request
	target        types.Type
	path          string // GetAttribute's path.Root("name"), "" otherwise
}

func planTimeRead(info *types.Info, call *ast.CallExpr) (read, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Get" && sel.Sel.Name != "GetAttribute") || len(call.Args) < 2 {
		return read{}, false
	}
	field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok || (field.Sel.Name != "Config" && field.Sel.Name != "Plan") || !tfapi.PlanTimeRequest(info.TypeOf(field.X)) {
		return read{}, false
	}
	if !tfapi.IsFramework(info.TypeOf(sel.X), "tfsdk", field.Sel.Name) {
		return read{}, false
	}
	ptr, ok := types.Unalias(info.TypeOf(call.Args[len(call.Args)-1])).(*types.Pointer)
	if !ok {
		return read{}, false
	}
	pkg, name := tfapi.Named(info.TypeOf(field.X))
	r := read{method: sel.Sel.Name, field: field.Sel.Name, target: ptr.Elem(),
		planning: name == "ModifyPlanRequest" || strings.HasSuffix(pkg, "/planmodifier")}
	if r.method == "GetAttribute" {
		r.path = rootName(info, call.Args[1])
		if r.path == "" {
			return read{}, false
		}
	}
	return r, true
}

// rootName: "name" of path.Root("name").
func rootName(info *types.Info, x ast.Expr) string {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return ""
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok || sel.Sel.Name != "Root" {
		return ""
	}
	tv := info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(tv.Value)
}

// native: a Go type that cannot hold an unknown value: string, *string, []T,
// a map, a struct — anything the framework's reflection has no way into for
// an unknown (an attr.Value, a tftypes.ValueConverter, a SetUnknown method).
func native(t types.Type) bool {
	if types.IsInterface(t) {
		return false
	}
	for _, tt := range []types.Type{t, types.NewPointer(t)} {
		for _, m := range []string{"IsUnknown", "FromTerraform5Value", "SetUnknown"} {
			if obj, _, _ := types.LookupFieldOrMethod(tt, true, nil, m); obj != nil {
				if _, ok := obj.(*types.Func); ok {
					return false
				}
			}
		}
	}
	return true
}

// configurable: an attribute the configuration may set, so it may be unknown
// there. A list or set block counts too: written as a dynamic block whose
// for_each is known only after apply, Terraform sends the whole block
// collection as unknown. Single blocks are left out (a dynamic single block
// is rare), and so are blocks whose nesting the model could not decide.
func configurable(r *facts.FrameworkResource, name string) *facts.Attribute {
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if a.Name != name || a.Uncertain {
			continue
		}
		if a.Block && (a.Nesting == "list" || a.Nesting == "set") {
			return a
		}
		if !a.Block && (a.Required || a.Optional) {
			return a
		}
	}
	return nil
}

type offender struct {
	goName, attr string
	typ          types.Type
	pos          token.Pos
	block        bool
}

func check(pass *analysis.Pass, r *facts.FrameworkResource, call *ast.CallExpr, guard map[string]bool) (lint.Finding, bool) {
	rd, ok := planTimeRead(pass.TypesInfo, call)
	if !ok {
		return lint.Finding{}, false
	}
	bad := offenders(r, rd, guard)
	if len(bad) == 0 {
		return lint.Finding{}, false
	}
	return finding(pass, r, call, rd, bad), true
}

// offenders: the configurable attributes rd decodes into Go types that cannot
// hold an unknown value, leaving out those in guard.
func offenders(r *facts.FrameworkResource, rd read, guard map[string]bool) []offender {
	var bad []offender
	if rd.method == "GetAttribute" {
		if a := configurable(r, rd.path); a != nil && native(rd.target) && !guard[rd.path] {
			bad = append(bad, offender{attr: rd.path, typ: rd.target, block: a.Block})
		}
	} else if st, ok := tfapi.DerefStruct(rd.target); ok && native(rd.target) {
		facts.EachTagged(st, func(f facts.TaggedField) {
			if a := configurable(r, f.Tag); a != nil && native(f.Var.Type()) && !guard[f.Tag] {
				bad = append(bad, offender{f.GoName, f.Tag, f.Var.Type(), f.Var.Pos(), a.Block})
			}
		})
	}
	return bad
}

func finding(pass *analysis.Pass, r *facts.FrameworkResource, call *ast.CallExpr, rd read, bad []offender) lint.Finding {
	qual := types.RelativeTo(pass.Pkg)
	var what []string
	var related []analysis.RelatedInformation
	blocks, attrs := false, false
	for _, b := range bad {
		attrs = attrs || !b.block
		name := fmt.Sprintf("%q", b.attr)
		if b.block {
			name, blocks = "block "+name, true
		}
		if b.goName == "" {
			what = append(what, fmt.Sprintf("%s into a %s", name, types.TypeString(b.typ, qual)))
			continue
		}
		what = append(what, fmt.Sprintf("%s into field %s (%s)", name, b.goName, types.TypeString(b.typ, qual)))
		why := "which cannot hold an unknown value"
		if b.block {
			why += " (the block is unknown when written as a dynamic block whose for_each is known only after apply)"
		}
		related = append(related, lint.Related(b.pos, "%s is a %s, %s", b.goName, types.TypeString(b.typ, qual), why))
	}
	var sources []string
	if attrs {
		sources = append(sources, "whenever the configuration sets it from a value known only after apply")
	}
	if blocks {
		sources = append(sources, "whenever the configuration writes the block as a dynamic block over a collection known only after apply")
	}
	source := strings.Join(sources, ", or ")
	when := "validation"
	if rd.planning {
		when = "planning"
	}
	return lint.Finding{Rule: "VALIDATE-1", Pos: call.Pos(), End: call.End(), Related: related,
		Message: fmt.Sprintf("req.%s.%s of %s reads %s: a Go type that cannot hold an unknown value, so %s fails (\"Value Conversion Error\") %s; use the framework's types (types.String, types.List...) and test IsUnknown()",
			rd.field, rd.method, r.TypeName, strings.Join(what, ", "), when, source)}
}

// guarded: the attributes the enclosing function, before pos, reads with
// GetAttribute of path.Root("name") into a framework value it asks
// IsUnknown() — it returns early on an unknown before decoding into Go types —
// or already decodes into Go types itself: that earlier read fails first and
// is the one reported (a later read is either unreachable or the same defect).
func guarded(info *types.Info, r *facts.FrameworkResource, stack []ast.Node, pos token.Pos) map[string]bool {
	var body *ast.BlockStmt
	for _, n := range stack {
		if fd, ok := n.(*ast.FuncDecl); ok {
			body = fd.Body
		}
	}
	out := map[string]bool{}
	if body == nil {
		return out
	}
	asked := map[types.Object]bool{}
	byVar := map[types.Object]string{}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() >= pos {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if rd, ok := planTimeRead(info, call); ok {
			for _, b := range offenders(r, rd, nil) {
				out[b.attr] = true
			}
		}
		switch {
		case sel.Sel.Name == "IsUnknown":
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				asked[info.Uses[id]] = true
			}
		case sel.Sel.Name == "GetAttribute" && len(call.Args) == 3:
			name := rootName(info, call.Args[1])
			if u, ok := ast.Unparen(call.Args[2]).(*ast.UnaryExpr); ok && u.Op == token.AND && name != "" {
				if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
					byVar[info.Uses[id]] = name
				}
			}
		}
		return true
	})
	for obj, name := range byVar {
		if obj != nil && asked[obj] {
			out[name] = true
		}
	}
	return out
}
