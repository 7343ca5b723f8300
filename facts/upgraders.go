package facts

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Shape is the tfsdk shape of a model struct: the tags the framework
// converts, and the shapes of nested models. Local types have one too.
type Shape struct {
	Type   string
	Fields []ShapeField
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

// addFields follows the framework's rules: untagged embedded structs are
// flattened, unexported fields and tfsdk:"-" are skipped.
func addFields(s *Shape, st *types.Struct, depth int, seen map[*types.Struct]bool) {
	if seen[st] {
		return
	}
	seen[st] = true
	for i := 0; i < st.NumFields(); i++ {
		fl := st.Field(i)
		tag, hasTag := reflect.StructTag(st.Tag(i)).Lookup("tfsdk")
		if fl.Embedded() && !hasTag {
			if inner, ok := derefStruct(fl.Type()); ok {
				addFields(s, inner, depth, seen)
			}
			continue
		}
		if !fl.Exported() || !hasTag || tag == "-" || tag == "" {
			continue
		}
		f := ShapeField{Tag: tag}
		if inner := namedElem(fl.Type()); inner != nil {
			f.Nested = shapeOf(inner, depth+1)
		}
		s.Fields = append(s.Fields, f)
	}
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
// package that holds state upgraders setting a model.
func exportUpgraderSets(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if sets := upgraderSets(pass.TypesInfo, fd); len(sets) > 0 {
				pass.ExportObjectFact(fn, &UpgraderSetsFact{Sets: sets})
			}
		}
	}
}

// upgraderSets finds resp.State.Set(ctx, v) where resp is the response
// parameter of fd or of a function literal in it with the upgrader
// signature, and v a tagged struct.
func upgraderSets(info *types.Info, fd *ast.FuncDecl) []Shape {
	var out []Shape
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
		return nil
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Set" {
			return true
		}
		state, ok := sel.X.(*ast.SelectorExpr)
		if !ok || state.Sel.Name != "State" {
			return true
		}
		id, ok := state.X.(*ast.Ident)
		if !ok || !isOneOf(info.Uses[id], responses) {
			return true
		}
		if s := ShapeOf(info.TypeOf(call.Args[1])); s != nil {
			out = append(out, *s)
		}
		return true
	})
	return out
}

func isOneOf(obj types.Object, objs []types.Object) bool {
	for _, o := range objs {
		if obj != nil && obj == o {
			return true
		}
	}
	return false
}
