package incompleteimport

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// An SDK passthrough importer leaves every attribute but the ID empty, so a
// Read that looks the object up by another attribute read from state asks
// the API for "" after import (IMPORT-1).

// stateLookup is a lookup in Read whose argument is an attribute read from state.
type stateLookup struct {
	attr string
	get  token.Pos // d.Get("attr")
	call token.Pos // the lookup it reaches
	in   *ssa.Function
	at   ssa.CallInstruction
}

// importStub says what an SDK importer leaves in the stub state: the keys it
// sets besides the ID, and how to say so.
type importStub struct {
	keys map[string]bool
	says string
}

// stubOf reads the resource's importer; ok is false when the check cannot
// tell what it sets.
func stubOf(r *facts.SDKResource, byName map[string]*ssa.Function) (importStub, bool) {
	switch r.Importer {
	case "passthrough":
		return importStub{says: "is imported with ImportStatePassthrough, which sets only the ID"}, true
	case "custom":
		fn := byName[r.ImportFunc.Key()]
		if fn == nil || tfssa.AlwaysFails(fn) {
			return importStub{}, false // an importer that refuses: import is not supported
		}
		keys, known := keysSet(fn)
		if !known {
			return importStub{}, false
		}
		says := "has an importer that sets only the ID"
		if len(keys) > 0 {
			says += " and " + quoteAll(sortedKeys(keys))
		}
		return importStub{keys: keys, says: says}, true
	}
	return importStub{}, false
}

// checkSDKLookups reports SDK resources whose Read looks the object up by an
// attribute the import stub leaves empty; it returns the attributes reported.
func checkSDKLookups(rep *lint.Reporter, r *facts.SDKResource, stub importStub, read *ssa.Function, readRef facts.FuncRef) map[string]bool {
	reported := map[string]bool{}
	if !r.Resolved || !r.SchemaResolved {
		return reported
	}
	attrs := map[string]facts.Attribute{}
	for _, a := range r.Schema.Attributes {
		attrs[a.Name] = a
	}
	for _, l := range stateLookups(read, 0, map[*ssa.Function]bool{}) {
		a, ok := attrs[l.attr]
		if !ok || a.Uncertain || a.Computed && !a.Optional || stub.keys[l.attr] || reported[l.attr] || setBefore(read, l) {
			continue
		}
		reported[l.attr] = true
		rep.Report(lint.Finding{Rule: "IMPORT-1", Pos: l.call,
			Message: fmt.Sprintf("%s %s, but Read looks the object up with %q read from state: after import it is empty, so Read looks up the wrong object and the import fails, with the API's error or, when Read takes the miss for a deleted object, with \"Cannot import non-existent remote object\"; set %q in the importer (from the ID) or look the object up by d.Id()", r.Name, stub.says, l.attr, l.attr),
			Related: []analysis.RelatedInformation{
				lint.Related(l.get, "%q read from state here", l.attr),
				lint.Related(readRef.Pos, "Read is %s", readRef.Name()),
				lint.Related(r.Pos, "resource declared here"),
			}})
	}
	return reported
}

func sortedKeys(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}

// setBefore: Read sets the attribute before the lookup (a d.Set in the
// lookup's function whose block dominates it), or sets it in code elsewhere,
// whose order the check does not know. A d.Set after the lookup (from the
// API's answer) does not help the import.
func setBefore(read *ssa.Function, l stateLookup) bool {
	var only func(ssa.Instruction) bool
	if l.in == read {
		reaches := tfssa.Reaching(l.at.Block())
		only = func(instr ssa.Instruction) bool { return mayPrecede(instr, l.at, reaches) }
	}
	if set, known := keysSetOutside(read, l.in, only); !known || set[l.attr] {
		return true
	}
	for _, b := range l.in.Blocks {
		for i, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || !isSetOf(c, l.attr) {
				continue
			}
			lb := l.at.Block()
			if b != lb && b.Dominates(lb) || b == lb && i < slices.Index(lb.Instrs, ssa.Instruction(l.at)) {
				return true
			}
		}
	}
	return false
}

// mayPrecede: instr can run before at (earlier in its block, or in a block
// from which at's block is reachable, as tfssa.Reaching lists them).
func mayPrecede(instr ssa.Instruction, at ssa.CallInstruction, reaches map[*ssa.BasicBlock]bool) bool {
	b, lb := instr.Block(), at.Block()
	if b == lb {
		return reaches[b] || slices.Index(lb.Instrs, instr) < slices.Index(lb.Instrs, ssa.Instruction(at))
	}
	return reaches[b]
}

// isSetOf: d.Set("attr", ...) or d.Set("attr.…", ...).
func isSetOf(c *ssa.Call, attr string) bool {
	fn := c.Common().StaticCallee()
	if fn == nil || fn.Name() != "Set" || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) {
		return false
	}
	k, ok := tfssa.ConstString(c.Common().Args[1])
	return ok && (k == attr || strings.HasPrefix(k, attr+"."))
}

// stateLookups finds d.Get("attr") values reaching a lookup in fn, or in the
// package's helpers fn hands d to (two levels), unless the value is compared
// first (a fallback to the ID when it is empty).
func stateLookups(fn *ssa.Function, depth int, seen map[*ssa.Function]bool) []stateLookup {
	if seen[fn] || depth > 2 || len(fn.Blocks) == 0 {
		return nil
	}
	seen[fn] = true
	var out []stateLookup
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if attr, ok := stateGet(call); ok {
				if at, ok := reachesLookup(call, fn.Pkg, 0); ok {
					out = append(out, stateLookup{attr: attr, get: instrPos(fn, call), call: instrPos(fn, at), in: fn, at: at})
				}
				continue
			}
			if !tfssa.HandsResourceData(call.Common()) {
				continue
			}
			if callee := call.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg {
				out = append(out, stateLookups(callee, depth+1, seen)...)
			}
			// A Read handed with d to a wrapper that calls it (a retry:
			// readiness.Retry(read, ctx, d, meta)).
			for _, g := range tfssa.HandedFuncs(call.Common(), fn.Pkg) {
				out = append(out, stateLookups(g, depth+1, seen)...)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		out = append(out, stateLookups(anon, depth, seen)...)
	}
	return out
}

// stateGet: d.Get("attr") with a constant top-level name.
func stateGet(call *ssa.Call) (string, bool) {
	c := call.Common()
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != "Get" || fn.Signature.Recv() == nil || !tfapi.IsResourceData(fn.Signature.Recv().Type()) || len(c.Args) != 2 {
		return "", false
	}
	k, ok := tfssa.ConstString(c.Args[1])
	if !ok || k == "id" {
		return "", false
	}
	for _, r := range k {
		if r == '.' {
			return "", false
		}
	}
	return k, true
}

// reachesLookup follows v through conversions, strings built from it, struct
// fields and the package's own helpers (two levels) to a lookup: a call that
// can fail to code outside the standard library and the plugin libraries, or
// an HTTP request. Any comparison on the way means the code tests the value:
// nothing is reported.
func reachesLookup(v ssa.Value, pkg *ssa.Package, depth int) (ssa.CallInstruction, bool) {
	work, seen := []ssa.Value{v}, map[ssa.Value]bool{}
	var found ssa.CallInstruction
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] || v.Referrers() == nil {
			continue
		}
		seen[v] = true
		for _, ref := range *v.Referrers() {
			switch u := ref.(type) {
			case *ssa.BinOp:
				if u.Op == token.EQL || u.Op == token.NEQ {
					return nil, false
				}
				work = append(work, u) // "/roles/" + id
			case *ssa.UnOp:
				if u.Op == token.MUL {
					work = append(work, u) // a request struct passed by value
				}
			case *ssa.TypeAssert, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Extract, *ssa.Slice:
				work = append(work, u.(ssa.Value))
			case *ssa.Store:
				switch addr := u.Addr.(type) {
				case *ssa.FieldAddr: // a request struct built around the value
					work = append(work, addr.X)
				case *ssa.IndexAddr: // variadic arguments: fmt.Sprintf("/roles/%s", id)
					work = append(work, addr.X)
				}
			case ssa.CallInstruction:
				if found != nil {
					continue
				}
				if call, ok := stdString(u); ok {
					work = append(work, call) // the string it builds
				} else if isLookupCall(u, v, pkg, depth) {
					found = u
				}
			}
		}
	}
	return found, found != nil
}

// isLookupCall: c is a lookup with v among its arguments, or a helper of the
// package that hands v to one.
func isLookupCall(u ssa.CallInstruction, v ssa.Value, pkg *ssa.Package, depth int) bool {
	c := u.Common()
	callee := c.StaticCallee()
	if callee == nil || callee.Pkg != pkg || c.IsInvoke() {
		return isLookup(c, v)
	}
	if depth >= 2 {
		return false
	}
	for i, a := range c.Args {
		if a == v && i < len(callee.Params) {
			if _, ok := reachesLookup(callee.Params[i], pkg, depth+1); ok {
				return true
			}
		}
	}
	return false
}

// stdString: a standard library call that returns the string it builds
// (fmt.Sprintf, path.Join, url.PathEscape, ...).
func stdString(u ssa.CallInstruction) (*ssa.Call, bool) {
	call, ok := u.(*ssa.Call)
	if !ok {
		return nil, false
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil || !tfapi.IsStd(fn.Pkg.Pkg.Path()) || fn.Signature.Results().Len() != 1 {
		return nil, false
	}
	return call, types.Identical(fn.Signature.Results().At(0).Type(), types.Typ[types.String])
}

// isLookup: a call, with v as an argument, to code outside the standard
// library and the plugin libraries that returns an error, or returns a request
// whose method returns one (client.GetThing(ctx, key).Execute()); or an HTTP
// request built with it.
func isLookup(c *ssa.CallCommon, v ssa.Value) bool {
	if !slices.Contains(c.Args, v) {
		return false
	}
	if fn := c.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "net/http" && (fn.Name() == "NewRequest" || fn.Name() == "NewRequestWithContext") {
		return true
	}
	if stdOrPlugin(c) {
		return false
	}
	res := c.Signature().Results()
	if res.Len() > 0 && tfapi.IsError(res.At(res.Len()-1).Type()) {
		return true
	}
	if res.Len() != 1 {
		return false
	}
	if ms := types.NewMethodSet(res.At(0).Type()); ms.Len() > 0 {
		for i := 0; i < ms.Len(); i++ {
			sig := ms.At(i).Type().(*types.Signature)
			if r := sig.Results(); r.Len() > 0 && tfapi.IsError(r.At(r.Len()-1).Type()) {
				return true
			}
		}
	}
	return false
}

// stdOrPlugin: the callee is in the standard library or a plugin library,
// or unknown (a function value): not a lookup the check can vouch for.
func stdOrPlugin(c *ssa.CallCommon) bool {
	var pkg *types.Package
	switch {
	case c.IsInvoke():
		pkg = c.Method.Pkg()
	case c.StaticCallee() != nil && c.StaticCallee().Object() != nil:
		pkg = c.StaticCallee().Object().Pkg()
	default:
		return true
	}
	return pkg == nil || tfapi.IsStd(pkg.Path()) || tfapi.IsPluginLib(pkg.Path())
}

// instrPos: the call's position, or the function's when it has none.
func instrPos(fn *ssa.Function, c ssa.CallInstruction) token.Pos {
	if c.Pos().IsValid() {
		return c.Pos()
	}
	return fn.Pos()
}
