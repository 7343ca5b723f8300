package stalecomputed

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// PLAN-9 decided by the code rather than by names: Read or Update saves a
// Computed output from the value it saves a configurable attribute from (the
// same API field, or a string built from it: a Sprintf, a concatenation, a
// strings/path function, a helper of plain values), or from d.Get of that
// attribute. When the user changes the attribute in place, the output
// changes with it, while the SDK plans the output with its prior value.

// setCall is a d.Set("key", value) in Read, Update or a helper they hand d.
type setCall struct {
	key string
	val ssa.Value
	pos token.Pos
}

// setCalls: the d.Set calls of fn, its closures and the package helpers it
// hands d to (two calls deep), with constant keys.
func setCalls(fn *ssa.Function, out []setCall) []setCall {
	eachDataCall(fn, func(c ssa.CallInstruction, callee *ssa.Function) {
		args := c.Common().Args
		if callee.Name() != "Set" || len(args) != 3 {
			return
		}
		if k, ok := tfssa.ConstString(args[1]); ok {
			out = append(out, setCall{k, tfssa.StripConversions(args[2]), c.Pos()})
		}
	})
	return out
}

// source is how an output is related to a configurable attribute: where
// the output is saved, and where the attribute's value is saved (or read
// with d.Get).
type source struct {
	x          *facts.Attribute
	setY, from token.Pos
	get        bool
}

// codeSources maps each Computed output to the configurable, in-place
// attribute whose value its saved value is built from.
func codeSources(r *facts.SDKResource, sets []setCall) map[string]source {
	attrs := map[string]*facts.Attribute{}
	for i := range r.Schema.Attributes {
		attrs[r.Schema.Attributes[i].Name] = &r.Schema.Attributes[i]
	}
	out := map[string]source{}
	for _, sy := range sets {
		y := attrs[sy.key]
		if y == nil || !y.Computed || y.Optional || y.Required || y.ForceNew || y.Uncertain {
			continue
		}
		if _, done := out[y.Name]; done {
			continue
		}
		if s, ok := builtFromSetting(attrs, y, sy, sets); ok {
			out[y.Name] = s
		}
	}
	return out
}

// builtFromSetting finds the configurable attribute sy's value is built
// from: d.Get of it, or the (non-constant) value another d.Set saves it from.
func builtFromSetting(attrs map[string]*facts.Attribute, y *facts.Attribute, sy setCall, sets []setCall) (source, bool) {
	var found source
	ok := false
	walkBuilt(sy.val, 0, func(v ssa.Value) bool {
		if k, isGet := getKey(v); isGet {
			if x := attrs[k]; x != y && inPlaceSetting(x) {
				found, ok = source{x: x, setY: sy.pos, from: sy.pos, get: true}, true
				return true
			}
			return false
		}
		if _, isConst := v.(*ssa.Const); isConst {
			return false
		}
		for _, sx := range sets {
			x := attrs[sx.key]
			if x == y || !inPlaceSetting(x) {
				continue
			}
			if _, c := sx.val.(*ssa.Const); !c && tfssa.SameValue(sx.val, v) {
				found, ok = source{x: x, setY: sy.pos, from: sx.pos}, true
				return true
			}
		}
		return false
	})
	return found, ok
}

// inPlaceSetting: the user configures x and a change of it is applied in
// place.
func inPlaceSetting(x *facts.Attribute) bool {
	return x != nil && (x.Required || x.Optional) && !x.ForceNew && !x.Uncertain && !(x.Computed && !x.Optional)
}

// getKey: v is d.Get("k") (or the value of d.GetOk("k")).
func getKey(v ssa.Value) (string, bool) {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return "", false
	}
	callee := c.Call.StaticCallee()
	if callee == nil || (callee.Name() != "Get" && callee.Name() != "GetOk") || len(c.Call.Args) != 2 {
		return "", false
	}
	if recv := callee.Signature.Recv(); recv == nil || !tfapi.IsResourceData(recv.Type()) {
		return "", false
	}
	return tfssa.ConstString(c.Call.Args[1])
}

// walkBuilt visits v and the values it is built from by transforms that
// keep it recognisable in the result: conversions, string concatenation,
// fmt.Sprint*, strings, path and strconv functions, and package helpers
// taking and returning plain values. A lookup taking a client or a struct
// is not followed: its answer need not change with the value. visit
// returning true stops the walk.
func walkBuilt(v ssa.Value, depth int, visit func(ssa.Value) bool) bool {
	if v == nil || depth > 6 {
		return false
	}
	v = tfssa.StripConversions(v)
	if visit(v) {
		return true
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		if x.Op == token.ADD && isString(x.Type()) {
			return walkBuilt(x.X, depth+1, visit) || walkBuilt(x.Y, depth+1, visit)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return walkBuilt(x.X, depth+1, visit)
		}
	case *ssa.Slice:
		for _, e := range tfssa.Varargs(x) {
			if walkBuilt(e, depth+1, visit) {
				return true
			}
		}
	case *ssa.Call:
		if !transform(x) {
			return false
		}
		for _, a := range x.Call.Args {
			if walkBuilt(a, depth+1, visit) {
				return true
			}
		}
	}
	return false
}

// transformPkgs: standard packages whose functions build a string from
// their arguments.
var transformPkgs = map[string]bool{"fmt": true, "strings": true, "path": true, "path/filepath": true, "strconv": true, "net/url": true}

// transform: a call whose result is built from its arguments.
func transform(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Signature.Recv() != nil {
		return false
	}
	if transformPkgs[fn.Pkg.Pkg.Path()] {
		return !strings.HasPrefix(fn.Name(), "Fprint") && fn.Name() != "Errorf"
	}
	if fn.Pkg != c.Parent().Pkg || fn.Signature.Results().Len() != 1 || !plain(fn.Signature.Results().At(0).Type()) {
		return false
	}
	params := fn.Signature.Params()
	for i := 0; i < params.Len(); i++ {
		if !plain(params.At(i).Type()) {
			return false
		}
	}
	return params.Len() > 0
}

// plain: a basic type or a slice of one (variadic strings).
func plain(t types.Type) bool {
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// reportBuilt reports y, saved from a value built from the in-place
// setting s.x, when the CustomizeDiff never names y.
func reportBuilt(rep *lint.Reporter, r *facts.SDKResource, y *facts.Attribute, s source) {
	how := fmt.Sprintf("Read or Update saves it from the value %q is saved from", s.x.Name)
	rel := []analysis.RelatedInformation{
		lint.Related(s.x.Pos, "%q is configurable and not ForceNew: it changes in place", s.x.Name),
		lint.Related(s.setY, "%q is saved from a value built from %q here", y.Name, s.x.Name),
	}
	if s.get {
		how = fmt.Sprintf("Read or Update saves it from d.Get(%q)", s.x.Name)
	} else {
		rel = append(rel, lint.Related(s.from, "%q is saved from the same value here", s.x.Name))
	}
	rep.Report(lint.Finding{Rule: "PLAN-9", Pos: lint.FirstValid(y.Pos, s.setY), Related: rel,
		Message: fmt.Sprintf("Computed %q of %s is built from %q (%s), but when %q changes in place the plan keeps its prior value: the CustomizeDiff never marks it, so resources using %q are planned with the stale value and apply fails with \"Provider produced inconsistent final plan\"; mark it with customdiff.ComputedIf or d.SetNewComputed(%q) when %q changes", y.Name, r.Name, s.x.Name, how, s.x.Name, y.Name, y.Name, s.x.Name)})
}
