package orphanedcreate

import (
	"regexp"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// This file finds "the create" for APPLY-3: the call into the API whose
// success makes the object the ID names, after which an error return
// without d.SetId orphans it.

// sourceCall: the failable call of fn (outside its closures) that v is
// computed from, earliest in the function, nil if none; a call building
// the create's request (toCreatePayload) asks nothing and is passed over.
func sourceCall(v ssa.Value, fn *ssa.Function) *ssa.Call {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if ok && tfssa.Failable(c) && tfssa.AsksRemote(c.Common(), fn.Pkg) && !buildsRequest(tfssa.CalleeName(c)) && !feedsCreate(c) && dependsOn(v, c, 3) {
				return c
			}
		}
	}
	return nil
}

// retriedCreate: for an ID read from a variable that a closure handed to a
// retry helper fills with the answer of a call into the API
// (`err := retry.RetryContext(ctx, t, func() { out, err = client.Create(...) })`),
// the call of the helper: its error is the create's.
func retriedCreate(v ssa.Value, fn *ssa.Function) (*ssa.Call, string) {
	slot := heapSlot(v, 6)
	if slot == nil || slot.Referrers() == nil {
		return nil, ""
	}
	for _, r := range *slot.Referrers() {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		g := mc.Fn.(*ssa.Function)
		for i, bv := range mc.Bindings {
			if inner := fillsFromRemote(g.FreeVars[i]); bv == slot && inner != "" {
				if c := callHanding(mc); c != nil {
					return c, inner + " (retried by " + tfssa.CalleeName(c) + ")"
				}
			}
		}
	}
	return nil, ""
}

// heapSlot: the variable v is loaded from (through field accesses and
// conversions), when a closure can write it.
func heapSlot(v ssa.Value, depth int) *ssa.Alloc {
	for ; depth > 0 && v != nil; depth-- {
		switch x := tfssa.StripConversions(tfssa.StripInterface(v)).(type) {
		case *ssa.Alloc:
			if x.Heap {
				return x
			}
			return nil
		case *ssa.UnOp:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Call:
			if tfssa.Failable(x) || len(x.Call.Args) != 1 {
				return nil
			}
			v = x.Call.Args[0] // aws.StringValue(out.Id)
		default:
			return nil
		}
	}
	return nil
}

// fillsFromRemote names the create whose result the closure stores into
// fv, "" if none.
func fillsFromRemote(fv *ssa.FreeVar) string {
	if fv.Referrers() == nil {
		return ""
	}
	for _, r := range *fv.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != fv {
			continue
		}
		if ex, ok := st.Val.(*ssa.Extract); ok {
			if c, ok := ex.Tuple.(*ssa.Call); ok && tfssa.Failable(c) && tfssa.AsksRemote(c.Common(), fv.Parent().Pkg) && makesNew(opName(c)) {
				return opName(c)
			}
		}
	}
	return ""
}

// callHanding: the call the closure is handed to (a retry helper).
func callHanding(mc *ssa.MakeClosure) *ssa.Call {
	var users []ssa.Instruction
	for _, r := range *mc.Referrers() {
		if ct, ok := r.(*ssa.ChangeType); ok && ct.Referrers() != nil {
			users = append(users, *ct.Referrers()...)
			continue
		}
		users = append(users, r)
	}
	for _, u := range users {
		if c, ok := u.(*ssa.Call); ok && c.Call.Value != ssa.Value(mc) {
			return c
		}
	}
	return nil
}

// createName: a call whose name says it makes something.
var createName = regexp.MustCompile(`(?i)(^(add|insert|post|register|provision|launch|allocate))|create`)

// upsertName: a create that updates what exists (CreateOrUpdate): the next
// apply takes the object over instead of failing.
var upsertName = regexp.MustCompile(`(?i)update|upsert|replace`)

// checkName: a call that looks at or waits for a create rather than
// making one (preflightCreate, validateCreate, waitForCreate, GetCreateStatus).
// So is one that explains a failed create (interpretCreateBadRequest,
// handleCreateError).
var checkName = regexp.MustCompile(`(?i)(^(preflight|validate|check|verify|can|should|is|has|get|list|describe|read|find|lookup|wait|poll|interpret|handle|format|wrap|log))|((error|err|badrequest|conflict)$)`)

// requestName: a call that builds or converts a request (toCreatePayload,
// buildCreateInput, expandCreateOptions): it makes nothing remote.
var requestName = regexp.MustCompile(`(^([Tt]o|[Bb]uild|[Gg]enerate|[Ee]xpand|[Pp]repare|[Cc]onvert|[Pp]arse|[Nn]ew)[A-Z_])|(?i:(payload|body|params|input|options|opts|forcreate)$)`)

func buildsRequest(name string) bool { return requestName.MatchString(name) }

// makesNew: the name says the call makes something new.
func makesNew(name string) bool {
	return createName.MatchString(name) && !upsertName.MatchString(name) && !checkName.MatchString(name) && !buildsRequest(name)
}

// opName names the operation a call performs: its callee, or for the
// terminal call of a request builder (client.CreateThing(ctx,
// id).Payload(p).Execute(), generated API clients) the method the chain
// starts from.
func opName(call *ssa.Call) string {
	name := tfssa.CalleeName(call)
	if !terminalName.MatchString(name) {
		return name
	}
	c := call.Common()
	for depth := 0; depth < 6; depth++ {
		recv := c.Value
		if !c.IsInvoke() {
			if c.Signature().Recv() == nil || len(c.Args) == 0 {
				break
			}
			recv = c.Args[0]
		}
		inner, ok := tfssa.StripInterface(recv).(*ssa.Call)
		if !ok {
			break
		}
		name, c = tfssa.CalleeName(inner), inner.Common()
	}
	return name
}

var terminalName = regexp.MustCompile(`^(Execute|Do|Send)$`)

// namedCreate: for an ID the provider builds itself (a name from the
// configuration), the call into the API named as a create that runs before
// the save on every path and is handed a value the ID is built from.
func namedCreate(s idSave) *ssa.Call {
	fn := s.at.Parent()
	for _, b := range fn.Blocks {
		if !b.Dominates(s.at.Block()) {
			continue
		}
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if ok && tfssa.Failable(c) && tfssa.AsksRemote(c.Common(), fn.Pkg) && makesNew(opName(c)) && !feedsCreate(c) && sharesKey(s.id, c) {
				return c
			}
		}
	}
	return nil
}

// sharesKey: an argument of call and the ID are computed from one value
// (the identifier built from the configuration).
func sharesKey(id ssa.Value, call *ssa.Call) bool {
	roots := map[ssa.Value]bool{}
	collectRoots(id, roots, 4)
	for _, a := range call.Call.Args {
		args := map[ssa.Value]bool{}
		collectRoots(a, args, 4)
		for r := range args {
			if roots[r] {
				return true
			}
		}
	}
	return false
}

// collectRoots gathers v and the values it is computed from through
// non-failable calls, conversions, loads and field accesses.
func collectRoots(v ssa.Value, out map[ssa.Value]bool, depth int) {
	if v == nil || depth == 0 || out[v] {
		return
	}
	switch v.(type) {
	case *ssa.Const, *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Function:
		return // d, meta and constants are shared by everything
	}
	out[v] = true
	switch x := v.(type) {
	case *ssa.Call:
		if tfssa.Failable(x) {
			return
		}
		for _, a := range x.Call.Args {
			collectRoots(a, out, depth-1)
			for _, e := range tfssa.Varargs(a) {
				collectRoots(e, out, depth-1)
			}
		}
	case *ssa.Extract:
		collectRoots(x.Tuple, out, depth) // req, diags := expand(ctx, plan)
	case *ssa.MakeInterface:
		collectRoots(x.X, out, depth)
	case *ssa.ChangeType:
		collectRoots(x.X, out, depth)
	case *ssa.Convert:
		collectRoots(x.X, out, depth)
	case *ssa.UnOp:
		collectRoots(x.X, out, depth-1)
	case *ssa.FieldAddr:
		collectRoots(x.X, out, depth-1)
	case *ssa.Field:
		collectRoots(x.X, out, depth-1)
	}
}

// dependsOn is tfssa.DependsOnCall through the arguments of a formatting
// call too (fmt.Sprintf("%s/%s", region, *out.ID), variadic).
func dependsOn(v ssa.Value, call *ssa.Call, depth int) bool {
	if tfssa.DependsOnCall(v, call) {
		return true
	}
	v = tfssa.StripConversions(tfssa.StripInterface(v))
	c, ok := v.(*ssa.Call)
	if !ok || depth == 0 || tfssa.Failable(c) {
		return false
	}
	for _, a := range c.Call.Args {
		for _, x := range append([]ssa.Value{a}, tfssa.Varargs(a)...) {
			if dependsOn(x, call, depth-1) {
				return true
			}
		}
	}
	return false
}

// feedsCreate: c's answer is handed to another call named as a create: c
// builds that create's input (makeClusterForCreate), it makes nothing.
func feedsCreate(c *ssa.Call) bool {
	uses := []ssa.Value{c}
	for _, r := range *c.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok {
			uses = append(uses, ex)
		}
	}
	for _, u := range uses {
		for _, r := range *u.Referrers() {
			if other, ok := r.(*ssa.Call); ok && other != c && tfssa.Failable(other) && makesNew(opName(other)) {
				return true
			}
		}
	}
	return false
}
