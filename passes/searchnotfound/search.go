package searchnotfound

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// search is a loop of a Read over what a remote call listed, testing each
// element against the resource's ID: its end without a match is the Read's
// only sign that the object is gone (READ-2).
type search struct {
	call  *ssa.Call       // the remote call whose answer is searched
	match *ssa.If         // element == ID
	exit  *ssa.BasicBlock // where the loop ends (no match, or a break)
}

// searches lists the searches of t's function, one per loop.
func searches(t tfssa.Target) []search {
	var out []search
	for _, h := range t.Fn.Blocks {
		body, exit, ok := loop(h)
		if !ok {
			continue
		}
		in := loopBlocks(t.Fn, h, body)
		for _, m := range t.Fn.Blocks {
			if !in[m] || m == h {
				continue
			}
			if call, ok := matchesID(t, m, h, in); ok {
				out = append(out, search{call: call, match: m.Instrs[len(m.Instrs)-1].(*ssa.If), exit: exit})
				break
			}
		}
	}
	return out
}

// loop: h tests whether a loop goes on; body is its successor inside the
// loop, exit the one that leaves it for good.
func loop(h *ssa.BasicBlock) (body, exit *ssa.BasicBlock, ok bool) {
	if _, isIf := h.Instrs[len(h.Instrs)-1].(*ssa.If); !isIf {
		return nil, nil, false
	}
	in0, in1 := tfssa.Reachable(h.Succs[0])[h], tfssa.Reachable(h.Succs[1])[h]
	switch {
	case in0 && !in1:
		return h.Succs[0], h.Succs[1], true
	case in1 && !in0:
		return h.Succs[1], h.Succs[0], true
	}
	return nil, nil, false
}

// loopBlocks: the blocks on a cycle through h entered at body.
func loopBlocks(fn *ssa.Function, h, body *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	from := tfssa.Reachable(body)
	in := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		if from[b] && tfssa.Reachable(b)[h] {
			in[b] = true
		}
	}
	return in
}

// matchesID: m ends in a comparison of an element of a remote listing with
// the resource's ID whose equal side does something (not `continue`).
func matchesID(t tfssa.Target, m, h *ssa.BasicBlock, in map[*ssa.BasicBlock]bool) (*ssa.Call, bool) {
	ifi, ok := m.Instrs[len(m.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	x, y, eq, ok := comparison(ifi.Cond)
	if !ok || skipsTo(m.Succs[eq], h) {
		return nil, false
	}
	for _, pair := range [][2]ssa.Value{{x, y}, {y, x}} {
		if call := elementOf(pair[0], in, 0); call != nil && isID(t, pair[1], 0) {
			return call, true
		}
	}
	return nil, false
}

// comparison: a == b, a != b, strings.EqualFold(a, b); eq is the successor
// taken when they are equal.
func comparison(cond ssa.Value) (x, y ssa.Value, eq int, ok bool) {
	switch c := cond.(type) {
	case *ssa.BinOp:
		switch c.Op {
		case token.EQL:
			return c.X, c.Y, 0, true
		case token.NEQ:
			return c.X, c.Y, 1, true
		}
	case *ssa.Call:
		fn := c.Call.StaticCallee()
		if fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" && fn.Name() == "EqualFold" {
			return c.Call.Args[0], c.Call.Args[1], 0, true
		}
	}
	return nil, nil, 0, false
}

// skipsTo: b only jumps back to the loop test (`if v.ID == id { continue }`).
func skipsTo(b, h *ssa.BasicBlock) bool {
	if b == h {
		return true
	}
	_, jumps := b.Instrs[0].(*ssa.Jump)
	return jumps && len(b.Succs) == 1 && b.Succs[0] == h
}

// elementOf returns the remote call whose listing v is (a field of) an
// element of, taken inside the loop.
func elementOf(v ssa.Value, in map[*ssa.BasicBlock]bool, depth int) *ssa.Call {
	if v == nil || depth > 8 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.IndexAddr:
		if in[v.Block()] {
			return listedBy(v.X, 0)
		}
	case *ssa.Index:
		if in[v.Block()] {
			return listedBy(v.X, 0)
		}
	case *ssa.Extract:
		if next, ok := v.Tuple.(*ssa.Next); ok && in[next.Block()] {
			if r, ok := next.Iter.(*ssa.Range); ok {
				return listedBy(r.X, 0)
			}
		}
	case *ssa.Alloc:
		return elementOf(storedIn(v), in, depth+1) // the range variable, when its address is taken
	case *ssa.Field:
		return elementOf(v.X, in, depth+1)
	case *ssa.FieldAddr:
		return elementOf(v.X, in, depth+1)
	case *ssa.UnOp:
		return elementOf(v.X, in, depth+1)
	case *ssa.Convert:
		return elementOf(v.X, in, depth+1)
	case *ssa.ChangeType:
		return elementOf(v.X, in, depth+1)
	case *ssa.MakeInterface:
		return elementOf(v.X, in, depth+1)
	case *ssa.Call:
		// a getter or a dereferencing helper: v.GetId(), aws.ToString(v.Id)
		if args := v.Call.Args; len(args) == 1 && !v.Call.IsInvoke() {
			return elementOf(args[0], in, depth+1)
		}
		if v.Call.IsInvoke() && len(v.Call.Args) == 0 {
			return elementOf(v.Call.Value, in, depth+1)
		}
	}
	return nil
}

// storedIn: the one value stored into a local.
func storedIn(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	if a.Referrers() == nil {
		return nil
	}
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// listedBy returns the remote call whose answer holds the collection x.
func listedBy(x ssa.Value, depth int) *ssa.Call {
	if x == nil || depth > 8 {
		return nil
	}
	switch x := x.(type) {
	case *ssa.Call:
		if tfssa.Failable(x) {
			return x
		}
		if len(x.Call.Args) == 1 && !x.Call.IsInvoke() {
			return listedBy(x.Call.Args[0], depth+1) // resp.GetItems()
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && tfssa.Failable(call) {
			return call
		}
		if l, ok := x.Tuple.(*ssa.Lookup); ok {
			return listedBy(l.X, depth+1) // items, ok := resp.Items["items"]
		}
	case *ssa.UnOp:
		return listedBy(x.X, depth+1)
	case *ssa.FieldAddr:
		return listedBy(x.X, depth+1)
	case *ssa.Field:
		return listedBy(x.X, depth+1)
	case *ssa.Slice:
		return listedBy(x.X, depth+1)
	case *ssa.ChangeType:
		return listedBy(x.X, depth+1)
	case *ssa.Lookup: // resp.Items["items"]
		return listedBy(x.X, depth+1)
	}
	return nil
}

// isID: v is the resource's ID: d.Id() (SDK), the "id" attribute of the
// model read from state (framework), or a part of one (strings.Split,
// strconv.Atoi, a parser of the package).
func isID(t tfssa.Target, v ssa.Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Call:
		c := v.Common()
		fn := c.StaticCallee()
		if fn == nil {
			return false
		}
		if recv := fn.Signature.Recv(); recv != nil && tfapi.IsResourceData(recv.Type()) {
			return t.SDK && fn.Name() == "Id"
		}
		if tfssa.Failable(v) && fn.Pkg != t.Fn.Pkg {
			return false // another API answer, not the ID
		}
		for _, a := range c.Args {
			if isID(t, a, depth+1) {
				return true
			}
		}
	case *ssa.FieldAddr:
		if !t.SDK && modelflow.Tag(v.X.Type(), v.Field) == "id" && fromState(t, v.X) {
			return true
		}
		return isID(t, v.X, depth+1)
	case *ssa.Field:
		if !t.SDK && modelflow.Tag(v.X.Type(), v.Field) == "id" && fromState(t, v.X) {
			return true
		}
		return isID(t, v.X, depth+1)
	case *ssa.UnOp, *ssa.Extract, *ssa.Index, *ssa.IndexAddr, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Slice:
		for _, op := range v.(ssa.Instruction).Operands(nil) {
			if op != nil && *op != nil && isID(t, *op, depth+1) {
				return true
			}
		}
	}
	return false
}

// fromState: the model x is read from the request's state (req.State.Get(ctx, &m)).
func fromState(t tfssa.Target, x ssa.Value) bool {
	a, ok := tfssa.RootLoad(x).(*ssa.Alloc)
	if !ok || len(t.Fn.Params) < 2 {
		return false
	}
	return tfssa.FilledFrom(a, t.Fn.Params[len(t.Fn.Params)-2])
}
