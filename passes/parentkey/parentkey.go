package parentkey

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports SDK attributes that address the object beside its ID
// (a parent, a region) and can change in place while Update only uses them
// to address it.
var Analyzer = attruse.NewAnalyzer(Doc, findings)

func findings(u *attruse.Resource) []lint.Finding {
	if !u.SDK {
		return append(reissued(u), fwAddressed(u)...)
	}
	if u.Update == nil || u.Read == nil || u.ReadReads.Dynamic {
		return nil
	}
	readUses := updateUses(u.Read, nil, nil)
	// Read's lookup keys are the object's ID only when Read has no other:
	// with d.Id() beside them they may be a filter (List{Integration: i}).
	var lookups []map[string]bool
	if !readsID(u.Read) {
		lookups = readUses.lookups
	}
	uses := updateUses(u.Update, u.Read, lookups)
	if uses.opaque {
		return nil
	}
	// An attribute addressed only through a request struct that also holds
	// the ID (or every key Read finds the object by): Read must find the
	// object the same way, or it may be a body field the API applies.
	readFinds := map[string]bool{}
	for k := range readUses.address {
		readFinds[k] = true
	}
	for _, l := range readUses.lookups {
		for k := range l {
			readFinds[k] = true
		}
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		at, addressed := uses.address[a.Name]
		if !addressed || uses.other[a.Name] || !attruse.Configurable(a) || a.ForceNew || a.Block {
			continue
		}
		// Read must find the object with it too; a CustomizeDiff that
		// mentions it may force a new resource.
		if !u.ReadReads.Named[a.Name] || u.DiffMentions.Named[a.Name] {
			continue
		}
		if uses.inStruct[a.Name] && !readFinds[a.Name] {
			continue
		}
		out = append(out, finding(u, a, at, uses.client[a.Name], uses.byLookup[a.Name]))
	}
	return appendNew(out, idKeyed(u))
}

// appendNew: out and those of more that name another attribute.
func appendNew(out, more []lint.Finding) []lint.Finding {
	seen := map[token.Pos]bool{}
	for _, f := range out {
		seen[f.Pos] = true
	}
	for _, f := range more {
		if !seen[f.Pos] {
			out = append(out, f)
		}
	}
	return out
}

// uses is what Update does with each attribute: address names the call
// that addresses the object with it (beside the ID); other, any other use (a
// request body, a test, d.HasChange, a helper handed d that reads it).
type uses struct {
	address map[string]*ssa.Call
	other   map[string]bool
	opaque  bool
	read    *ssa.Function
	// fields: the values stored into the fields of each local request struct
	// (Input{Service: d.Get("service_id"), ID: d.Id()}), judged once the
	// call it is handed to is known; inStruct: the keys addressed that way.
	fields   map[*ssa.Alloc][]ssa.Value
	inStruct map[string]bool
	// lookups: the keys of each request struct without the ID (Read's:
	// GetFeedArgs{Project: p, FeedId: name} finds the object by them);
	// readLookups, Read's, given to Update's walk.
	lookups, readLookups []map[string]bool
	// client: the keys addressed by choosing the client with them;
	// byLookup, in a struct of the keys Read finds the object by.
	client, byLookup map[string]bool
}

// updateUses collects fn's uses; a call of read (Update refreshing the state
// at its end) looks the object up, as Read does, and adds none.
func updateUses(fn, read *ssa.Function, readLookups []map[string]bool) uses {
	u := uses{address: map[string]*ssa.Call{}, other: map[string]bool{}, read: read, readLookups: readLookups,
		fields: map[*ssa.Alloc][]ssa.Value{}, inStruct: map[string]bool{}, client: map[string]bool{}, byLookup: map[string]bool{}}
	var calls []ssa.CallInstruction
	tfssa.EachInstr(fn, 0, true, func(instr ssa.Instruction) {
		switch in := instr.(type) {
		case *ssa.If:
			u.markOther(attruse.KeysOf(in.Cond))
		case *ssa.Store:
			if varargs(in.Addr) || judgedWhereUsed(in.Addr) {
				break
			}
			if s := requestField(in.Addr); s != nil && basic(pointee(in.Val.Type())) {
				u.fields[s] = append(u.fields[s], in.Val)
				break
			}
			u.markOther(attruse.KeysOf(in.Val)) // into a request body, a variable
		case ssa.CallInstruction:
			u.call(in)
			calls = append(calls, in)
		}
	})
	u.requests(calls)
	return u
}

// readsID: fn (or a package function it calls) reads d.Id().
func readsID(fn *ssa.Function) bool {
	found := false
	tfssa.EachInstr(fn, 2, true, func(instr ssa.Instruction) {
		if c, ok := instr.(ssa.CallInstruction); ok && attruse.ResourceDataMethod(c.Common()) == "Id" {
			found = true
		}
	})
	return found
}

// coversLookup: keys hold every key of one of Read's request structs
// without the ID.
func (u *uses) coversLookup(keys map[string]bool) bool {
	for _, l := range u.readLookups {
		all := true
		for k := range l {
			all = all && keys[k]
		}
		if all {
			return true
		}
	}
	return false
}

// judgedWhereUsed: addr is a local variable whose address is taken
// (name := d.Get("name").(string); Args{FeedId: &name}) and whose every use
// is judged where it happens — loaded, stored into a request field or
// handed to a call — so storing into it is no use of its own.
func judgedWhereUsed(addr ssa.Value) bool {
	a, ok := addr.(*ssa.Alloc)
	if !ok || !basic(pointee(a.Type())) || a.Referrers() == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		switch r.(type) {
		case *ssa.Store, *ssa.UnOp, ssa.CallInstruction, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// requestField: the local struct whose field addr is (a composite literal
// built in place: Input{ID: id}, &Input{...}).
func requestField(addr ssa.Value) *ssa.Alloc {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	a, _ := fa.X.(*ssa.Alloc)
	return a
}

// pointee: t, or what it points to.
func pointee(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// requests judges the request structs: one that holds the ID in a field and
// is handed to a call that may fail (the request) addresses the object with
// the other keys stored into its string and number fields, as a plain
// argument beside the ID would; any other struct is a request body.
func (u *uses) requests(calls []ssa.CallInstruction) {
	allocs := make([]*ssa.Alloc, 0, len(u.fields))
	for s := range u.fields {
		allocs = append(allocs, s)
	}
	// In source order, so the call reported as the address is stable.
	sort.Slice(allocs, func(i, j int) bool { return allocs[i].Pos() < allocs[j].Pos() })
	for _, s := range allocs {
		vals := u.fields[s]
		var withID bool
		keys := map[string]bool{}
		for _, v := range vals {
			for k := range fieldKeys(v) {
				keys[k] = true
			}
		}
		withID = keys[attruse.IDKey]
		call := handedTo(s, calls)
		byLookup := false
		if !withID && call != nil && len(keys) > 0 {
			u.lookups = append(u.lookups, keys)
			// Read finds the object by these keys alone: they are its ID.
			withID, byLookup = u.coversLookup(keys), true
		}
		for _, v := range vals {
			keys := fieldKeys(v)
			if !withID || call == nil {
				u.markOther(keys)
				continue
			}
			for k := range keys {
				if _, seen := u.address[k]; !seen && k != attruse.IDKey {
					u.address[k] = call
					u.inStruct[k], u.byLookup[k] = true, byLookup
				}
			}
		}
	}
}

// fieldKeys: the keys a field's value is built from, also through a helper
// that only takes its address (gofastly.ToPointer(d.Get("k").(string)),
// aws.String(...)): func(T) *T.
func fieldKeys(v ssa.Value) map[string]bool {
	if c, ok := v.(*ssa.Call); ok && pointerHelper(c.Common()) {
		return attruse.KeysOf(c.Common().Args[0])
	}
	return attruse.KeysOf(v)
}

func pointerHelper(com *ssa.CallCommon) bool {
	sig := com.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || len(com.Args) != 1 {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	return ok && types.Identical(p.Elem(), sig.Params().At(0).Type())
}

// contextOnly: a call that returns nothing but a context.Context
// (gofastly.NewContextForResourceID(ctx, id)).
func contextOnly(com *ssa.CallCommon) bool {
	res := com.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	n, ok := res.At(0).Type().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// handedTo: the call that may fail that s, its address or its value is
// handed to directly.
func handedTo(s *ssa.Alloc, calls []ssa.CallInstruction) *ssa.Call {
	for _, c := range calls {
		call, ok := c.(*ssa.Call)
		if !ok || !tfssa.Failable(call) {
			continue
		}
		for _, arg := range call.Common().Args {
			if arg == s {
				return call
			}
			if ld, ok := arg.(*ssa.UnOp); ok && ld.X == s {
				return call
			}
		}
	}
	return nil
}

// endpoint records the keys of call's plain arguments as choosing the
// client: they address the object as a path segment would.
func (u *uses) endpoint(call *ssa.Call) {
	for _, arg := range call.Common().Args {
		arg = tfssa.StripInterface(arg)
		keys := attruse.KeysOf(arg)
		if !basic(arg.Type()) {
			u.markOther(keys)
			continue
		}
		for k := range keys {
			if _, seen := u.address[k]; !seen {
				u.address[k], u.client[k] = call, true
			}
		}
	}
}

func (u *uses) markOther(keys map[string]bool) {
	for k := range keys {
		u.other[k] = true
	}
}

func (u *uses) call(in ssa.CallInstruction) {
	com := in.Common()
	switch m := attruse.ResourceDataMethod(com); m {
	case "":
	case "Get", "GetOk", "Id":
		return
	default:
		// d.HasChange("k"), d.Set("k", ...): Update does more with it.
		if len(com.Args) > 1 {
			if k, ok := tfssa.ConstString(com.Args[1]); ok {
				u.other[k] = true
			}
		}
		return
	}
	if tfssa.HandsResourceData(com) {
		if callee := com.StaticCallee(); callee == nil || callee.Blocks == nil {
			u.opaque = true
		} else if callee != u.read {
			u.markOther(attruse.SDK(callee, nil, attruse.Uses, nil).Named)
		}
		return
	}
	call, isCall := in.(*ssa.Call)
	if standard(com) || pointerHelper(com) {
		return // formatting, conversions, logging: judged where the result goes
	}
	if contextOnly(com) {
		return // a context carrying the value for logging or tracing
	}
	if isCall && selectsClient(call) {
		u.endpoint(call)
		return
	}
	addressing := isCall && tfssa.Failable(call) && hasIDArg(com)
	for _, arg := range com.Args {
		arg = tfssa.StripInterface(arg) // an ID parameter typed any (pid interface{})
		keys := attruse.KeysOf(arg)
		if !addressing || !basic(arg.Type()) {
			u.markOther(keys)
			continue
		}
		for k := range keys {
			if _, seen := u.address[k]; !seen {
				u.address[k] = call
			}
		}
	}
}

// varargs: an element of a local array, as a variadic call's arguments are
// built; the call's argument is judged instead.
func varargs(addr ssa.Value) bool {
	ia, ok := addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	_, local := ia.X.(*ssa.Alloc)
	return local
}

// hasIDArg: an argument of a basic type computed from d.Id().
func hasIDArg(com *ssa.CallCommon) bool {
	for _, arg := range com.Args {
		arg = tfssa.StripInterface(arg)
		if basic(arg.Type()) && attruse.KeysOf(arg)[attruse.IDKey] {
			return true
		}
	}
	return false
}

// basic: a string or number, as a path segment or positional key is; a
// struct or map is a request body.
func basic(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsInteger) != 0
}

// standard: a call into the standard library.
func standard(com *ssa.CallCommon) bool {
	callee := com.StaticCallee()
	return callee != nil && tfapi.IsStd(tfssa.PkgPath(callee))
}

func finding(u *attruse.Resource, a *facts.Attribute, call *ssa.Call, client, byLookup bool) lint.Finding {
	if client {
		return clientFinding(u, a, call)
	}
	beside, with := "beside its ID", "the ID"
	if byLookup {
		beside, with = "by the keys Read finds it with", "the other keys Read finds it by"
	}
	related := []analysis.RelatedInformation{
		lint.Related(call.Pos(), "%s addresses the object with %q and %s here, and uses it for nothing else", attruse.FuncName(u.Update), a.Name, with),
	}
	if at := u.ReadReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%s finds the object with it", attruse.FuncName(u.Read)))
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, not ForceNew), but Update only uses it to address the object %s (%s): after a change Update looks for the object under the new %q, where it does not exist, so the apply fails or changes another object; mark it ForceNew, or move the object in Update", a.Name, u.Name, attruse.Flags(a), beside, tfssa.CalleeName(call), a.Name)}
}

func clientFinding(u *attruse.Resource, a *facts.Attribute, call *ssa.Call) lint.Finding {
	related := []analysis.RelatedInformation{
		lint.Related(call.Pos(), "%s chooses the client with %q here, and uses it for nothing else", attruse.FuncName(u.Update), a.Name),
	}
	if at := u.ReadReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%s finds the object with it", attruse.FuncName(u.Read)))
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, not ForceNew), but Update only uses it to choose the client the API is called through (%s): after a change Update looks for the object through the new %q, where it does not exist, so the apply fails or changes another object; mark it ForceNew, or move the object in Update", a.Name, u.Name, attruse.Flags(a), tfssa.CalleeName(call), a.Name)}
}
