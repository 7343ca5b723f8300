package modelflow

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// FieldSources answers the model fields (by tfsdk tag) v is built from,
// through the framework's constructors and ValueXxx accessors, conversions,
// concatenation and formatting by the standard library; a value of any other
// call (the API's answer) contributes nothing. With merges, values meeting at
// a phi and taken out of a tuple count too.
func FieldSources(v ssa.Value, merges bool) map[string]bool {
	out := map[string]bool{}
	fieldSources(v, merges, 0, out)
	return out
}

func fieldSources(v ssa.Value, merges bool, n int, out map[string]bool) {
	if n > 6 || v == nil {
		return
	}
	if tag := LoadedTag(v); tag != "" {
		out[tag] = true
		return
	}
	for _, w := range sourceOperands(v, merges) {
		fieldSources(w, merges, n+1, out)
	}
}

func sourceOperands(v ssa.Value, merges bool) []ssa.Value {
	switch x := v.(type) {
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn == nil {
			return nil
		}
		switch p := tfssa.PkgPath(fn); {
		case strings.HasPrefix(p, "github.com/hashicorp/terraform-plugin-framework/"), p == "fmt", p == "strings", p == "strconv", p == "path":
			var next []ssa.Value
			for _, a := range x.Call.Args {
				next = append(next, a)
				next = append(next, tfssa.Varargs(a)...)
			}
			return next
		}
	case *ssa.BinOp:
		return []ssa.Value{x.X, x.Y}
	case *ssa.Convert:
		return []ssa.Value{x.X}
	case *ssa.ChangeType:
		return []ssa.Value{x.X}
	case *ssa.MakeInterface:
		return []ssa.Value{x.X}
	case *ssa.Phi:
		if merges {
			return x.Edges
		}
	case *ssa.Extract:
		if merges {
			return []ssa.Value{x.Tuple}
		}
	}
	return nil
}
