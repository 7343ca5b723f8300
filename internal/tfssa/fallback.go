package tfssa

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Fallback reports whether b, in t's function, runs only on one side of a
// test that makes it a one-off resolution rather than what every refresh
// runs:
//   - a value read from state is empty (if d.Get("team_id").(string) == ""
//     { lookupTeamID(slug) }): a key the state lacks right after Create or
//     an import is filled in, and saved;
//   - the resource's ID does not parse in the form the provider saves (if
//     _, err := strconv.Atoi(d.Id()); err != nil { c.GetByName(d.Id()) }):
//     an ID given by name at import, or one an older version saved, is
//     resolved once, and the refresh after that takes the other side.
func Fallback(t Target, b *ssa.BasicBlock) bool {
	fromID := func(v ssa.Value) bool {
		k := &keyed{t: t, input: stateInput(t), seen: map[ssa.Value]bool{}, idOnly: true}
		return k.from(v, 0)
	}
	return UnderTest(b, func(ifi *ssa.If) (int, bool) {
		if succ, ok := emptyTest(t, ifi.Cond); ok {
			return succ, true
		}
		succ, ok := parseFailure(ifi, fromID)
		return succ, ok && canonicalID(t, ifi.Block().Succs[succ])
	})
}

// UnderTest reports whether b runs only on one side of a test dominating
// it: the side test names for the test ending a dominator of b.
func UnderTest(b *ssa.BasicBlock, test func(*ssa.If) (succ int, ok bool)) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		if ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If); ok {
			if succ, ok := test(ifi); ok && OnlyThrough(d, succ, b) {
				return true
			}
		}
	}
	return false
}

// fallbackHelper: call is a helper of the package that asks the API only
// when an argument taken from the resource's ID does not parse
// (getTeamID(ctx, meta, idPart) returns the number it parsed, and looks a
// slug up otherwise): for the ID the provider saves it asks nothing.
func fallbackHelper(t Target, call *ssa.Call) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg != call.Parent().Pkg || len(fn.Blocks) == 0 || len(fn.Params) != len(call.Common().Args) {
		return false
	}
	var params []*ssa.Parameter
	for i, a := range call.Common().Args {
		k := &keyed{t: t, input: stateInput(t), seen: map[ssa.Value]bool{}, idOnly: true}
		if k.from(a, 0) {
			params = append(params, fn.Params[i])
		}
	}
	if len(params) == 0 || !canonicalID(t, call.Block()) {
		return false
	}
	fromParam := func(v ssa.Value) bool {
		for _, p := range params {
			if builtFrom(v, func(x ssa.Value) bool { return x == ssa.Value(p) }) {
				return true
			}
		}
		return false
	}
	asked := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || !AsksRemote(c.Common(), fn.Pkg) {
				continue
			}
			if !UnderTest(b, func(ifi *ssa.If) (int, bool) { return parseFailure(ifi, fromParam) }) {
				return false
			}
			asked = true
		}
	}
	return asked
}

// canonicalID: the provider saves the resource's ID in one form: Create
// saves it as a formatted number (d.SetId(strconv.Itoa(id))), or the Read
// saves a new ID on a path from b (the ID resolved by name is replaced).
func canonicalID(t Target, b *ssa.BasicBlock) bool {
	for r := range Reachable(b) {
		for _, instr := range r.Instrs {
			if v := savedAsID(instr); v != nil && !emptyString(v) {
				return true
			}
		}
	}
	if t.Create == nil {
		return false
	}
	for _, cb := range t.Create.Blocks {
		for _, instr := range cb.Instrs {
			if v := savedAsID(instr); v != nil && formatsNumber(v) {
				return true
			}
		}
	}
	return false
}

// formatsNumber: v is, or is built from, a number formatted by strconv.
func formatsNumber(v ssa.Value) bool {
	return builtFrom(v, func(v ssa.Value) bool {
		call, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		fn := call.Common().StaticCallee()
		if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "strconv" {
			return false
		}
		switch fn.Name() {
		case "Itoa", "FormatInt", "FormatUint":
			return true
		}
		return false
	})
}

// builtFrom: v, or an operand of the instructions it is computed by (a few
// steps back), satisfies match.
func builtFrom(v ssa.Value, match func(ssa.Value) bool) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || depth > 8 || seen[v] {
			return false
		}
		seen[v] = true
		if match(v) {
			return true
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		for _, op := range instr.Operands(nil) {
			if op != nil && walk(*op, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(v, 0)
}

// parseFailure: ifi tests the outcome of a call that parses a value (from
// says which) without asking the API: the error of strconv.Atoi(d.Id()),
// the ok of parseTeamID(s). succ is the side where parsing failed.
func parseFailure(ifi *ssa.If, from func(ssa.Value) bool) (int, bool) {
	call, succ := ErrCheck(ifi)
	if call == nil {
		call, succ = okCheck(ifi.Cond)
	}
	if call == nil || asksAPI(call) || clientFactory(call) {
		return 0, false
	}
	for _, a := range call.Common().Args {
		if from(a) {
			return succ, true
		}
	}
	return 0, false
}

// okCheck matches a test of a call's boolean result (`if _, ok :=
// parse(s); ok`, or its negation); it returns the call and the successor
// where the result is false.
func okCheck(cond ssa.Value) (*ssa.Call, int) {
	succ := 1
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, succ = u.X, 0
	}
	ex, ok := cond.(*ssa.Extract)
	if !ok {
		return nil, 0
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if b, isBasic := ex.Type().Underlying().(*types.Basic); !ok || !isBasic || b.Kind() != types.Bool {
		return nil, 0
	}
	return call, succ
}

// emptyTest: cond compares a value read from state with "" (x == "",
// x != ""); succ is the side where it is empty.
func emptyTest(t Target, cond ssa.Value) (int, bool) {
	cmp, ok := cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return 0, false
	}
	x := cmp.X
	if !emptyString(cmp.Y) {
		if !emptyString(cmp.X) {
			return 0, false
		}
		x = cmp.Y
	}
	k := &keyed{t: t, input: stateInput(t), seen: map[ssa.Value]bool{}, direct: true}
	if !k.from(x, 0) {
		return 0, false
	}
	if cmp.Op == token.EQL {
		return 0, true
	}
	return 1, true
}

func emptyString(v ssa.Value) bool {
	s, ok := ConstString(v)
	return ok && s == ""
}
