package modelflow

import (
	"go/constant"
	"go/token"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const maxDepth = 3

var unknownName = regexp.MustCompile(`^(New)?[A-Z][A-Za-z0-9]*Unknown$`)

// isUnknownCtor: types.StringUnknown(), basetypes.NewListUnknown(...),
// and the same constructors of the framework's custom type modules.
func isUnknownCtor(fn *ssa.Function) bool {
	if fn == nil || fn.Pkg == nil || fn.Signature.Recv() != nil {
		return false
	}
	return strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") && unknownName.MatchString(fn.Name())
}

func method(fn *ssa.Function) (pkg, recv, name string) {
	if fn == nil || fn.Signature.Recv() == nil {
		return "", "", ""
	}
	pkg, recv = tfapi.Named(fn.Signature.Recv().Type())
	return pkg, recv, fn.Name()
}

func (a *analysis) call(ci ssa.CallInstruction, st rootState, failed bool) bool {
	common := ci.Common()
	callee := common.StaticCallee()
	call, _ := ci.(*ssa.Call)
	if call != nil && isUnknownCtor(callee) {
		return a.addVal(call, fieldset{"": {Pos: call.Pos(), Unknown: true}})
	}
	if x, target := decodes(common); x != nil && a.rootArg(target) != nil {
		return a.decode(ci, x, target, st)
	}
	if fromStruct, tuple, ok := objectCtor(callee); ok && call != nil && len(common.Args) >= 2 {
		return a.rebuild(call, fromStruct, tuple, st)
	}
	pkg, recv, name := method(callee)
	if strings.HasSuffix(pkg, "/tfsdk") {
		switch {
		case recv == "Plan" && name == "Get" && len(common.Args) == 3:
			if root := a.rootArg(common.Args[2]); root != nil {
				st[root] = a.fromPlan(ci.Pos())
			}
			return false
		case recv == "State" && (name == "Set" || name == "SetAttribute") && call != nil && a.isRespState(common.Args[0]):
			if failed {
				return false
			}
			return a.sink(call, name, common.Args, st)
		}
	}
	return a.opaque(ci, callee, st)
}

func (a *analysis) fromPlan(pos token.Pos) fieldset {
	fs := fieldset{}
	for tag := range a.spec.Candidates {
		fs[tag] = Taint{Attr: tag, Pos: pos}
	}
	return fs
}

// rootArg returns the tracked root an argument points to, directly or boxed.
func (a *analysis) rootArg(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if v = a.canonical(v); a.roots[v] {
		return v
	}
	return nil
}

// isRespState: &resp.State of the analysed lifecycle function.
func (a *analysis) isRespState(v ssa.Value) bool {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok || a.depth > 0 || len(a.fn.Params) == 0 || fa.X != a.fn.Params[len(a.fn.Params)-1] {
		return false
	}
	st, ok := tfapi.DerefStruct(fa.X.Type())
	return ok && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == "State"
}

func (a *analysis) sink(call *ssa.Call, name string, args []ssa.Value, st rootState) bool {
	got := fieldset{}
	switch name {
	case "Set":
		v := args[2]
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if v = a.canonical(v); a.roots[v] {
			got.union(st[v])
		} else {
			got.union(a.vals[v])
		}
		delete(got, "")
	case "SetAttribute":
		v := args[3]
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if t, ok := a.vals[v][""]; ok {
			attr := PathRoot(args[2])
			if attr == "" {
				attr = t.Attr
			}
			if attr != "" {
				got[attr] = t
			}
		}
	}
	if len(got) > 0 {
		if a.found[call] == nil {
			a.found[call] = fieldset{}
		}
		a.found[call].union(got)
		if mi, ok := args[len(args)-1].(*ssa.MakeInterface); ok {
			a.foundType[call] = mi.X.Type()
		}
	}
	return false // sinks are read from the last round only
}

// PathRoot returns x of path.Root("x"), or "".
func PathRoot(v ssa.Value) string {
	c, ok := v.(*ssa.Call)
	if !ok {
		return ""
	}
	fn := c.Common().StaticCallee()
	if fn == nil || fn.Name() != "Root" || fn.Pkg == nil || !strings.HasSuffix(fn.Pkg.Pkg.Path(), "/path") || len(c.Call.Args) != 1 {
		return ""
	}
	if k, ok := c.Call.Args[0].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
		return constant.StringVal(k.Value)
	}
	return ""
}

// opaque handles a call the engine has no rule for: a same-package helper
// is followed; otherwise any model it is handed counts as resolved.
func (a *analysis) opaque(ci ssa.CallInstruction, callee *ssa.Function, st rootState) bool {
	common := ci.Common()
	args := common.Args
	var sub *analysis
	if a.inlinable(ci, callee) {
		sub = a.inline(callee, args, st)
	}
	for i, arg := range args {
		if root := a.rootArg(arg); root != nil {
			if sub != nil && i < len(callee.Params) && (sub.roots[callee.Params[i]] || sub.spill[callee.Params[i]] != nil) {
				if fs, ok := sub.exit[callee.Params[i]]; ok {
					out := fs.clone()
					if len(out) < len(st[root]) {
						// A filler: it set some fields of the model. Those it
						// left name it as the evidence (fields set by neither
						// it nor later code).
						for k, t := range out {
							if !t.Filler.IsValid() {
								t.Filler = callee.Pos()
								out[k] = t
							}
						}
					}
					st[root] = out
				}
				continue
			}
			if left, ok := a.summarised(sub, callee, i); ok {
				st[root] = kept(st[root], left, ci.Pos())
			} else if !readOnly(callee, i) {
				st[root] = fieldset{}
			}
			continue
		}
		if root, tag, _ := a.fieldOf(arg); root != nil {
			if tag == "" {
				a.resolveEmbedded(arg, st)
			} else if st[root] != nil {
				delete(st[root], tag)
			}
		}
	}
	call, ok := ci.(*ssa.Call)
	if sub == nil || !ok {
		return false
	}
	if len(sub.result) == 1 {
		if a.roots[call] {
			st[call] = sub.result[0].clone()
			return false
		}
		return a.addVal(call, sub.result[0])
	}
	changed := false
	if a.tup[call] == nil {
		a.tup[call] = make([]fieldset, len(sub.result))
	}
	for i, fs := range sub.result {
		if a.tup[call][i] == nil {
			a.tup[call][i] = fieldset{}
		}
		if a.tup[call][i].union(fs) {
			changed = true
		}
	}
	return changed
}

func (a *analysis) inlinable(ci ssa.CallInstruction, callee *ssa.Function) bool {
	if _, isCall := ci.(*ssa.Call); !isCall || callee == nil || a.depth >= maxDepth {
		return false
	}
	if callee.Pkg != a.fn.Pkg || len(callee.Blocks) == 0 || len(callee.FreeVars) > 0 {
		return false
	}
	for p := a; p != nil; p = p.parent {
		if p.fn == callee {
			return false
		}
	}
	return len(callee.Params) == len(ci.Common().Args)
}

func (a *analysis) inline(callee *ssa.Function, args []ssa.Value, st rootState) *analysis {
	entry := map[ssa.Value]fieldset{}
	for i, arg := range args {
		p := callee.Params[i]
		if root := a.rootArg(arg); root != nil {
			entry[p] = st[root]
		} else if fs := a.vals[arg]; len(fs) > 0 {
			entry[p] = fs
		}
	}
	key := memoKey(callee, entry)
	if sub, ok := a.memo()[key]; ok {
		return sub
	}
	sub := newAnalysis(callee, a.spec, a.depth+1, entry)
	sub.parent = a
	sub.solve()
	a.memo()[key] = sub
	return sub
}

func (a *analysis) memo() map[string]*analysis {
	top := a
	for top.parent != nil {
		top = top.parent
	}
	if top.memos == nil {
		top.memos = map[string]*analysis{}
	}
	return top.memos
}

func memoKey(fn *ssa.Function, entry map[ssa.Value]fieldset) string {
	var parts []string
	for v, fs := range entry {
		for k := range fs {
			parts = append(parts, v.Name()+"."+k)
		}
	}
	sort.Strings(parts)
	return fn.String() + "|" + strings.Join(parts, ",")
}

// atReturn records the roots and results at a success return: one whose
// error result, if any, is nil.
func (a *analysis) atReturn(ret *ssa.Return, st rootState) {
	if !successReturn(ret) {
		return
	}
	first := a.result == nil
	if first {
		a.result = make([]fieldset, len(ret.Results))
	}
	// Intersection over the success returns, as for paths within a function.
	for _, p := range a.fn.Params {
		at := ssa.Value(p)
		if !a.roots[p] {
			if at = a.spill[p]; at == nil {
				continue
			}
		}
		if first {
			a.exit[p] = st[at].clone()
		} else {
			a.exit[p] = intersect(a.exit[p], st[at])
		}
	}
	for i, r := range ret.Results {
		if i >= len(a.result) {
			break
		}
		if k, ok := r.(*ssa.Const); ok && k.IsNil() && isModelPtr(r.Type()) {
			continue // no model handed back: no field of it to save
		}
		val := a.vals[r]
		if a.roots[r] {
			val = st[r] // a fill method handing back its receiver: `return m`
		}
		if a.result[i] == nil {
			a.result[i] = val.clone()
		} else {
			a.result[i] = intersect(a.result[i], val)
		}
	}
}

// intersect keeps what both hold, and the may-taints of either.
func intersect(f, g fieldset) fieldset {
	out := fieldset{}
	for k, t := range f {
		if _, ok := g[k]; ok || t.May {
			out[k] = t
		}
	}
	for k, t := range g {
		if t.May && !out[k].May {
			out[k] = t // the rebuild is the evidence
		} else if o, ok := out[k]; ok && !o.Guard.IsValid() && t.Guard.IsValid() && o.May == t.May {
			o.Guard = t.Guard // an IsNull() guard is the evidence
			out[k] = o
		}
	}
	return out
}

func successReturn(ret *ssa.Return) bool {
	for _, r := range ret.Results {
		if tfapi.IsError(r.Type()) && !tfssa.IsNilConst(r) && !nilFromCell(r) {
			return false
		}
	}
	return true
}

// nilFromCell: r loads a result variable last set to nil in its block — a
// function with a range-over-func loop whose body may return keeps its
// results in such a variable (`*res = nil; t = *res; return t`).
func nilFromCell(r ssa.Value) bool {
	load, ok := r.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() == nil {
		return false
	}
	instrs := load.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if instrs[i] != load {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			switch in := instrs[j].(type) {
			case *ssa.Store:
				if in.Addr == load.X {
					return tfssa.IsNilConst(in.Val)
				}
			case ssa.CallInstruction:
				return false // a call may set it
			}
		}
	}
	return false
}

// refine applies what a branch tells about a field (see testOf). The true
// edge of x.IsUnknown() on a field that cannot be unknown is never taken
// (dead is set), nor the true edge of x.IsNull() on a field still holding
// the plan's value of a Computed attribute, which is never null.
func (a *analysis) refine(ifi *ssa.If, succ int, st rootState) (out rootState, dead bool) {
	t, ok := testOf(ifi.Cond, succ)
	if !ok {
		return st, false
	}
	load, ok := t.subject.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return st, false
	}
	root, tag, deeper := a.fieldOf(load.X)
	if root == nil || tag == "" || deeper {
		return st, false
	}
	if t.unknown {
		_, tainted := st[root][tag]
		return st, !tainted
	}
	if t.nullTest && !t.null {
		// The other edge of that test: note the guard on the taint, the
		// evidence that a fill under it never runs.
		if tt, tainted := st[root][tag]; tainted && !tt.May && !tt.Unknown && tt.Elem == nil && a.storesUnder(ifi.Block().Succs[1-succ], root, tag) {
			out = cloneState(st)
			tt.Guard = condPos(ifi.Cond)
			out[root][tag] = tt
			return out, false
		}
	}
	if t.null {
		// The planned value of a Computed attribute with no Default and no
		// plan modifier is never null: unknown when the configuration
		// leaves it out, the configured value otherwise. A field still
		// holding it never takes the true edge of x.IsNull() (`if
		// m.X.IsNull() { m.X = fromAPI }` fills nothing; the unknown is saved).
		// A summary (fills.go) taints every field, Optional ones too, which
		// can be null: it keeps the edge.
		if tt, tainted := st[root][tag]; tainted && !tt.May && !tt.Unknown && tt.Elem == nil && !a.spec.summary {
			return st, true
		}
	}
	if !t.known {
		return st, false
	}
	out = cloneState(st)
	for k := range out[root] {
		// A known object may still hold unknowns. A null one has no nested
		// values, but nested taints already assume a configured parent: the
		// null path does not resolve them for the other.
		if k == tag {
			delete(out[root], k)
		}
	}
	return out, false
}

// sinks returns the state writes found, in source order.
func (a *analysis) sinks() []Sink {
	var out []Sink
	for call, fs := range a.found {
		attrs := map[string]Taint{}
		for k, t := range fs {
			if !strings.Contains(k, ".") || !a.nestedResolved(a.foundType[call], k) && !a.elemResolved(t) {
				attrs[k] = t
			}
		}
		if len(attrs) > 0 {
			out = append(out, Sink{Call: call, Attrs: attrs})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Call.Pos() < out[j].Call.Pos() })
	return out
}

// knownOnEdge: the value v, arriving at phi over edge i, was tested on the
// way there and is known (see testOf; `if s.IsNull() || s.IsUnknown() { s =
// fromAPI }` leaves a known s either way). The branch must dominate the edge.
func knownOnEdge(phi *ssa.Phi, i int, v ssa.Value) bool {
	child, cur := phi.Block(), phi.Block().Preds[i]
	direct := true
	for steps := 0; cur != nil && steps < 12; steps++ {
		if ifi, ok := cur.Instrs[len(cur.Instrs)-1].(*ssa.If); ok {
			if k := takenSucc(cur, child, direct); k >= 0 {
				if t, ok := testOf(ifi.Cond, k); ok && t.known && sameLoad(t.subject, v) {
					return true
				}
			}
		}
		child, cur, direct = cur, cur.Idom(), false
	}
	return false
}

// takenSucc: which successor of b every path to child leaves b by, or -1.
// direct: child is reached over the edge b -> child itself.
func takenSucc(b, child *ssa.BasicBlock, direct bool) int {
	found := -1
	for k, s := range b.Succs {
		if (direct && s == child) || (!direct && s != b && s.Dominates(child) && len(s.Preds) == 1) {
			if found >= 0 {
				return -1
			}
			found = k
		}
	}
	return found
}

// storesUnder: block b, or a block it dominates, stores into the field tag
// of root (the fill a test x.IsNull() guards).
func (a *analysis) storesUnder(b *ssa.BasicBlock, root ssa.Value, tag string) bool {
	if len(b.Preds) != 1 {
		return false
	}
	for _, d := range a.fn.Blocks {
		if !b.Dominates(d) {
			continue
		}
		for _, instr := range d.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if r, t, _ := a.fieldOf(st.Addr); r == root && t == tag {
					return true
				}
			}
		}
	}
	return false
}

// condPos: where the test cond is written (the call of x.IsNull()).
func condPos(cond ssa.Value) token.Pos {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	return cond.Pos()
}

// valueTest is what one successor of a branch on a framework value tells
// about it: known (the false branch of x.IsUnknown(), the true branch of
// x.IsNull(), a non-zero x.ValueXxx() — an unknown reads as the zero
// value), unknown (the true branch of x.IsUnknown()), null (the true branch
// of x.IsNull()).
type valueTest struct {
	subject              ssa.Value
	known, unknown, null bool
	nullTest             bool // x.IsNull(), either edge
}

// testOf reads successor k of a branch on cond as a valueTest.
func testOf(cond ssa.Value, k int) (valueTest, bool) {
	negated := false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	taken := (k == 0) != negated
	if b, ok := cond.(*ssa.BinOp); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
		call, zero := b.X, b.Y
		if _, isConst := call.(*ssa.Const); isConst {
			call, zero = b.Y, b.X
		}
		z, isConst := zero.(*ssa.Const)
		subject, name, ok := methodCall(call)
		if !isConst || !tfssa.ZeroConst(z) || !ok || !strings.HasPrefix(name, "Value") {
			return valueTest{}, false
		}
		return valueTest{subject: subject, known: taken == (b.Op == token.NEQ)}, true
	}
	subject, name, ok := methodCall(cond)
	if !ok {
		return valueTest{}, false
	}
	switch name {
	case "IsUnknown":
		return valueTest{subject: subject, known: !taken, unknown: taken}, true
	case "IsNull":
		return valueTest{subject: subject, known: taken, null: taken, nullTest: true}, true
	case "ValueBool":
		return valueTest{subject: subject, known: taken}, true
	}
	return valueTest{}, false
}

// methodCall: x is recv.name() — a method called with no other argument.
func methodCall(x ssa.Value) (recv ssa.Value, name string, ok bool) {
	c, isCall := x.(*ssa.Call)
	if !isCall || len(c.Call.Args) != 1 {
		return nil, "", false
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil {
		return nil, "", false
	}
	return c.Call.Args[0], fn.Name(), true
}

// sameLoad: a and b are the same value, or two loads of the same field of
// the same variable (`m.Name` read once for the test and again for the use).
func sameLoad(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	x, ok1 := a.(*ssa.UnOp)
	y, ok2 := b.(*ssa.UnOp)
	return ok1 && ok2 && x.Op == token.MUL && y.Op == token.MUL && sameAddr(x.X, y.X)
}

func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	x, ok1 := a.(*ssa.FieldAddr)
	y, ok2 := b.(*ssa.FieldAddr)
	return ok1 && ok2 && x.Field == y.Field && sameAddr(x.X, y.X)
}

// summarised: the fields a helper of another package, not followed here,
// leaves untouched in its parameter i, from its FillFact.
func (a *analysis) summarised(sub *analysis, callee *ssa.Function, i int) ([]string, bool) {
	if sub != nil || callee == nil || a.spec.Fills == nil {
		return nil, false
	}
	return a.spec.Fills(callee, i)
}

// kept: the taints of fs for the fields a summarised helper left, each
// naming the call as the filler that left it (the helper's own position
// comes from export data in go vet, without its column).
func kept(fs fieldset, left []string, call token.Pos) fieldset {
	out := fieldset{}
	for _, k := range left {
		if t, ok := fs[k]; ok {
			if !t.Filler.IsValid() {
				t.Filler = call
			}
			out[k] = t
		}
	}
	return out
}
