// Package modelflow follows the attribute values of a framework model through
// a lifecycle function on SSA: which tfsdk fields of which model may still
// hold a value that can be unknown (read from the plan, or made by
// types.XxxUnknown()) when the model is handed to resp.State.Set.
//
// It is a forward analysis over the function's blocks: a field is tainted at
// a point when no path to that point resolved it. Stores of anything else resolve a
// field; `x.IsUnknown()` false branches and `x.IsNull()` true branches
// resolve the field x was loaded from. A model handed to code the engine
// cannot follow counts as resolved (the helper may fill it): the checks built
// on it stay quiet when they cannot decide. Helpers declared in the same
// package are followed, a few calls deep.
package modelflow

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Taint says where a possibly unknown value came from.
type Taint struct {
	Attr string    // the tfsdk name it was read from ("" for XxxUnknown())
	Pos  token.Pos // the plan read or the XxxUnknown() call
	// Unknown is set for types.XxxUnknown() values (always unknown).
	Unknown bool
	// Via is where a nested object holding it was decoded into a struct
	// (x.As(ctx, &local, ...)), if it was.
	Via token.Pos
	// May: it came back in an object the code rebuilt (objects.go), so it
	// is saved on the paths through that rebuild: path merges and helper
	// exits keep it (a may-taint, like the taints of values).
	May bool
	// Elem and ElemKey: it was decoded with the elements of a list or set
	// into a slice of Elem structs, as ElemKey of each (lists.go).
	Elem    types.Type
	ElemKey string
	// Guard: a test x.IsNull() the value went through on its non-null
	// edge while it still held the plan's value (the fill under it never
	// runs: the planned value of a Computed attribute is never null).
	Guard token.Pos
	// Filler: a helper of the package that the model was handed to, which
	// set some of its fields but not this one (its declaration).
	Filler token.Pos
}

// fieldset maps a tfsdk name to the taint its field may hold. The key "" is
// the taint of a scalar value (a types.String loaded from a field).
type fieldset map[string]Taint

func (f fieldset) clone() fieldset {
	out := make(fieldset, len(f))
	for k, v := range f {
		out[k] = v
	}
	return out
}

// union adds g into f, reporting whether f changed.
func (f fieldset) union(g fieldset) bool {
	changed := false
	for k, v := range g {
		if _, ok := f[k]; !ok {
			f[k] = v
			changed = true
		}
	}
	return changed
}

// Sink is one write of a model or value into the state with the taints it may carry.
type Sink struct {
	Call  *ssa.Call
	Attrs map[string]Taint // by the tfsdk name written
}

// Spec says what the function's sources and sinks are.
type Spec struct {
	// Candidates are the tfsdk names that may be unknown in the plan; nil
	// when the plan is not a source (Read).
	Candidates map[string]bool
	// Fills, when set, summarises helpers of other packages (FillsAnalyzer):
	// a model handed to one keeps the taints of the fields it leaves.
	Fills Fills
	// summary: the run computes a FillFact, with every field tainted at
	// entry whatever its schema (fills.go).
	summary bool
}

// Run analyses fn and returns every resp.State write that may carry a taint.
func Run(fn *ssa.Function, spec Spec) []Sink {
	if fn == nil || len(fn.Blocks) == 0 {
		return nil
	}
	a := newAnalysis(fn, spec, 0, nil)
	a.solve()
	return a.sinks()
}

type analysis struct {
	fn    *ssa.Function
	spec  Spec
	depth int
	roots map[ssa.Value]bool // tracked model storage
	// cellOf maps each load of a model pointer variable (var data *Model;
	// req.Plan.Get(ctx, &data)) to that variable, which stands for the model.
	cellOf map[ssa.Value]ssa.Value
	// assigned: cells given a model by assignment (state = fromAPI(...));
	// a path where the cell holds no model yet tells nothing about fields.
	assigned map[ssa.Value]bool
	in       map[*ssa.BasicBlock]map[ssa.Value]fieldset
	// failed: every path into the block has reported an error (an error
	// diagnostic added, the true branch of HasError()); such paths are not
	// success returns, and a save on them is not reported.
	failed map[*ssa.BasicBlock]bool
	vals   map[ssa.Value]fieldset // taint of SSA values (may)
	tup    map[ssa.Value][]fieldset
	found  map[*ssa.Call]fieldset
	// foundType: the model type written at each sink, for nested paths.
	foundType map[*ssa.Call]types.Type
	// exit: the root states common to all success returns, per parameter root.
	exit   map[ssa.Value]fieldset
	result []fieldset
	parent *analysis
	// spill maps a model pointer parameter captured by a closure to the
	// variable the function spills it into at entry (SSA gives a captured
	// parameter a cell): the cell, a root, stands for the parameter.
	spill   map[ssa.Value]ssa.Value
	spillOf map[*ssa.Alloc]ssa.Value // the reverse, while roots are found
	memos   map[string]*analysis     // on the top-level analysis only
	nested  map[string]bool          // on the top-level analysis only: see noteNested
}

func newAnalysis(fn *ssa.Function, spec Spec, depth int, entry map[ssa.Value]fieldset) *analysis {
	a := &analysis{fn: fn, spec: spec, depth: depth, roots: map[ssa.Value]bool{}, cellOf: map[ssa.Value]ssa.Value{}, assigned: map[ssa.Value]bool{},
		in: map[*ssa.BasicBlock]map[ssa.Value]fieldset{}, failed: map[*ssa.BasicBlock]bool{}, vals: map[ssa.Value]fieldset{},
		tup: map[ssa.Value][]fieldset{}, found: map[*ssa.Call]fieldset{}, exit: map[ssa.Value]fieldset{}}
	a.spill, a.spillOf = map[ssa.Value]ssa.Value{}, map[*ssa.Alloc]ssa.Value{}
	for _, p := range fn.Params {
		if isModelPtr(p.Type()) && tracked(p) {
			a.roots[p] = true
		} else if cell := spillCell(p); cell != nil {
			a.spillOf[cell] = p
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch v := instr.(type) {
			case *ssa.Alloc, *ssa.Call, *ssa.Extract:
				// Calls and extracts: a model pointer a followed helper
				// hands back (`m := r.fill(plan)`), whose later stores count.
				if isModelPtr(v.(ssa.Value).Type()) && tracked(v.(ssa.Value)) {
					a.roots[v.(ssa.Value)] = true
				}
				if alloc, ok := v.(*ssa.Alloc); ok && (a.trackCell(alloc) || elemSlice(alloc)) {
					a.roots[alloc] = true
				}
			}
		}
	}
	for cell, p := range a.spillOf {
		if a.roots[cell] {
			a.spill[p] = cell
		}
	}
	a.markDecoded()
	start := map[ssa.Value]fieldset{}
	for v, fs := range entry {
		if a.roots[v] {
			start[v] = fs.clone()
		} else if cell := a.spill[v]; cell != nil {
			start[cell] = fs.clone()
		} else if _, isParam := v.(*ssa.Parameter); isParam {
			a.vals[v] = fs.clone() // a model passed by value
		}
	}
	a.in[fn.Blocks[0]] = start
	return a
}

// trackCell: alloc is a variable holding a model pointer (var data *Model),
// only ever loaded, handed to calls by address (req.Plan.Get(ctx, &data))
// or assigned a call's result or nil: the model it points to is tracked
// under the variable, each load standing for it. A variable assigned
// another pointer is not.
func (a *analysis) trackCell(alloc *ssa.Alloc) bool {
	p, ok := types.Unalias(alloc.Type()).(*types.Pointer)
	if !ok || !isModelPtr(p.Elem()) || alloc.Referrers() == nil {
		return false
	}
	var loads []ssa.Value
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || !tracked(r) {
				return false
			}
			loads = append(loads, r)
		case *ssa.MakeInterface:
			if !onlyCallArgs(r) {
				return false
			}
		case *ssa.MakeClosure:
			if !readOnlyCapture(r, alloc) && !storesCapture(r, alloc) {
				return false
			}
		case *ssa.Store:
			if r.Addr == alloc && a.spillOf[alloc] == r.Val {
				continue // a captured parameter spilled at entry
			}
			// state = fromAPI(...): the variable takes the model a
			// followed helper hands back, or nil.
			if r.Addr != alloc || !cellValue(r.Val) {
				return false
			}
			a.assigned[alloc] = true
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	for _, l := range loads {
		a.cellOf[l] = alloc
	}
	return true
}

// spillCell: the variable a model pointer parameter is stored into and
// used through, and nowhere else (a parameter a closure captures).
func spillCell(p *ssa.Parameter) *ssa.Alloc {
	if !isModelPtr(p.Type()) || p.Referrers() == nil {
		return nil
	}
	var cell *ssa.Alloc
	for _, r := range *p.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			alloc, ok := r.Addr.(*ssa.Alloc)
			if !ok || r.Val != p || cell != nil {
				return nil
			}
			cell = alloc
		default:
			return nil
		}
	}
	return cell
}

// cellValue: a value a model pointer variable may be assigned and still
// be followed: a call's result (a helper's model, judged by its summary)
// or nil.
func cellValue(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Call, *ssa.Extract:
		return true
	case *ssa.Const:
		return v.IsNil()
	}
	return false
}

// canonical returns the variable a load of a model pointer variable stands for.
func (a *analysis) canonical(v ssa.Value) ssa.Value {
	if c, ok := a.cellOf[v]; ok {
		return c
	}
	return v
}

// isModelPtr: a pointer to a struct with tfsdk tags, directly or embedded.
func isModelPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && tagged(st)
}

func tagged(st *types.Struct) bool {
	found := false
	facts.EachTagged(st, func(facts.TaggedField) { found = true })
	return found
}

// tracked: the storage's address is used only in ways the engine follows —
// field addresses, loads, stores into it, call arguments (directly or boxed).
// Stored elsewhere, captured by a closure or merged in a phi, it could be
// changed behind the engine's back.
func tracked(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.Return: // handed back to the caller, which follows the result
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if r.Val == v {
				return false
			}
		case ssa.CallInstruction:
			if _, isClosure := r.Common().Value.(*ssa.MakeClosure); isClosure {
				return false
			}
		case *ssa.MakeInterface:
			if !onlyCallArgs(r) {
				return false
			}
		case *ssa.BinOp: // `if m == nil`: a test, not an alias
			if !tfssa.IsNilConst(r.X) && !tfssa.IsNilConst(r.Y) {
				return false
			}
		case *ssa.MakeClosure: // captured by a closure that only reads it, or stores into its fields
			if !readOnlyCapture(r, v) && !storesCapture(r, v) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// readOnlyCapture: v is bound into the closure mc, whose body only reads
// the model through it (field loads, a copy of the whole struct, a test
// against nil), directly or through closures it makes in turn: a retry or
// wait callback reading plan.Name cannot fill the model, so the model stays
// followed. A closure storing into the model, or handing it on, may fill it.
func readOnlyCapture(mc *ssa.MakeClosure, v ssa.Value) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	found := false
	for i, b := range mc.Bindings {
		if b != v {
			continue
		}
		if i >= len(fn.FreeVars) || !onlyRead(fn.FreeVars[i], 0) {
			return false
		}
		found = true
	}
	return found
}

// onlyRead: every use of the model address (or of a variable holding one)
// v is a read: a field address only loaded, a load whose result is only
// read in turn, a nil test, or a binding into a closure that only reads it.
func onlyRead(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if !onlyRead(r, depth+1) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
			if isModelPtr(r.Type()) && !onlyRead(r, depth+1) {
				return false // a load of a model pointer variable: its uses count
			}
		case *ssa.BinOp:
			if !tfssa.IsNilConst(r.X) && !tfssa.IsNilConst(r.Y) {
				return false
			}
		case *ssa.MakeClosure:
			if !readOnlyCapture(r, v) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func onlyCallArgs(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(ssa.CallInstruction); !ok {
			if _, dbg := r.(*ssa.DebugRef); !dbg {
				return false
			}
		}
	}
	return true
}

// fieldOf resolves a field address to its tracked root and tfsdk name,
// walking through untagged embedded structs. deeper is set when addr points
// inside the tagged field (a nested model's field).
func (a *analysis) fieldOf(addr ssa.Value) (root ssa.Value, tag string, deeper bool) {
	root, path, st := a.fieldPath(addr)
	if root == nil {
		return nil, "", false
	}
	found, embedded := false, false
	facts.EachTagged(st, func(f facts.TaggedField) {
		switch {
		case isPrefix(f.Index, path):
			tag, deeper, found = f.Tag, len(path) > len(f.Index), true
		case isPrefix(path, f.Index):
			embedded = true // an untagged embedded struct holding tagged fields
		}
	})
	switch {
	case found:
		return root, tag, deeper
	case embedded:
		return root, "", true // an embedded struct as a whole
	}
	return nil, "", false
}

// fieldPath splits a field address into its tracked root, the root's
// struct and the field indices from the root down.
func (a *analysis) fieldPath(addr ssa.Value) (root ssa.Value, path []int, st *types.Struct) {
	for {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			break
		}
		path = append([]int{fa.Field}, path...)
		addr = fa.X
	}
	st, ok := tfapi.DerefStruct(addr.Type())
	addr = a.canonical(addr)
	if !a.roots[addr] || len(path) == 0 || !ok {
		return nil, nil, nil
	}
	return addr, path, st
}

// resolveEmbedded: the untagged embedded struct at addr (fieldOf gave no
// tag) was stored whole or handed to a helper: the fields it holds are
// resolved, and only those (`p.base.fill()` says nothing of p's own fields).
func (a *analysis) resolveEmbedded(addr ssa.Value, st rootState) {
	root, path, s := a.fieldPath(addr)
	if root == nil {
		return
	}
	if st[root] == nil {
		st[root] = fieldset{} // the root holds a model on this path
		return
	}
	facts.EachTagged(s, func(f facts.TaggedField) {
		if !isPrefix(path, f.Index) {
			return
		}
		for k := range st[root] {
			if k == f.Tag || strings.HasPrefix(k, f.Tag+".") {
				delete(st[root], k)
			}
		}
	})
}

func isPrefix(prefix, path []int) bool {
	return len(prefix) <= len(path) && slices.Equal(prefix, path[:len(prefix)])
}

type rootState = map[ssa.Value]fieldset

func cloneState(s rootState) rootState {
	out := make(rootState, len(s))
	for k, v := range s {
		out[k] = v.clone()
	}
	return out
}

// solve iterates over the blocks until nothing changes; loops converge
// because every set only grows.
func (a *analysis) solve() {
	order := a.fn.DomPreorder()
	for round := 0; round < 30; round++ {
		changed := false
		// What the last round sees at sinks and returns is the result.
		a.found, a.exit, a.result = map[*ssa.Call]fieldset{}, map[ssa.Value]fieldset{}, nil
		a.foundType = map[*ssa.Call]types.Type{}
		for _, b := range order {
			in, ok := a.in[b]
			if !ok {
				continue
			}
			st := cloneState(in)
			failed := a.failed[b]
			for _, instr := range b.Instrs {
				if a.step(instr, st, failed) {
					changed = true
				}
				failed = failed || fails(instr)
			}
			if a.leave(b, st, failed) {
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

func (a *analysis) leave(b *ssa.BasicBlock, st rootState, failed bool) bool {
	last := b.Instrs[len(b.Instrs)-1]
	switch last := last.(type) {
	case *ssa.Return:
		if !failed {
			a.atReturn(last, st)
		}
		return false
	case *ssa.If:
		changed := false
		fs := tfssa.FailedSucc(last)
		for i, s := range b.Succs {
			out, dead := a.refine(last, i, st)
			if !dead && a.merge(s, out, failed || fs == i) {
				changed = true
			}
		}
		return changed
	}
	changed := false
	for _, s := range b.Succs {
		if a.merge(s, st, failed) {
			changed = true
		}
	}
	return changed
}

func (a *analysis) merge(b *ssa.BasicBlock, st rootState, failed bool) bool {
	in, ok := a.in[b]
	if !ok {
		a.in[b] = cloneState(st)
		a.failed[b] = failed
		return true
	}
	changed := false
	if a.failed[b] && !failed {
		a.failed[b], changed = false, true
	}
	// Intersection: a field counts as unresolved only if no path into the
	// block resolved it. A field set on some paths only (an API response
	// that may omit it) is left alone: precision first.
	for r, fs := range in {
		if _, has := st[r]; !has && a.assigned[r] {
			continue // no model on that path yet
		}
		for k, t := range fs {
			if _, ok := st[r][k]; !ok && !t.May {
				delete(fs, k)
				changed = true
			}
		}
		for k, t := range st[r] {
			if old, ok := fs[k]; (!ok || !old.May) && t.May {
				fs[k] = t
				changed = true
			} else if ok && !old.Guard.IsValid() && t.Guard.IsValid() && old.May == t.May {
				old.Guard = t.Guard // keep the evidence of an IsNull() guard
				fs[k] = old
				changed = true
			}
		}
	}
	for r := range a.assigned {
		if _, has := in[r]; !has {
			if fs, ok := st[r]; ok {
				in[r] = fs.clone()
				changed = true
			}
		}
	}
	return changed
}

func (a *analysis) addVal(v ssa.Value, fs fieldset) bool {
	if len(fs) == 0 {
		return false
	}
	if a.vals[v] == nil {
		a.vals[v] = fieldset{}
	}
	return a.vals[v].union(fs)
}

// step applies one instruction to the root states; it reports whether a
// value's taint grew.
func (a *analysis) step(instr ssa.Instruction, st rootState, failed bool) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		a.store(in, st)
	case *ssa.UnOp:
		if in.Op != token.MUL {
			return false
		}
		if a.roots[in.X] {
			return a.addVal(in, st[in.X])
		}
		if a.loadElem(in, st) {
			return true
		}
		if root, tag, deeper := a.fieldOf(in.X); root != nil && tag != "" && !deeper {
			return a.addVal(in, sub(st[root], tag))
		}
	case *ssa.Field:
		if fs := a.vals[in.X]; len(fs) > 0 {
			if tag := structTag(in.X.Type(), in.Field); tag != "" {
				return a.addVal(in, sub(fs, tag))
			}
		}
	case *ssa.MakeInterface:
		return a.addVal(in, a.vals[in.X])
	case *ssa.ChangeType:
		return a.addVal(in, a.vals[in.X])
	case *ssa.MapUpdate:
		return a.mapUpdate(in)
	case *ssa.Phi:
		changed := false
		for i, e := range in.Edges {
			if len(a.vals[e]) > 0 && knownOnEdge(in, i, e) {
				continue
			}
			if a.addVal(in, a.vals[e]) {
				changed = true
			}
		}
		return changed
	case *ssa.Extract:
		if ts := a.tup[in.Tuple]; in.Index < len(ts) {
			if a.roots[in] {
				st[in] = ts[in.Index].clone()
				return false
			}
			return a.addVal(in, ts[in.Index])
		}
	case *ssa.MakeClosure:
		a.closureStores(in, st)
	case ssa.CallInstruction:
		return a.call(in, st, failed)
	}
	return false
}

func storesCapture(mc *ssa.MakeClosure, v ssa.Value) bool {
	_, ok := storingCapture(mc, v)
	return ok
}

// FieldTag returns the tfsdk name of the field a field address points to, or "".
func FieldTag(fa *ssa.FieldAddr) string {
	ptr, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok {
		return ""
	}
	return structTag(ptr.Elem(), fa.Field)
}

func structTag(t types.Type, i int) string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	tag, _ := reflect.StructTag(st.Tag(i)).Lookup("tfsdk")
	return tag
}

// Tag returns the tfsdk name of field i of struct t (or *t), or "" for an
// untagged field or one the framework skips (tfsdk:"-").
func Tag(t types.Type, i int) string { return tfapi.ModelTag(t, i) }

// IsModel: t is a struct with tfsdk tags (directly or embedded), or a
// pointer to one: a model the framework fills from plan, state or config.
func IsModel(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && tagged(st)
}

func (a *analysis) store(in *ssa.Store, st rootState) {
	if _, zero := in.Val.(*ssa.Const); zero && a.assigned[in.Addr] && isModelPtr(in.Addr.Type()) {
		delete(st, in.Addr) // `ex := extensions{}` before an object is decoded into it
		return
	}
	if a.roots[in.Addr] {
		if alloc, ok := in.Addr.(*ssa.Alloc); ok && a.spillOf[alloc] == in.Val && in.Val != nil {
			return // the spill of a captured parameter: the cell holds its model
		}
		fs := fieldset{}
		for k, t := range a.vals[in.Val] {
			if k != "" {
				fs[k] = t
			}
		}
		st[in.Addr] = fs
		return
	}
	a.noteNested(in.Addr)
	root, tag, deeper := a.fieldOf(in.Addr)
	if root == nil {
		return
	}
	if tag == "" { // a whole embedded struct: its fields are resolved
		a.resolveEmbedded(in.Addr, st)
		return
	}
	if st[root] == nil {
		st[root] = fieldset{}
	}
	if deeper {
		delete(st[root], tag) // the nested stores are judged by noteNested
		return
	}
	for k := range st[root] {
		if k == tag || strings.HasPrefix(k, tag+".") {
			delete(st[root], k)
		}
	}
	for k, t := range a.vals[in.Val] {
		if k == "" {
			st[root][tag] = t
		} else {
			st[root][tag+"."+k] = t
		}
	}
}

// sub returns the taints of field tag of a model's fieldset, relative to it:
// "" for the field itself, "x.y" for its nested attributes.
func sub(fs fieldset, tag string) fieldset {
	out := fieldset{}
	for k, t := range fs {
		if k == tag {
			out[""] = t
		} else if strings.HasPrefix(k, tag+".") {
			out[k[len(tag)+1:]] = t
		}
	}
	return out
}

// noteNested records stores into tagged fields by the struct type holding
// the field ("schema.Node_Disk#autoexpansion" for sg.Node.Disk.Autoexpansion = ...).
// Nested attributes inside lists and maps are written element by element,
// often on loop copies, which a path analysis of the model cannot credit; a
// store anywhere in the function or a followed helper counts instead.
func (a *analysis) noteNested(addr ssa.Value) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return
	}
	ptr, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok {
		return
	}
	tag := structTag(ptr.Elem(), fa.Field)
	if tag == "" || tag == "-" {
		return
	}
	top := a.top()
	if top.nested == nil {
		top.nested = map[string]bool{}
	}
	top.nested[typeKey(ptr.Elem())+"#"+tag] = true
}

func typeKey(t types.Type) string { return types.TypeString(t, nil) }

// nestedResolved: for a nested path under a model of type t, some store
// wrote the attribute or an object holding it (below the top level, which
// the path analysis follows).
func (a *analysis) nestedResolved(t types.Type, path string) bool {
	return a.storedUnder(t, path, 1)
}

// storedUnder: some store wrote a segment of path, from segment first on,
// under the struct t.
func (a *analysis) storedUnder(t types.Type, path string, first int) bool {
	segs := strings.Split(path, ".")
	for i, seg := range segs {
		st, ok := elemStruct(t)
		if !ok {
			return false
		}
		if i >= first && a.top().nested[typeKey(st)+"#"+seg] {
			return true
		}
		t = fieldType(st, seg)
		if t == nil {
			return false
		}
	}
	return false
}

// elemStruct looks through pointers, slices and maps to a named struct type.
func elemStruct(t types.Type) (types.Type, bool) {
	for depth := 0; depth < 8; depth++ {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Named:
			switch u.Underlying().(type) {
			case *types.Struct:
				return u, true
			case *types.Pointer, *types.Slice, *types.Map:
				t = u.Underlying() // `type Versions []Version`
			default:
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return nil, false
}

// fieldType returns the type of the field tagged tag, through untagged embedded structs.
func fieldType(t types.Type, tag string) types.Type {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var ft types.Type
	facts.EachTagged(st, func(f facts.TaggedField) {
		if f.Tag == tag && ft == nil {
			ft = f.Var.Type()
		}
	})
	return ft
}

func (a *analysis) top() *analysis {
	for a.parent != nil {
		a = a.parent
	}
	return a
}

// fails: an error diagnostic is added. Appending diagnostics is not taken as
// failure, even just before a return: helpers end that way on success too.
func fails(instr ssa.Instruction) bool {
	_, ok := instr.(ssa.CallInstruction)
	return ok && tfssa.Fails(instr) && isAddError(instr)
}

func isAddError(instr ssa.Instruction) bool {
	c := instr.(ssa.CallInstruction).Common().StaticCallee()
	return c != nil && (c.Name() == "AddError" || c.Name() == "AddAttributeError")
}

// LoadedTag: the tfsdk tag of the model field v was loaded from (through an
// interface conversion), or "".
func LoadedTag(v ssa.Value) string {
	if v == nil {
		return ""
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return addrTag(x.X)
		}
	case *ssa.FieldAddr:
		return addrTag(x) // a pointer receiver
	case *ssa.Field:
		if tag := Tag(x.X.Type(), x.Field); tag != "" {
			return tag
		}
		if embedded(x.X.Type(), x.Field) {
			return LoadedTag(x.X) // a method of a custom type's embedded basetypes value
		}
	}
	return ""
}

// addrTag: the tag of the model field at address v, also through the
// embedded value of a custom type (&m.Name.StringValue).
func addrTag(v ssa.Value) string {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	if tag := Tag(fa.X.Type(), fa.Field); tag != "" {
		return tag
	}
	if embedded(fa.X.Type(), fa.Field) {
		return addrTag(fa.X)
	}
	return ""
}

func embedded(t types.Type, i int) bool {
	st, ok := tfapi.DerefStruct(t)
	return ok && i < st.NumFields() && st.Field(i).Embedded()
}

// ValueReceiver: the framework value whose ValueXxx() call v is, or nil.
func ValueReceiver(v ssa.Value) ssa.Value {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.StaticCallee() == nil || !strings.HasPrefix(call.Call.StaticCallee().Name(), "Value") || len(call.Call.Args) != 1 {
		return nil
	}
	return call.Call.Args[0]
}

// NeverNull: v is made by a constructor of a known value — the framework's
// (types.StringValue, basetypes.NewInt64Value) or a custom type's
// (NewTfStringValue) — not a pointer one, which answers nil with null.
func NeverNull(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() != nil {
		return false
	}
	n := fn.Name()
	return strings.HasSuffix(n, "Value") && !strings.Contains(n, "Pointer") && !strings.Contains(n, "Null") && !strings.Contains(n, "Unknown") && !strings.Contains(n, "Must")
}

// storingCapture: v is bound into the closure mc, whose body reads the
// model and stores into its fields, and does nothing else with it (a
// range-over-func loop body filling m from the API's answer, a retry
// callback setting plan.ID): tags are the tfsdk names it may store (or
// hand to a call by field address). A closure handing the model itself on
// is not one.
func storingCapture(mc *ssa.MakeClosure, v ssa.Value) (tags map[string]bool, ok bool) {
	fn, isFn := mc.Fn.(*ssa.Function)
	if !isFn {
		return nil, false
	}
	tags = map[string]bool{}
	found := false
	for i, b := range mc.Bindings {
		if b != v {
			continue
		}
		if i >= len(fn.FreeVars) || !storesOnly(fn.FreeVars[i], tags, 0) {
			return nil, false
		}
		found = true
	}
	return tags, found
}

func storesOnly(v ssa.Value, tags map[string]bool, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 6 {
		return false
	}
	fa, isField := v.(*ssa.FieldAddr)
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if !storesOnly(r, tags, depth+1) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL || isModelPtr(r.Type()) && !storesOnly(r, tags, depth+1) {
				return false
			}
		case *ssa.Store:
			tag := ""
			if isField && r.Addr == v && r.Val != v {
				tag = capturedTag(fa)
			}
			if tag == "" {
				return false
			}
			tags[tag] = true
		case ssa.CallInstruction:
			// A field handed by address (fill.Strings(&m.ID, v), a
			// nested model's own fill method): that field may be set.
			tag := ""
			if isField && r.Common().Value != v {
				tag = capturedTag(fa)
			}
			if tag == "" {
				return false
			}
			tags[tag] = true
		case *ssa.BinOp:
			if !tfssa.IsNilConst(r.X) && !tfssa.IsNilConst(r.Y) {
				return false
			}
		case *ssa.MakeClosure:
			inner, ok := storingCapture(r, v)
			if !ok {
				return false
			}
			for k := range inner {
				tags[k] = true
			}
		default:
			return false
		}
	}
	return true
}

// capturedTag: the tfsdk name of the top-level field a field address
// inside a captured model points into, or "".
func capturedTag(fa *ssa.FieldAddr) string {
	var path []int
	var base ssa.Value = fa
	for {
		f, ok := base.(*ssa.FieldAddr)
		if !ok {
			break
		}
		path = append([]int{f.Field}, path...)
		base = f.X
	}
	st, ok := tfapi.DerefStruct(base.Type())
	if !ok {
		return ""
	}
	tag := ""
	facts.EachTagged(st, func(f facts.TaggedField) {
		if isPrefix(f.Index, path) {
			tag = f.Tag
		}
	})
	return tag
}

// closureStores resolves the fields a closure capturing a tracked model
// may store (storingCapture): made before the save, it is taken to have
// run, as a store on any path resolves a field.
func (a *analysis) closureStores(mc *ssa.MakeClosure, st rootState) {
	for _, b := range mc.Bindings {
		root := a.canonical(b)
		if !a.roots[root] || st[root] == nil {
			continue
		}
		tags, ok := storingCapture(mc, b)
		if !ok {
			continue
		}
		for k := range st[root] {
			top, _, _ := strings.Cut(k, ".")
			if tags[top] {
				delete(st[root], k)
			}
		}
	}
}
