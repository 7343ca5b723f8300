package tfssa

import (
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// ConstString is the value of a constant string operand.
func ConstString(v ssa.Value) (string, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// HandsResourceData: the call passes an SDK *schema.ResourceData along.
func HandsResourceData(c *ssa.CallCommon) bool {
	for _, a := range c.Args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X // handed as an interface (akamai's tf.ResourceDataFetcher)
		}
		if tfapi.IsResourceData(a.Type()) {
			return true
		}
	}
	return false
}

// StructName qualifies the named struct t (or *t) points at: "pkg/path.T".
func StructName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// ByName indexes the package's SSA functions by facts.FuncName, the way the
// model's FuncRefs name them, and lists them in source order.
func ByName(funcs map[*types.Func]*ssa.Function) (map[string]*ssa.Function, []*ssa.Function) {
	byName := map[string]*ssa.Function{}
	all := make([]*ssa.Function, 0, len(funcs))
	var lits func(fn *ssa.Function)
	lits = func(fn *ssa.Function) {
		for _, anon := range fn.AnonFuncs {
			byName[facts.LitKey(anon.Pos())] = anon // a lifecycle function written as a literal
			lits(anon)
		}
	}
	for obj, fn := range funcs {
		byName[facts.FuncName(obj)] = fn
		all = append(all, fn)
		lits(fn)
	}
	sort.Slice(all, func(i, j int) bool { return tfapi.SourceOrder(all[i].Prog.Fset, all[i].Pos(), all[j].Pos()) })
	return byName, all
}

// NamesIn returns the string constants that fn and the functions of its
// package it calls (up to three calls deep) use — how a lifecycle method
// names the attributes it touches (path.Root("x"), d.Get("x")) — and whether
// any of those functions makes a call that flag reports.
func NamesIn(fn *ssa.Function, flag func(*ssa.Function) bool) (map[string]bool, bool) {
	names, flagged := map[string]bool{}, false
	seen := map[*ssa.Function]bool{}
	var visit func(*ssa.Function, int)
	visit = func(f *ssa.Function, depth int) {
		if f == nil || seen[f] || depth > 3 {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if k, ok := (*op).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
						names[constant.StringVal(k.Value)] = true
					}
				}
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				if callee != nil && flag != nil && flag(callee) {
					flagged = true
				}
				if callee != nil && callee.Pkg == f.Pkg && len(callee.Blocks) > 0 {
					visit(callee, depth+1)
				}
			}
		}
	}
	visit(fn, 0)
	return names, flagged
}

// HandedFuncs: the functions of pkg handed to a call as arguments that take
// a *schema.ResourceData (readiness.Retry(read, ctx, d, meta)): a wrapper
// that runs a lifecycle function.
func HandedFuncs(c *ssa.CallCommon, pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	for _, a := range c.Args {
		g, ok := a.(*ssa.Function)
		if !ok || g.Pkg != pkg {
			continue
		}
		for _, p := range g.Params {
			if tfapi.IsResourceData(p.Type()) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// StripInterface follows a value through its conversions to an interface
// (an error returned as error, a value boxed into any).
func StripInterface(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
}

// StripConversions follows a value back through conversions that keep what
// it is: to an interface, between types, and type assertions.
func StripConversions(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.TypeAssert:
			v = x.X
		default:
			return v
		}
	}
}

// ErrorBuilder: a call building an error of its own text: fmt.Errorf,
// errors.New, diag.Errorf.
func ErrorBuilder(call *ssa.Call) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	switch p := fn.Pkg.Pkg.Path(); {
	case p == "fmt" && fn.Name() == "Errorf", p == "errors" && fn.Name() == "New":
		return true
	case tfapi.IsPluginLib(p) && fn.Name() == "Errorf":
		return true
	}
	return false
}

// CallsGiven lists the calls a local is handed to, directly or boxed in an
// interface (req.State.Get(ctx, &m), client.Query(ctx, &q, vars)).
func CallsGiven(a *ssa.Alloc) []ssa.CallInstruction {
	if a.Referrers() == nil {
		return nil
	}
	refs := append([]ssa.Instruction(nil), *a.Referrers()...)
	var out []ssa.CallInstruction
	for i := 0; i < len(refs); i++ {
		switch r := refs[i].(type) {
		case *ssa.MakeInterface:
			if r.Referrers() != nil {
				refs = append(refs, *r.Referrers()...)
			}
		case ssa.CallInstruction:
			out = append(out, r)
		}
	}
	return out
}

// EachInstr visits the instructions of fn and of the functions of its
// package it calls, up to depth calls deep, each function once; with
// closures, also those of the function literals they make.
func EachInstr(fn *ssa.Function, depth int, closures bool, visit func(ssa.Instruction)) {
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function, d int)
	walk = func(f *ssa.Function, d int) {
		if f == nil || seen[f] || d > depth {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				visit(instr)
				switch in := instr.(type) {
				case *ssa.MakeClosure:
					if closures {
						walk(in.Fn.(*ssa.Function), d)
					}
				case ssa.CallInstruction:
					if callee := in.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil {
						walk(callee, d+1)
					}
				}
			}
		}
	}
	walk(fn, 0)
}

// EmptyString: v is the constant "" (d.SetId("") and the like).
func EmptyString(v ssa.Value) bool {
	k, ok := ConstString(v)
	return ok && k == ""
}

// RangedParam reports which parameter of fn the value v is a key of, when v
// is the key of a range over a map parameter: `for k, v := range m { d.Set(k, v) }`.
func RangedParam(fn *ssa.Function, v ssa.Value) (int, bool) {
	x := RangedOver(v)
	for i, p := range fn.Params {
		if x != nil && p == x {
			return i, true
		}
	}
	return 0, false
}

// RangedOver: the map or slice whose key v is (k of `for k := range x`),
// or nil.
func RangedOver(v ssa.Value) ssa.Value {
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 1 {
		return nil
	}
	next, ok := ex.Tuple.(*ssa.Next)
	if !ok || next.IsString {
		return nil
	}
	rng, ok := next.Iter.(*ssa.Range)
	if !ok {
		return nil
	}
	return rng.X
}

// LiteralKeys returns the keys of a map built in place from constant string
// keys (map[string]any{"a": x, "b": y}) and used only by one call; ok is
// false for anything else (a map kept, or handed to more code, may get more keys).
func LiteralKeys(v ssa.Value) (keys []string, ok bool) {
	mm, isMake := v.(*ssa.MakeMap)
	if !isMake || mm.Referrers() == nil {
		return nil, false
	}
	calls := 0
	for _, r := range *mm.Referrers() {
		up, isUpdate := r.(*ssa.MapUpdate)
		if !isUpdate {
			if _, isCall := r.(ssa.CallInstruction); !isCall {
				return nil, false
			}
			if calls++; calls > 1 {
				return nil, false
			}
			continue
		}
		k, isConst := ConstString(up.Key)
		if !isConst || up.Map != mm {
			return nil, false
		}
		keys = append(keys, k)
	}
	return keys, true
}

// AlwaysFails: every return of fn hands back an error it builds on the spot
// (fmt.Errorf, errors.New, diag.Errorf).
func AlwaysFails(fn *ssa.Function) bool {
	rets := 0
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) == 0 || !builtError(ret.Results[len(ret.Results)-1]) {
			return false
		}
		rets++
	}
	return rets > 0
}

func builtError(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.StaticCallee() == nil {
		return false
	}
	fn := call.Call.StaticCallee()
	switch p := PkgPath(fn); {
	case p == "fmt":
		return fn.Name() == "Errorf"
	case strings.HasSuffix(p, "/diag"):
		// diag.FromErr(nil) is nil: only of an error built on the spot.
		return fn.Name() == "Errorf" || fn.Name() == "FromErr" && len(call.Call.Args) == 1 && builtError(call.Call.Args[0])
	case p == "errors":
		return fn.Name() == "New"
	}
	return false
}

// BuiltError: v is an error (or SDK diagnostics) built on the spot, or
// the answer of a function of the package that always fails
// (immutableFieldError("name")).
func BuiltError(v ssa.Value) bool {
	if builtError(v) {
		return true
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn != nil && strings.HasSuffix(PkgPath(fn), "/diag") && fn.Name() == "FromErr" && len(call.Call.Args) == 1 {
		return BuiltError(call.Call.Args[0])
	}
	return fn != nil && fn.Pkg == call.Parent().Pkg && fn.Blocks != nil && AlwaysFails(fn)
}

// ZeroConst: v is the zero constant of its basic type ("", 0, false).
func ZeroConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	switch k.Value.Kind() {
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	}
	return false
}

// WithClosures lists funcs, the package's init and every function literal
// they declare, in source order: all the code of the package.
func WithClosures(funcs map[*types.Func]*ssa.Function) []*ssa.Function {
	var all []*ssa.Function
	seen := map[*ssa.Function]bool{}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		all = append(all, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range funcs {
		add(fn)
		if fn.Pkg != nil {
			add(fn.Pkg.Func("init"))
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Pos() < all[j].Pos() })
	return all
}

// SameValue: a and b compute the same value the same way — a repeated
// line computes it again (r.Name loaded twice, the same constant, a field
// path addressed anew, a call of one function with such arguments).
func SameValue(a, b ssa.Value) bool { return same(a, b, 0) }

func same(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := a.(type) {
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		return ok && x.String() == y.String()
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && same(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && same(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && same(x.X, y.X, depth+1)
	case *ssa.MakeInterface:
		y, ok := b.(*ssa.MakeInterface)
		return ok && same(x.X, y.X, depth+1)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok || x.Call.StaticCallee() == nil || x.Call.StaticCallee() != y.Call.StaticCallee() || len(x.Call.Args) != len(y.Call.Args) {
			return false
		}
		for i := range x.Call.Args {
			if !same(x.Call.Args[i], y.Call.Args[i], depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
