package zerofornull

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// The SDK reads an unset block as an empty list: a block the configuration
// leaves out stays out only when Create, Update and Read save nothing (nil,
// an empty list) for it whenever the API has nothing. A one-element list
// saved on every path — the block built from the API's answer whatever it
// holds, an empty map when it holds nothing — puts a block there that the
// configuration does not have.

// sdkBlock is a d.Set of a one-element list into an Optional, non-Computed
// block on every way through the functions that lead to it.
type sdkBlock struct {
	attr   *facts.Attribute
	set    *ssa.CallCommon
	pos    token.Pos
	lit    token.Pos // the one-element list (or the helper returning one)
	method string    // Read, Create or Update: the first that reaches it
	text   string    // the formatting function, for a string attribute saved as formatted text
	caller token.Pos // the call (in the lifecycle function) that leads to the d.Set, when it is in a helper
}

// sdkCandidate: a top-level list or set block the configuration may leave
// out and the SDK does not fill in: Optional, not Computed, not Required.
func sdkCandidate(a *facts.Attribute) bool {
	if !a.Optional || a.Computed || a.Required || a.Uncertain || a.WriteOnly || !a.Pos.IsValid() {
		return false
	}
	if a.Block {
		return a.Nesting == "list" || a.Nesting == "set"
	}
	// A string the SDK reads as unset only when it is "": saved as the
	// text of a number or a bool, it is never that.
	return a.Type == "string" && !a.HasDefault && !a.Normalised
}

func runSDK(rep *lint.Reporter, model *facts.Model, funcs map[*types.Func]*ssa.Function, reported map[token.Pos]bool) {
	byName, _ := tfssa.ByName(funcs)
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
			continue
		}
		attrs := map[string]*facts.Attribute{}
		for i := range r.Schema.Attributes {
			if a := &r.Schema.Attributes[i]; sdkCandidate(a) {
				attrs[a.Name] = a
			}
		}
		if len(attrs) == 0 {
			continue
		}
		// Read first: a d.Set Create reaches through Read is Read's.
		for _, m := range []string{"Read", "Create", "Update"} {
			ref, ok := r.Funcs[m]
			if !ok {
				continue
			}
			fn := byName[ref.Key()]
			for _, s := range sdkBlocks(fn, attrs) {
				if reported[s.pos] {
					continue
				}
				reported[s.pos] = true
				s.method = m
				rep.Report(sdkFinding(r, fn, s))
			}
		}
	}
}

func sdkFinding(r *facts.SDKResource, fn *ssa.Function, s sdkBlock) lint.Finding {
	if s.text != "" {
		return sdkTextFinding(r, fn, s)
	}
	rule, what := rules.ID("APPLY-2"), "after apply the state holds a block the plan does not (the SDK only logs the inconsistency), and every later plan shows it being removed"
	if s.method == "Read" {
		rule, what = "READ-3", "every plan of a configuration without the block shows it being removed"
	}
	related := []analysis.RelatedInformation{
		lint.Related(s.lit, "the one-element list is built here, whatever the API answered"),
		lint.Related(s.attr.Pos, "%q is declared Optional, not Computed", s.attr.Name),
	}
	if s.caller.IsValid() {
		related = append(related, lint.Related(s.caller, "%s reaches it here, on every way through", attruse.FuncName(fn)))
	}
	return lint.Finding{Rule: rule, Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s of %s saves the block %q as a one-element list on every way through, whatever the API holds, though it is Optional and not Computed: a configuration that leaves the block out has none, so %s; save nil (or an empty list) when the API has nothing for it, or make it Optional+Computed",
			s.method, r.Name, s.attr.Name, what)}
}

// sdkBlocks: d.Set calls of a one-element list into a candidate block, in
// fn, its closures and the package functions it calls (depth deep), that
// every way through each function on the way reaches.
func sdkBlocks(fn *ssa.Function, attrs map[string]*facts.Attribute) []sdkBlock {
	var out []sdkBlock
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, d int, caller token.Pos)
	visit = func(f *ssa.Function, d int, caller token.Pos) {
		if f == nil || seen[f] || d > depth || f.Blocks == nil {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.MakeClosure:
					if always(f, b) {
						visit(in.Fn.(*ssa.Function), d, pick(caller, in.Pos(), d))
					}
				case ssa.CallInstruction:
					c := in.Common()
					if attruse.ResourceDataMethod(c) == "Set" && len(c.Args) == 3 {
						k, ok := tfssa.ConstString(c.Args[1])
						a := attrs[k]
						if !ok || a == nil {
							continue
						}
						if a.Block {
							lit, one := oneElement(c.Args[2], 0)
							if one && absentAware(c.Args[2], 0) && always(f, b) {
								out = append(out, sdkBlock{attr: a, set: c, pos: in.Pos(), lit: lit, caller: caller})
							}
						} else if text, at := formatted(c.Args[2]); text != "" && always(f, b) {
							out = append(out, sdkBlock{attr: a, set: c, pos: in.Pos(), lit: at, caller: caller, text: text})
						}
						continue
					}
					if callee := c.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee.Blocks != nil && tfssa.HandsResourceData(c) && always(f, b) {
						visit(callee, d+1, pick(caller, in.Pos(), d))
					}
				}
			}
		}
	}
	visit(fn, 0, token.NoPos)
	return out
}

// pick keeps the first call below the lifecycle function.
func pick(caller, pos token.Pos, d int) token.Pos {
	if d == 0 {
		return pos
	}
	return caller
}

// oneElement: v (an interface argument of d.Set) is a list that holds
// exactly one element on every way it is made: a one-element slice literal
// ([]map[string]any{m}, []any{m}), a pointer to one, or the result of a
// package function every return of which is one.
func oneElement(v ssa.Value, d int) (token.Pos, bool) {
	v = tfssa.StripInterface(v)
	switch x := v.(type) {
	case *ssa.Slice:
		if x.Low != nil || x.High != nil || x.Max != nil {
			return token.NoPos, false
		}
		if a, ok := x.X.(*ssa.Alloc); ok && arrayLen(a.Type()) == 1 {
			return literalPos(a, x), true
		}
	case *ssa.Alloc:
		// &[]T{e}: a heap slot of slice type holding one such literal.
		if p, ok := x.Type().Underlying().(*types.Pointer); ok {
			if _, ok := p.Elem().Underlying().(*types.Slice); ok {
				var val ssa.Value
				n := 0
				for _, r := range *x.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == x {
						val = st.Val
						n++
					}
				}
				if n == 1 {
					return oneElement(val, d)
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return oneElement(x.X, d)
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if d >= 2 || callee == nil || callee.Blocks == nil || callee.Pkg == nil || x.Parent() == nil || callee.Pkg != x.Parent().Pkg {
			return token.NoPos, false
		}
		n := 0
		for _, b := range callee.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) == 0 {
				return token.NoPos, false
			}
			if _, ok := oneElement(ret.Results[0], d+1); !ok {
				return token.NoPos, false
			}
			n++
		}
		if n > 0 {
			return x.Pos(), true
		}
	}
	return token.NoPos, false
}

func arrayLen(t types.Type) int64 {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return -1
	}
	arr, ok := p.Elem().Underlying().(*types.Array)
	if !ok {
		return -1
	}
	return arr.Len()
}

func literalPos(a *ssa.Alloc, s *ssa.Slice) token.Pos {
	if a.Pos().IsValid() {
		return a.Pos()
	}
	return s.Pos()
}

// always: every way from f's entry to a return that saves the state passes
// through block b. Returns of an error (diag.FromErr(err), fmt.Errorf, an
// err value) and ways through d.SetId("") (the object is gone) do not save
// it; a return of another package function's result (return resourceRead(...))
// does.
func always(f *ssa.Function, b *ssa.BasicBlock) bool {
	if b == f.Blocks[0] {
		return true
	}
	removes := map[*ssa.BasicBlock]bool{}
	for _, blk := range f.Blocks {
		for _, instr := range blk.Instrs {
			if tfssa.Removal(instr, nil) {
				removes[blk] = true
				break
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{f.Blocks[0]: true}
	work := []*ssa.BasicBlock{f.Blocks[0]}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		if removes[blk] {
			continue
		}
		if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok && !failedReturn(ret) {
			return false
		}
		for _, s := range blk.Succs {
			if s != b && !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return true
}

// failedReturn: the return's last result is an error built here or handed
// on: diag.FromErr(err), fmt.Errorf(...), an err from a call, an appended
// error diagnostic. A call of a package function (return read(ctx, d, m))
// may succeed.
func failedReturn(ret *ssa.Return) bool {
	if tfssa.ReturnKindThroughDefers(ret) != "error" || len(ret.Results) == 0 {
		return false
	}
	v := tfssa.StripInterface(ret.Results[len(ret.Results)-1])
	if u, ok := v.(*ssa.UnOp); ok {
		if x := tfssa.StoredBefore(u); x != nil {
			v = tfssa.StripInterface(x)
		}
	}
	if c, ok := v.(*ssa.Call); ok {
		if callee := c.Call.StaticCallee(); callee != nil && callee.Pkg != nil && ret.Parent() != nil && callee.Pkg == ret.Parent().Pkg {
			return false
		}
	}
	return true
}

func sdkTextFinding(r *facts.SDKResource, fn *ssa.Function, s sdkBlock) lint.Finding {
	rule, what := rules.ID("APPLY-2"), "after apply the state holds a value the plan does not (the SDK only logs the inconsistency), and every later plan shows a change back to null"
	if s.method == "Read" {
		rule, what = "READ-3", "every plan of a configuration without it shows a change back to null"
	}
	related := []analysis.RelatedInformation{
		lint.Related(s.lit, "the value is formatted here from the API's answer, whatever it holds"),
		lint.Related(s.attr.Pos, "%q is declared Optional, not Computed, a string without a default", s.attr.Name),
	}
	if s.caller.IsValid() {
		related = append(related, lint.Related(s.caller, "%s reaches it here, on every way through", attruse.FuncName(fn)))
	}
	return lint.Finding{Rule: rule, Pos: s.pos, Related: related,
		Message: fmt.Sprintf("%s of %s saves %q (Optional, not Computed, a string) as %s of the API's value on every way through: the text is never empty, so when the API has nothing it saves \"0\" or \"false\", which the SDK does not read as unset as it does \"\" — %s; save it only when the API has a value, or make it Optional+Computed",
			s.method, r.Name, s.attr.Name, s.text, what)}
}

// formatted: v (an interface argument of d.Set) is the text of a number or
// a bool made by strconv (Itoa, FormatInt, FormatUint, FormatFloat,
// FormatBool) from a value that is not the configuration's (d.Get).
func formatted(v ssa.Value) (string, token.Pos) {
	c, ok := tfssa.StripInterface(v).(*ssa.Call)
	if !ok {
		return "", token.NoPos
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "strconv" || len(c.Call.Args) == 0 {
		return "", token.NoPos
	}
	switch fn.Name() {
	case "Itoa", "FormatInt", "FormatUint", "FormatFloat", "FormatBool":
	default:
		return "", token.NoPos
	}
	if fromConfig(c.Call.Args[0], 0) || !optionalGetter(c.Call.Args[0], 0) {
		return "", token.NoPos
	}
	return "strconv." + fn.Name(), c.Pos()
}

// fromConfig: x comes from d.Get or d.GetOk (through conversions and type
// assertions).
func fromConfig(x ssa.Value, d int) bool {
	if d > 4 {
		return false
	}
	switch v := x.(type) {
	case *ssa.Convert:
		return fromConfig(v.X, d+1)
	case *ssa.TypeAssert:
		return fromConfig(v.X, d+1)
	case *ssa.Extract:
		return fromConfig(v.Tuple, d+1)
	case *ssa.Call:
		switch attruse.ResourceDataMethod(v.Common()) {
		case "Get", "GetOk", "GetChange":
			return true
		}
	case *ssa.Phi:
		for _, e := range v.Edges {
			if fromConfig(e, d+1) {
				return true
			}
		}
	}
	return false
}

// absentAware: the one-element list v is built by code that knows the API
// may have nothing for the block, and saves it anyway: its element is a map
// every store into which sits under one nil test (if out.Group != nil {
// m["id"] = out.Group.ID }), or holds, or is built by a helper handed, a
// value from a nil-safe getter of an optional field (out.GetReset(), whose
// type also has GetResetOk or HasReset). A block built from a value the
// API always has (a required part of the object) is left alone: whether
// the configuration can leave it out is the API's to say.
func absentAware(v ssa.Value, d int) bool {
	v = tfssa.StripInterface(v)
	switch x := v.(type) {
	case *ssa.Slice:
		if a, ok := x.X.(*ssa.Alloc); ok {
			for _, e := range elements(a) {
				if elementAware(e) {
					return true
				}
			}
		}
	case *ssa.Alloc:
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && absentAware(st.Val, d) {
				return true
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return absentAware(x.X, d)
		}
	case *ssa.Call:
		for _, arg := range x.Call.Args {
			if optionalGetter(arg, 0) {
				return true
			}
		}
		callee := x.Call.StaticCallee()
		if d >= 2 || callee == nil || callee.Blocks == nil {
			return false
		}
		for _, b := range callee.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 && absentAware(ret.Results[0], d+1) {
				return true
			}
		}
	}
	return false
}

// elements: the values stored into the slots of a slice literal's array.
func elements(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, r := range *a.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, tfssa.StripInterface(st.Val))
			}
		}
	}
	return out
}

// elementAware: the element is nil on some way (a map declared and only
// conditionally assigned), or the element map's stores all sit under one
// nil test, or one of them stores a value from an optional getter.
func elementAware(e ssa.Value) bool {
	var sites []ssa.Instruction
	var maps []ssa.Value
	switch x := e.(type) {
	case *ssa.Phi:
		// var m map[string]any; if len(groups) > 0 { m = groups[0] }: a nil
		// element on the way where the API has nothing.
		for _, edge := range x.Edges {
			if tfssa.IsNilConst(edge) {
				return true
			}
		}
		return false
	case *ssa.MakeMap:
		maps = append(maps, x)
	case *ssa.UnOp:
		// A map whose address is taken (json.Unmarshal(data, &m)) lives in a slot.
		slot, ok := x.X.(*ssa.Alloc)
		if !ok || x.Op != token.MUL {
			return false
		}
		for _, r := range *slot.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if mm, ok := r.Val.(*ssa.MakeMap); ok {
					maps = append(maps, mm)
				} else {
					sites = append(sites, r)
				}
			case *ssa.UnOp:
				maps = append(maps, r)
			case ssa.CallInstruction:
				sites = append(sites, r)
			case *ssa.MakeInterface:
				if r.Referrers() != nil {
					for _, u := range *r.Referrers() {
						if c, ok := u.(ssa.CallInstruction); ok {
							sites = append(sites, c)
						}
					}
				}
			}
		}
	default:
		return false
	}
	for _, m := range maps {
		if m.Referrers() == nil {
			continue
		}
		for _, r := range *m.Referrers() {
			if mu, ok := r.(*ssa.MapUpdate); ok && mu.Map == m {
				if optionalGetter(mu.Value, 0) {
					return true
				}
				sites = append(sites, mu)
			}
		}
	}
	return underOneNilTest(sites)
}

// underOneNilTest: some If comparing a pointer with nil dominates, by its
// non-nil successor, every site (and there is one).
func underOneNilTest(sites []ssa.Instruction) bool {
	if len(sites) == 0 {
		return false
	}
	fn := sites[0].Parent()
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		if !tfssa.IsNilConst(bin.X) && !tfssa.IsNilConst(bin.Y) {
			continue
		}
		succ := b.Succs[0]
		if bin.Op == token.EQL {
			succ = b.Succs[1]
		}
		if len(succ.Preds) != 1 {
			continue
		}
		all := true
		for _, s := range sites {
			if s.Parent() != fn || !succ.Dominates(s.Block()) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// optionalGetter: v comes (through conversions, dereferences, field
// selections and getter chains) from a nil-safe getter of an optional
// field: a method GetX whose receiver type also has GetXOk or HasX (the
// OpenAPI generators' shape), which answers the zero value when the API
// has nothing.
func optionalGetter(v ssa.Value, d int) bool {
	if d > 6 {
		return false
	}
	switch x := tfssa.StripInterface(v).(type) {
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn == nil {
			return false
		}
		if recv := fn.Signature.Recv(); recv != nil && len(fn.Name()) > 3 && fn.Name()[:3] == "Get" {
			name := fn.Name()[3:]
			ms := types.NewMethodSet(pointerTo(recv.Type()))
			if ms.Lookup(nil, "Get"+name+"Ok") != nil || ms.Lookup(nil, "Has"+name) != nil {
				return true
			}
			if len(x.Call.Args) > 0 {
				return optionalGetter(x.Call.Args[0], d+1)
			}
		}
	case *ssa.UnOp:
		return optionalGetter(x.X, d+1)
	case *ssa.FieldAddr:
		return optionalGetter(x.X, d+1)
	case *ssa.Field:
		return optionalGetter(x.X, d+1)
	case *ssa.Convert:
		return optionalGetter(x.X, d+1)
	case *ssa.ChangeType:
		return optionalGetter(x.X, d+1)
	case *ssa.Alloc:
		// A local holding a getter's answer (m := out.GetMeta(); m.GetRoles()).
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && optionalGetter(st.Val, d+1) {
				return true
			}
		}
	}
	return false
}

func pointerTo(t types.Type) types.Type {
	if _, ok := t.Underlying().(*types.Pointer); ok {
		return t
	}
	return types.NewPointer(t)
}
