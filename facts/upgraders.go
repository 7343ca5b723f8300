package facts

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Shape is the tfsdk shape of a model struct: the tags the framework
// converts, and the shapes of nested models. Local types have one too.
type Shape struct {
	Type   string
	Fields []ShapeField
	// SetPos is the resp.State.Set call saving it, for sets of the package
	// that computed the fact (a position from another package means nothing).
	SetPos token.Pos
}

// ShapeField is one converted field.
type ShapeField struct {
	Tag    string
	Nested *Shape // nil unless the field holds a tagged struct (or a slice, map or pointer of one)
}

// Field returns the field with the tag.
func (s *Shape) Field(tag string) (ShapeField, bool) {
	for _, f := range s.Fields {
		if f.Tag == tag {
			return f, true
		}
	}
	return ShapeField{}, false
}

// ShapeOf returns the shape of a named struct type with tfsdk tags (or a
// pointer to one), or nil.
func ShapeOf(t types.Type) *Shape {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	return shapeOf(n, 0)
}

func shapeOf(n *types.Named, depth int) *Shape {
	st, ok := n.Underlying().(*types.Struct)
	if !ok || depth > 3 || !hasTags(st, map[*types.Struct]bool{}) {
		return nil
	}
	s := &Shape{Type: n.Obj().Name()}
	addFields(s, st, depth, map[*types.Struct]bool{})
	return s
}

// addFields follows the framework's rules (eachTagged); unexported fields
// are not converted either.
func addFields(s *Shape, st *types.Struct, depth int, seen map[*types.Struct]bool) {
	eachTagged(st, "", nil, seen, func(tf TaggedField) {
		if !tf.Var.Exported() {
			return
		}
		f := ShapeField{Tag: tf.Tag}
		if inner := namedElem(tf.Var.Type()); inner != nil && !isAttrValue(inner) {
			f.Nested = shapeOf(inner, depth+1)
		}
		s.Fields = append(s.Fields, f)
	})
}

// isAttrValue: a custom value type (codegen's FooValue) converts itself
// (ToTerraformValue), not through its tags.
func isAttrValue(n *types.Named) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), "ToTerraformValue")
	_, ok := obj.(*types.Func)
	return ok
}

// namedElem looks through pointers, slices and maps to a named type.
func namedElem(t types.Type) *types.Named {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Named:
			return u
		default:
			return nil
		}
	}
}

// UpgraderSetsFact is attached to a function whose body, or a function
// literal in it, is a framework state upgrader: the shapes of the models
// those upgraders hand resp.State.Set. A resource's UpgradeState that calls
// the function (migration.V0ToV1(ctx)) is checked against them.
type UpgraderSetsFact struct {
	Sets []Shape
}

func (*UpgraderSetsFact) AFact() {}

func (f *UpgraderSetsFact) String() string {
	names := make([]string, len(f.Sets))
	for i, s := range f.Sets {
		names[i] = s.Type
	}
	return "upgradersets(" + strings.Join(names, ",") + ")"
}

// exportUpgraderSets attaches an UpgraderSetsFact to every function of the
// package that holds state upgraders setting a model, counting the sets of
// package helpers it hands the response to.
func exportUpgraderSets(pass *analysis.Pass) {
	decls := map[*types.Func]*ast.FuncDecl{}
	direct := map[*types.Func][]Shape{}
	handsTo := map[*types.Func][]*types.Func{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				decls[fn] = fd
				direct[fn], handsTo[fn] = upgraderSets(pass.TypesInfo, fd)
			}
		}
	}
	for fn := range decls {
		var sets []Shape
		seen := map[*types.Func]bool{}
		var add func(g *types.Func, depth int)
		add = func(g *types.Func, depth int) {
			if seen[g] || depth > 3 {
				return
			}
			seen[g] = true
			sets = append(sets, direct[g]...)
			for _, h := range handsTo[g] {
				add(h, depth+1)
			}
		}
		add(fn, 0)
		if len(sets) > 0 {
			pass.ExportObjectFact(fn, &UpgraderSetsFact{Sets: sets})
		}
	}
}

// upgraderSets finds resp.State.Set(ctx, v) where resp is the response
// parameter of fd or of a function literal in it with the upgrader
// signature, and v a tagged struct; and the package functions resp is
// handed to.
func upgraderSets(info *types.Info, fd *ast.FuncDecl) (out []Shape, handsTo []*types.Func) {
	var responses []types.Object
	collect := func(ft *ast.FuncType) {
		if ft.Params == nil || len(ft.Params.List) == 0 {
			return
		}
		last := ft.Params.List[len(ft.Params.List)-1]
		for _, name := range last.Names {
			if obj := info.Defs[name]; obj != nil && tfapi.IsFramework(obj.Type(), "resource", "UpgradeStateResponse") {
				responses = append(responses, obj)
			}
		}
	}
	collect(fd.Type)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			collect(lit.Type)
		}
		return true
	})
	if len(responses) == 0 {
		return nil, nil
	}
	var pkg *types.Package
	if obj := info.Defs[fd.Name]; obj != nil {
		pkg = obj.Pkg()
	}
	isResp := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && isOneOf(info.Uses[id], responses)
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if g := callee(info, call); g != nil && pkg != nil && g.Pkg() == pkg {
			for _, a := range call.Args {
				if isResp(a) {
					handsTo = append(handsTo, g)
				}
			}
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Set" || len(call.Args) != 2 {
			return true
		}
		state, ok := sel.X.(*ast.SelectorExpr)
		if !ok || state.Sel.Name != "State" || !isResp(state.X) {
			return true
		}
		if s := ShapeOf(info.TypeOf(call.Args[1])); s != nil {
			s.SetPos = call.Pos()
			out = append(out, *s)
		}
		return true
	})
	return out, handsTo
}

func isOneOf(obj types.Object, objs []types.Object) bool {
	for _, o := range objs {
		if obj != nil && obj == o {
			return true
		}
	}
	return false
}
