package readnotfound

import (
	"fmt"
	"go/constant"
	"go/token"
	"regexp"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// missingText matches an error text that says the object is missing:
// "widget %s not found", "could not find queue", "no longer exists",
// "no proxy found for %q".
var missingText = regexp.MustCompile(`(?i)(not\s+found|\bno\s+[\w-]+(?:\s+[\w-]+){0,3}\s+(?:was\s+|were\s+|is\s+)?found|could\s*n[o']t\s+(?:be\s+)?find|cannot\s+find|unable\s+to\s+find|no\s+longer\s+exists?|does\s+not\s+exist|doesn't\s+exist)`)

// checkMessages reports a Read that fails with an error it writes itself to
// say that the object is missing, where it has searched a listing without a
// match or the API answered nil: the Read has decided the object is gone,
// and must remove the resource instead. Messages that wrap another error,
// failures elsewhere, failures beside a removal (lookupnotfound's) and
// failures under a d.IsNewResource() test are left alone.
func (c *checker) checkMessages(t tfssa.Target) {
	if t.Exists || t.Wrapped {
		return
	}
	for _, b := range t.Fn.Blocks {
		for _, instr := range b.Instrs {
			msg, pos, ok := missingFailure(t, instr)
			if !ok || c.reported[pos] || c.removes(b) || !afterRemoteCall(t.Fn, b) || !(afterSearch(b) || underNilAnswer(b)) || tfssa.UnderNewResource(b) || tfssa.Fallback(t, b) {
				continue
			}
			c.reported[pos] = true
			c.reportMessage(t, pos, msg)
		}
	}
}

// removes: b also removes the resource; lookupnotfound reports a branch that
// removes and fails.
func (c *checker) removes(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if tfssa.Removal(instr, c.model.Removes) {
			return true
		}
	}
	return false
}

// missingFailure: instr fails the Read (an error diagnostic; an SDK error
// return) with a text of its own saying the object is missing.
func missingFailure(t tfssa.Target, instr ssa.Instruction) (string, token.Pos, bool) {
	if !t.SDK {
		call, ok := instr.(ssa.CallInstruction)
		if !ok || !tfssa.Fails(instr) || isAppend(instr) || call.Common().StaticCallee() != nil && call.Common().StaticCallee().Name() == "AddAttributeError" {
			return "", token.NoPos, false // an attribute error blames that attribute's value, not a missing object
		}
		msg, ok := missingMessage(call.Common().Args[1:])
		return msg, instr.Pos(), ok
	}
	ret, ok := instr.(*ssa.Return)
	if !ok || len(ret.Results) == 0 {
		return "", token.NoPos, false
	}
	call, ok := tfssa.StripInterface(ret.Results[len(ret.Results)-1]).(*ssa.Call)
	if ok && calleeIs(call, "FromErr") && len(call.Common().Args) == 1 {
		call, ok = tfssa.StripInterface(call.Common().Args[0]).(*ssa.Call) // diag.FromErr(fmt.Errorf(...))
	}
	if !ok || !tfssa.ErrorBuilder(call) || wrapsError(call) {
		return "", token.NoPos, false
	}
	msg, ok := missingMessage(call.Common().Args)
	return msg, flow.Pos(t.Fn, ret), ok
}

func calleeIs(call *ssa.Call, name string) bool {
	fn := call.Common().StaticCallee()
	return fn != nil && fn.Name() == name
}

// missingMessage: the constant texts among args (or the format of a
// fmt.Sprintf/Errorf among them) say the object is missing, and no error is
// wrapped in.
func missingMessage(args []ssa.Value) (string, bool) {
	msg := ""
	for _, a := range args {
		a = tfssa.StripInterface(a)
		if s, ok := tfssa.ConstString(a); ok && missingText.MatchString(s) {
			msg = s
			continue
		}
		call, ok := a.(*ssa.Call)
		if !ok {
			continue
		}
		if wrapsError(call) {
			return "", false
		}
		if fn := call.Common().StaticCallee(); fn != nil && (tfssa.ErrorBuilder(call) || fn.Pkg != nil && fn.Pkg.Pkg.Path() == "fmt") {
			if m, ok := missingMessage(call.Common().Args); ok {
				msg = m
			}
		}
	}
	return msg, msg != ""
}

// wrapsError: a call handed an error value (fmt.Errorf("...: %w", err),
// err.Error()): the text reports another failure, whatever it says.
func wrapsError(call *ssa.Call) bool {
	c := call.Common()
	if c.IsInvoke() && c.Method.Name() == "Error" {
		return true
	}
	for _, a := range c.Args {
		if tfapi.IsError(a.Type()) {
			return true
		}
		if s, ok := a.(*ssa.Slice); ok && variadicHoldsError(s) {
			return true
		}
	}
	return false
}

// variadicHoldsError: the ...any arguments of a call include an error.
func variadicHoldsError(s *ssa.Slice) bool {
	for _, v := range tfssa.Varargs(s) {
		v = tfssa.StripInterface(v)
		if tfapi.IsError(v.Type()) {
			return true
		}
		if call, ok := v.(*ssa.Call); ok && wrapsError(call) {
			return true
		}
	}
	return false
}

// afterRemoteCall: some call to client or provider code that can fail
// (itself, or in a closure it retries) comes before b on a path: the Read
// has asked the API.
func afterRemoteCall(fn *ssa.Function, b *ssa.BasicBlock) bool {
	for _, x := range fn.Blocks {
		if !tfssa.Reachable(x)[b] {
			continue
		}
		for _, instr := range x.Instrs {
			if call, ok := instr.(*ssa.Call); ok && (tfssa.Failable(call) || len(tfssa.Retried(call)) > 0) && (x != b || call.Pos() < b.Instrs[len(b.Instrs)-1].Pos()) {
				return true
			}
		}
	}
	return false
}

// afterSearch: b follows a loop that it cannot return to (the search of a
// listing ended without a match).
func afterSearch(b *ssa.BasicBlock) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		if _, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If); ok && tfssa.InCycle(d) && !tfssa.Reachable(b)[d] {
			return true
		}
	}
	return false
}

// underNilAnswer: b is reached under a nil test of the object a call to the
// API returned (`if obj == nil`): the client's way of saying not found.
func underNilAnswer(b *ssa.BasicBlock) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
			continue
		}
		for _, v := range []ssa.Value{cmp.X, cmp.Y} {
			if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
				if call, ok := ex.Tuple.(*ssa.Call); ok && tfssa.Failable(call) {
					return true
				}
			}
			if call, ok := v.(*ssa.Call); ok && searches(call) {
				return true
			}
		}
		if tfssa.IsNilConst(cmp.Y) && filledByCall(cmp.X) || tfssa.IsNilConst(cmp.X) && filledByCall(cmp.Y) {
			return true
		}
	}
	return false
}

// filledByCall: v is read from a local handed to a call to the API that
// fills it (client.Query(ctx, &query, vars); query.Stack == nil): the
// answer of a GraphQL or JSON client that decodes into its argument.
func filledByCall(v ssa.Value) bool {
	a, ok := tfssa.RootLoad(v).(*ssa.Alloc)
	if !ok || a == v {
		return false
	}
	for _, c := range tfssa.CallsGiven(a) {
		if call, ok := c.(*ssa.Call); ok && tfssa.Failable(call) {
			return true
		}
	}
	return false
}

// searches: a call of a function whose body loops, such as a search of the
// listing the Read was given (findByID(list.Items, id)); its nil answer
// means no match.
func searches(call *ssa.Call) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Signature.Results().Len() != 1 {
		return false
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && tfssa.InCycle(b) {
			return true
		}
	}
	return false
}

func (c *checker) reportMessage(t tfssa.Target, pos token.Pos, msg string) {
	remove := "resp.State.RemoveResource(ctx) and return"
	if t.SDK {
		remove = `d.SetId("") and return no error`
	}
	c.rep.Report(lint.Finding{Rule: "READ-2", Pos: pos,
		Message: fmt.Sprintf("Read of %s fails with an error saying the object is missing (%s): every plan then fails after an out-of-band delete; %s instead", t.Name, constant.MakeString(msg).ExactString(), remove),
		Related: []analysis.RelatedInformation{lint.Related(t.Fn.Pos(), "Read of %s", t.Name)}})
}
