package attruse

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// depth bounds how far package helpers are followed.
const depth = 4

// Keys are the top-level attribute names a function mentions, with where
// each is first mentioned; Dynamic when it reads d (or a model) with a key it
// builds, or hands it to code out of sight.
type Keys struct {
	Named   map[string]bool
	Consts  map[string]bool // framework fields assigned only values of the provider's own
	At      map[string]token.Pos
	Dynamic bool
	SetsID  bool // d.SetId is called: the function can create the resource
	// Held (framework stores): fields assigned only under a test that the
	// same field already holds a value (if !m.X.IsNull() { m.X = ... }):
	// after an import, which leaves them null, they are never filled.
	Held map[string]bool
}

func newKeys() Keys {
	return Keys{Named: map[string]bool{}, At: map[string]token.Pos{}, Consts: map[string]bool{}, Held: map[string]bool{}}
}

func (k *Keys) add(name string, pos token.Pos) {
	if !k.Named[name] {
		k.Named[name], k.At[name] = true, pos
	}
}

// Merge adds b's keys to a's.
func Merge(a, b Keys) Keys {
	if a.Named == nil {
		a = newKeys()
	}
	for k := range b.Named {
		a.add(k, b.At[k])
	}
	for k := range b.Consts {
		a.Consts[k] = true
	}
	a.Dynamic = a.Dynamic || b.Dynamic
	return a
}

// SDK walks fn, its closures and the package functions it calls (not
// skip), collecting the keys of *schema.ResourceData it mentions, in mode m.
// Functions of other packages handed d are known through model's facts
// (model may be nil: they are then out of sight).
func SDK(fn, skip *ssa.Function, m Mode, model *facts.Model) Keys {
	k := newKeys()
	seen := map[*ssa.Function]bool{skip: true}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		// Uses walks give up once d goes out of sight: the answer is Dynamic.
		if f == nil || seen[f] || d > depth || k.Dynamic && m == Uses {
			// Fills must see every d.Set: one too deep may be any.
			k.Dynamic = k.Dynamic || m == Fills && f != nil && d > depth && takesD(f)
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				k.note(instr, m)
				switch in := instr.(type) {
				case *ssa.MakeClosure:
					visit(in.Fn.(*ssa.Function), d)
				case ssa.CallInstruction:
					callee := in.Common().StaticCallee()
					switch {
					case callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil:
						visit(callee, d+1)
					case handsD(in.Common()) && !(callee != nil && tfapi.IsPluginLib(tfssa.PkgPath(callee))):
						k.known(model, callee, in.Pos(), m)
					}
				}
			}
		}
	}
	visit(fn, 0)
	return k
}

// known adds the keys a function of another package handed d mentions, as
// its fact says, or makes k Dynamic: d read by code out of sight.
func (k *Keys) known(model *facts.Model, callee *ssa.Function, pos token.Pos, m Mode) {
	var dk *facts.DataKeysFact
	if model != nil && callee != nil {
		if o := callee.Origin(); o != nil {
			callee = o
		}
		if obj, ok := callee.Object().(*types.Func); ok {
			dk = model.DataKeys(obj)
		}
	}
	if dk == nil || dk.Dynamic || (m == SetsOnly || m == Fills) && dk.SetsDynamic {
		k.Dynamic = true
		return
	}
	names := dk.Mentions
	if m == SetsOnly {
		names = dk.Sets
	}
	for _, n := range names {
		k.add(n, pos)
	}
}

// Mode says which keys a walk collects.
type Mode int

const (
	Uses     Mode = iota // every key but d.Set's, and not in log calls (Update, CustomizeDiff)
	UsesSets             // every key
	SetsOnly             // keys d.Set saves a non-constant value under (Read, Create)
	// Fills: every key, and Dynamic when d.Set is called with a key not
	// spelled in the code walked (any attribute may then be filled).
	Fills
)

// note records the string constants instr uses, as m asks, and d read by a
// key it does not spell.
func (k *Keys) note(instr ssa.Instruction, m Mode) {
	method := ""
	if c, ok := instr.(ssa.CallInstruction); ok {
		method = ResourceDataMethod(c.Common())
	}
	if method == "SetId" {
		k.SetsID = true
	}
	switch {
	case method == "Set" && m == Uses, method != "Set" && m == SetsOnly, m == Uses && isLog(instr):
		return
	}
	if method == "Set" && m == Fills {
		if args := instr.(ssa.CallInstruction).Common().Args; len(args) == 3 && !spelled(args[1], 0) && !rangedKey(args[1]) {
			k.Dynamic = true
		}
	}
	if method == "Set" && m == SetsOnly {
		args := instr.(ssa.CallInstruction).Common().Args
		if len(args) != 3 {
			return
		}
		if !constKey(args[1]) {
			k.Dynamic = true
		}
		if constValue(args[2]) {
			return // a value of the provider's own, not the API's
		}
	}
	switch method {
	case "SetId", "SetConnInfo", "SetType", "SetPartial":
		return
	case "State", "GetRawConfig", "GetRawPlan", "GetRawState", "HasChangesExcept", "GetRawConfigAt":
		k.Dynamic = true
		return
	case "Get", "GetOk", "GetOkExists", "HasChange", "GetChange":
		args := instr.(ssa.CallInstruction).Common().Args
		if len(args) == 2 {
			if !spelled(args[1], 0) {
				k.Dynamic = true
			}
		}
	}
	for _, op := range instr.Operands(nil) {
		c, ok := (*op).(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String {
			continue
		}
		name, _, _ := strings.Cut(constant.StringVal(c.Value), ".")
		k.add(name, instr.Pos())
	}
}

func constKey(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// spelled: a key whose spelling is in the code walked — a constant, a
// helper's parameter (its callers are walked), or an element of a local
// slice literal of keys (for _, k := range []string{"a", "b"}).
func spelled(v ssa.Value, n int) bool {
	if n > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Parameter:
		return true
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !spelled(e, n+1) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			return localArray(ia.X)
		}
	case *ssa.Call:
		// fmt.Sprintf("rule.%d.expiration", i): the top-level key is spelled
		// in the format (and noted with the call's constants).
		if fn := x.Common().StaticCallee(); fn != nil && tfssa.PkgPath(fn) == "fmt" && fn.Name() == "Sprintf" && len(x.Common().Args) > 0 {
			return namesTop(x.Common().Args[0], "%")
		}
	case *ssa.BinOp:
		// "rule." + strconv.Itoa(i) + ".expiration"
		return x.Op == token.ADD && (namesTop(x.X, "") || built(x.X) && spelled(x.X, n+1))
	}
	return false
}

// namesTop: a constant string whose text before the first cut (all of it
// when cut is "") holds a whole top-level key followed by a dot.
func namesTop(v ssa.Value, cut string) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return false
	}
	text := constant.StringVal(c.Value)
	if cut != "" {
		text, _, _ = strings.Cut(text, cut)
	}
	top, _, dotted := strings.Cut(text, ".")
	return dotted && top != ""
}

// built: a value made by a call or an operator, not a constant or a
// parameter on its own ("ipv4" + "_enabled" names another key).
func built(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Call, *ssa.BinOp:
		return true
	}
	return false
}

// localArray: a slice of an array allocated in the function (a literal).
func localArray(v ssa.Value) bool {
	if s, ok := v.(*ssa.Slice); ok {
		v = s.X
	}
	a, ok := v.(*ssa.Alloc)
	return ok && a.Parent() != nil
}

// ResourceDataMethod: the name of the *schema.ResourceData method c calls, or "".
func ResourceDataMethod(c *ssa.CallCommon) string {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return ""
	}
	return fn.Name()
}

func handsD(c *ssa.CallCommon) bool {
	if c.IsInvoke() && tfapi.IsResourceData(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if tfapi.IsResourceData(a.Type()) {
			return true
		}
	}
	return false
}

// constValue: a constant, possibly made an interface (d.Set("k", true)).
func constValue(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	_, ok := v.(*ssa.Const)
	return ok
}

// isLog: a call to a logger, whose arguments name keys without using them,
// or a value made only to be one of its variadic arguments.
func isLog(instr ssa.Instruction) bool {
	if mi, ok := instr.(*ssa.MakeInterface); ok {
		return logArg(mi)
	}
	c, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	return logCall(c)
}

// OnlyLogged: v is used only as an argument of log calls (d.Get("k")
// printed for debugging).
func OnlyLogged(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.MakeInterface:
			if !logArg(x) {
				return false
			}
		case *ssa.Store:
			if !loggedSlot(x) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// logArg: v is stored only into the variadic array of a log call.
func logArg(v *ssa.MakeInterface) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok || !loggedSlot(st) {
			return false
		}
	}
	return true
}

// loggedSlot: st stores into the variadic array of log calls.
func loggedSlot(st *ssa.Store) bool {
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	arr, ok := ia.X.(*ssa.Alloc)
	return ok && onlyLogged(arr)
}

// onlyLogged: the array is sliced only to be handed to log calls.
func onlyLogged(arr *ssa.Alloc) bool {
	for _, r := range *arr.Referrers() {
		switch x := r.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			for _, u := range *x.Referrers() {
				c, ok := u.(ssa.CallInstruction)
				if !ok || !logCall(c) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

func logCall(c ssa.CallInstruction) bool {
	fn := c.Common().StaticCallee()
	if fn == nil {
		return false
	}
	p := tfssa.PkgPath(fn)
	return p == "log" || p == "log/slog" || strings.HasSuffix(p, "terraform-plugin-log/tflog")
}

// Framework collects the attributes fn (with its closures and package
// callees, not skip) touches: model fields read (stored, when stores), and
// string constants (path.Root("name")). dynamic: a model handed to code out
// of sight, or turned into an interface.
func Framework(fn, skip *ssa.Function, stores bool) Keys {
	k := newKeys()
	held := heldOnly{}
	add := k.add
	seen := map[*ssa.Function]bool{skip: true}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		// A read walk gives up once the model goes out of sight.
		if f == nil || seen[f] || d > depth || k.Dynamic && !stores {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.FieldAddr:
					if tag := modelflow.Tag(in.X.Type(), in.Field); tag != "" && stores == storedOnly(in) {
						if stores {
							held.note(tag, heldGuard(in, tag), restores(in, tag))
						}
						if stores && storesConst(in) {
							k.Consts[tag] = true
						} else {
							add(tag, in.Pos())
						}
					}
				case *ssa.Field:
					if tag := modelflow.Tag(in.X.Type(), in.Field); tag != "" && !stores {
						add(tag, in.Pos())
					}
				case *ssa.MakeInterface:
					if modelflow.IsModel(in.X.Type()) && !onlyToFramework(in) {
						k.Dynamic = true
					}
				case *ssa.MakeClosure:
					visit(in.Fn.(*ssa.Function), d)
				case ssa.CallInstruction:
					callee := in.Common().StaticCallee()
					switch {
					case callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil:
						visit(callee, d+1)
					case handsModel(in.Common()) && !frameworkCall(callee):
						k.Dynamic = true
					}
				}
				if !stores && isLog(instr) {
					continue
				}
				for _, op := range instr.Operands(nil) {
					if c, ok := (*op).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
						add(constant.StringVal(c.Value), instr.Pos())
					}
				}
			}
		}
	}
	visit(fn, 0)
	for tag, only := range held {
		if only {
			k.Held[tag] = true
		}
	}
	return k
}

// heldOnly records, per field, whether every store seen was guarded (and
// none only put back the value the field held: a setting the API does not
// return, which no Read can fill).
type heldOnly map[string]bool

func (h heldOnly) note(tag string, guarded, restored bool) {
	if prev, seen := h[tag]; seen {
		h[tag] = prev && guarded && !restored
		return
	}
	h[tag] = guarded && !restored
}

// restores: every store through fa saves a value read from the field named
// tag itself (current := m.X; ...; m.X = current).
func restores(fa *ssa.FieldAddr, tag string) bool {
	n := 0
	for _, r := range *fa.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || modelflow.LoadedTag(st.Val) != tag {
			return false
		}
		n++
	}
	return n > 0
}

// heldGuard: the store through fa happens only on the side of a test that
// the field named tag is not null (`if !m.X.IsNull()`, `if m.X.IsNull() {
// ... } else { m.X = ... }`).
func heldGuard(fa *ssa.FieldAddr, tag string) bool {
	b := fa.Block()
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if succ, ok := notNullSucc(ifi.Cond, tag); ok && tfssa.OnlyThrough(d, succ, b) {
			return true
		}
	}
	return false
}

// notNullSucc: cond tests whether the field named tag is null; succ is the
// successor where it is not.
func notNullSucc(cond ssa.Value, tag string) (int, bool) {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		succ, ok := notNullSucc(u.X, tag)
		return 1 - succ, ok
	}
	call, ok := cond.(*ssa.Call)
	if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "IsNull" || len(call.Call.Args) != 1 {
		return 0, false
	}
	return 1, modelflow.LoadedTag(call.Call.Args[0]) == tag
}

// storedOnly: the field's address is only written through.
func storedOnly(fa *ssa.FieldAddr) bool {
	refs := fa.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); !ok || st.Addr != fa {
			return false
		}
	}
	return true
}

func handsModel(c *ssa.CallCommon) bool {
	if c.IsInvoke() && modelflow.IsModel(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if modelflow.IsModel(a.Type()) {
			return true
		}
	}
	return false
}

// frameworkCall: the framework's own Get/Set and friends, which read the
// model for Terraform, not for the API.
func frameworkCall(fn *ssa.Function) bool {
	return fn != nil && strings.HasPrefix(tfssa.PkgPath(fn), tfapi.Framework)
}

// onlyToFramework: the interface value goes only to framework calls
// (req.Plan.Get(ctx, &plan), resp.State.Set(ctx, &plan)).
func onlyToFramework(v *ssa.MakeInterface) bool {
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		c, ok := r.(ssa.CallInstruction)
		if !ok || !frameworkCall(c.Common().StaticCallee()) {
			return false
		}
	}
	return true
}

// storesConst: every store through fa writes a value of the provider's own
// (types.BoolValue(true), a constant), not the API's.
func storesConst(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		st := r.(*ssa.Store)
		v := st.Val
		if c, ok := v.(*ssa.Call); ok && frameworkCall(c.Call.StaticCallee()) && len(c.Call.Args) == 1 {
			v = c.Call.Args[0]
		}
		if !constValue(v) {
			return false
		}
	}
	return true
}

// takesD: one of f's parameters is a *schema.ResourceData.
func takesD(f *ssa.Function) bool {
	for _, p := range f.Params {
		if tfapi.IsResourceData(p.Type()) {
			return true
		}
	}
	return false
}

// rangedKey: the key of a range over a parameter (its callers spell the
// keys) or over a map literal of the function.
func rangedKey(v ssa.Value) bool {
	switch x := tfssa.RangedOver(v).(type) {
	case *ssa.Parameter:
		return true
	case *ssa.MakeMap:
		for _, r := range *x.Referrers() {
			if u, ok := r.(*ssa.MapUpdate); ok && !constKey(u.Key) {
				return false
			}
		}
		return true
	}
	return false
}
