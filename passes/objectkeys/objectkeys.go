package objectkeys

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports object values whose value keys differ from their type keys.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	// Object values are often built in a models package that declares no
	// resource: any package importing the framework is read.
	if !tfapi.ImportsFramework(pass.Pkg) {
		return nil, nil
	}
	funcs := pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	k := keyReader{globals: map[*ssa.Global]ssa.Value{}}
	all := tfssa.WithClosures(funcs)
	k.collectGlobals(all)
	for _, fn := range all {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && objectCtor(call) {
					check(rep, k, call)
				}
			}
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, k keyReader, call *ssa.Call) {
	typeKeys, ok1 := k.keys(call.Call.Args[0], 0)
	valueKeys, ok2 := k.keys(call.Call.Args[1], 0)
	if !ok1 || !ok2 {
		return
	}
	missing, extra := diff(typeKeys, valueKeys), diff(valueKeys, typeKeys)
	if len(missing) == 0 && len(extra) == 0 {
		return
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "no value for "+quote(missing))
	}
	if len(extra) > 0 {
		parts = append(parts, "values for "+quote(extra)+", which the types do not have")
	}
	rep.Report(lint.Finding{Rule: "APPLY-3", Pos: call.Pos(),
		Message: fmt.Sprintf("%s is handed %s: the object can never be built (%s), so whatever builds it — Create, Read or a state upgrade — fails every time; give the two maps the same keys", call.Call.StaticCallee().Name(), strings.Join(parts, " and "), failure(call))})
}

func failure(call *ssa.Call) string {
	if strings.HasSuffix(call.Call.StaticCallee().Name(), "Must") {
		return "ObjectValueMust panics"
	}
	return "ObjectValue returns an error"
}

// objectCtor: types.ObjectValue / ObjectValueMust (basetypes.NewObjectValue...).
func objectCtor(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil || len(call.Call.Args) != 2 || !strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework) {
		return false
	}
	switch strings.TrimPrefix(fn.Name(), "New") {
	case "ObjectValue", "ObjectValueMust":
		return true
	}
	return false
}

// keyReader reads the constant keys of a map value.
type keyReader struct {
	globals map[*ssa.Global]ssa.Value // package variables set once, to a map
}

// collectGlobals records the package variables stored exactly once (in
// init, as `var x = map[...]...{}` compiles).
func (k keyReader) collectGlobals(all []*ssa.Function) {
	stores := map[*ssa.Global]int{}
	for _, fn := range all {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if g, ok := st.Addr.(*ssa.Global); ok {
						stores[g]++
						if fn.Name() == "init" {
							k.globals[g] = st.Val
						}
					}
				}
			}
		}
	}
	for g, n := range stores {
		if n != 1 {
			delete(k.globals, g)
		}
	}
}

// keys: the keys of map value v, when it is built with constant keys only
// and nothing else can add to it.
func (k keyReader) keys(v ssa.Value, depth int) (map[string]bool, bool) {
	if depth > 4 || addedTo(v) {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.MakeMap:
		return literalKeys(x)
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			if init, ok := k.globals[g]; ok && !updatedOutside(g) {
				return k.keys(init, depth+1)
			}
		}
	case *ssa.Call:
		return k.returned(x, -1, depth)
	case *ssa.Field:
		// m.ObjectType().AttrTypes: the field of a struct a method returns.
		if c, ok := x.X.(*ssa.Call); ok {
			return k.returned(c, x.Field, depth)
		}
	}
	return nil, false
}

// returned: the keys of the map a package function without arguments (a
// receiver aside) returns, or of field `field` of the struct it returns;
// every return must agree.
func (k keyReader) returned(c *ssa.Call, field int, depth int) (map[string]bool, bool) {
	g := c.Call.StaticCallee()
	if g == nil || g.Pkg != c.Parent().Pkg || len(g.Blocks) == 0 || len(g.Params) > 1 || len(g.Params) == 1 && g.Signature.Recv() == nil {
		return nil, false
	}
	var out map[string]bool
	for _, b := range g.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 {
			return nil, false
		}
		v := ret.Results[0]
		if field >= 0 {
			v = storedField(v, field)
		}
		if v == nil {
			return nil, false
		}
		keys, ok := k.keys(v, depth+1)
		if !ok || out != nil && !same(out, keys) {
			return nil, false
		}
		out = keys
	}
	return out, out != nil
}

// storedField: the value stored into field i of the struct literal v loads.
func storedField(v ssa.Value, i int) ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	var val ssa.Value
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != i || fa.Referrers() == nil {
			continue
		}
		for _, fr := range *fa.Referrers() {
			if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
				if val != nil {
					return nil
				}
				val = st.Val
			}
		}
	}
	return val
}

// literalKeys: the keys of a map literal, when every update of it has a
// constant key and it goes nowhere another function could add to it
// (only into calls of the framework, a return, or a store).
func literalKeys(mm *ssa.MakeMap) (map[string]bool, bool) {
	if mm.Referrers() == nil {
		return nil, false
	}
	keys := map[string]bool{}
	for _, r := range *mm.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			key, ok := tfssa.ConstString(r.Key)
			if !ok || r.Map != mm {
				return nil, false
			}
			keys[key] = true
		case *ssa.Call:
			if fn := r.Call.StaticCallee(); fn == nil || !tfapi.IsPluginLib(tfssa.PkgPath(fn)) {
				return nil, false
			}
		case *ssa.Return, *ssa.Store, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return keys, true
}

// addedTo: v (a map a function returned, a variable's value) is updated
// or handed to provider code, which may add keys to it.
func addedTo(v ssa.Value) bool {
	if _, isLit := v.(*ssa.MakeMap); isLit || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			return true
		case *ssa.Call:
			if fn := r.Call.StaticCallee(); fn == nil || !tfapi.IsPluginLib(tfssa.PkgPath(fn)) {
				return true
			}
		}
	}
	return false
}

// updatedOutside: a map update through a load of g (a key added later).
func updatedOutside(g *ssa.Global) bool {
	if g.Referrers() == nil {
		return false
	}
	for _, r := range *g.Referrers() {
		ld, ok := r.(*ssa.UnOp)
		if !ok || ld.Referrers() == nil {
			continue
		}
		for _, lr := range *ld.Referrers() {
			if _, ok := lr.(*ssa.MapUpdate); ok {
				return true
			}
		}
	}
	return false
}

func diff(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func same(a, b map[string]bool) bool { return len(diff(a, b)) == 0 && len(diff(b, a)) == 0 }

func quote(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = fmt.Sprintf("%q", k)
	}
	return strings.Join(q, ", ")
}
