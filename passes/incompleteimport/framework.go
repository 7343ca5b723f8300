package incompleteimport

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// importWrites is what a framework ImportState puts into the stub state.
type importWrites struct {
	names   map[string]bool // attributes set by passthrough or SetAttribute
	pos     token.Pos       // the passthrough call, if any
	opaque  bool            // resp handed to code out of sight, or a whole Set
	written bool
	errs    bool // diagnostics added: "import not supported" is fine
}

func importState(fn *ssa.Function) importWrites {
	w := importWrites{names: map[string]bool{}}
	resp := fn.Params[len(fn.Params)-1]
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || !mentions(c.Common(), resp) {
				continue
			}
			callee := c.Common().StaticCallee()
			switch {
			case callee != nil && callee.Name() == "ImportStatePassthroughID" && len(c.Common().Args) == 4:
				w.written, w.pos = true, c.Pos()
				if n := modelflow.PathRoot(c.Common().Args[1]); n != "" {
					w.names[n] = true
				} else {
					w.opaque = true
				}
			case callee != nil && callee.Name() == "SetAttribute" && recvIs(callee, "State") && len(c.Common().Args) == 4:
				w.written = true
				if n := modelflow.PathRoot(c.Common().Args[2]); n != "" {
					w.names[n] = true
				} else {
					w.opaque = true
				}
			case callee != nil && recvIs(callee, "Diagnostics"):
				w.errs = true
			default:
				w.written, w.opaque = true, true
			}
		}
	}
	return w
}

// mentions: the call is handed resp or something reached from it.
func mentions(c *ssa.CallCommon, resp ssa.Value) bool {
	for _, a := range c.Args {
		for v := a; v != nil; {
			if v == resp {
				return true
			}
			fa, ok := v.(*ssa.FieldAddr)
			if !ok {
				break
			}
			v = fa.X
		}
	}
	return false
}

func recvIs(fn *ssa.Function, name string) bool {
	if fn.Signature.Recv() == nil {
		return false
	}
	_, n := tfapi.Named(fn.Signature.Recv().Type())
	return n == name
}

// stateReads returns the tfsdk names Read loads from the model it fills with
// req.State.Get; ok is false when the model reaches code out of sight.
func stateReads(fn *ssa.Function) (reads map[string]token.Pos, ok bool) {
	reads = map[string]token.Pos{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, isCall := instr.(*ssa.Call)
			if !isCall {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil || callee.Name() != "Get" || !recvIs(callee, "State") || len(c.Call.Args) != 3 {
				continue
			}
			mi, isMI := c.Call.Args[2].(*ssa.MakeInterface)
			if !isMI {
				return nil, false
			}
			if !modelReads(mi.X, reads) {
				return nil, false
			}
		}
	}
	return reads, len(reads) > 0
}

// modelReads records the tagged fields loaded from a model allocation.
func modelReads(model ssa.Value, reads map[string]token.Pos) bool {
	for _, r := range *model.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			tag := modelflow.FieldTag(r)
			if tag == "" {
				return false
			}
			for _, u := range *r.Referrers() {
				if l, ok := u.(*ssa.UnOp); ok && l.Op == token.MUL {
					if _, seen := reads[tag]; !seen {
						reads[tag] = l.Pos()
					}
				}
			}
		case *ssa.MakeInterface, *ssa.DebugRef, *ssa.Store:
		default:
			return false // the model itself handed elsewhere
		}
	}
	return true
}

func checkFramework(rep *lint.Reporter, r *facts.FrameworkResource, imp, read *ssa.Function) {
	if imp == nil || len(imp.Params) == 0 {
		return
	}
	w := importState(imp)
	if !w.written && !w.errs {
		rep.Report(lint.Finding{Rule: "IMPORT-1", Pos: imp.Pos(),
			Message: fmt.Sprintf("%s.ImportState writes nothing into resp.State (no resource.ImportStatePassthroughID, no SetAttribute): the framework fails with \"Missing Resource Import State\"", r.TypeName)})
		return
	}
	if !w.written || w.opaque || read == nil {
		return
	}
	if checkFrameworkLookups(rep, r, w, read) {
		return
	}
	checkFrameworkNeverSet(rep, r, w, read)
	if len(w.names) != 1 {
		return
	}
	reads, ok := stateReads(read)
	if !ok {
		return
	}
	var into string
	for n := range w.names {
		into = n
	}
	if _, readsIt := reads[into]; readsIt {
		return
	}
	var others []string
	for n := range reads {
		if isKey(r, n) {
			others = append(others, n)
		}
	}
	if len(others) == 0 {
		return
	}
	sort.Strings(others)
	rel := []analysis.RelatedInformation{lint.Related(reads[others[0]], "Read uses %q here, which import leaves null", others[0])}
	rep.Report(lint.Finding{Rule: "IMPORT-1", Pos: w.pos, Related: rel,
		Message: fmt.Sprintf("%s.ImportState passes the ID into %q, which Read never reads, while Read uses %s, which import leaves null: Read cannot find the imported object, so the import fails (with a Read that drops what it cannot find: \"Cannot import non-existent remote object\"); pass the ID into the attribute Read looks the object up by", r.TypeName, into, quoteAll(others))})
}

// isKey: an attribute a lookup could use — an identifier the configuration
// or the provider sets, not a nested block or a timeout.
func isKey(r *facts.FrameworkResource, name string) bool {
	for _, a := range r.Schema.Attributes {
		if a.Name == name {
			return !a.Block && a.Nesting == "" && a.Type == "string" && (a.Required || a.Computed) && (name == "id" || strings.HasSuffix(name, "id") || strings.HasSuffix(name, "_name") || name == "name")
		}
	}
	return false
}

// checkFrameworkLookups reports Read looking the object up with attributes
// read from req.State (a model field's ValueString() and the like) that
// ImportState leaves null, once per lookup; it says whether it reported.
func checkFrameworkLookups(rep *lint.Reporter, r *facts.FrameworkResource, w importWrites, read *ssa.Function) bool {
	byCall := map[token.Pos][]stateLookup{}
	var calls []token.Pos
	for _, l := range modelLookups(read) {
		if w.names[l.attr] || !isAttr(r, l.attr) {
			continue
		}
		if byCall[l.call] == nil {
			calls = append(calls, l.call)
		}
		byCall[l.call] = append(byCall[l.call], l)
	}
	for _, call := range calls {
		ls := byCall[call]
		var attrs []string
		related := []analysis.RelatedInformation{lint.Related(w.pos, "ImportState writes the stub state here")}
		for _, l := range ls {
			attrs = append(attrs, l.attr)
			related = append(related, lint.Related(l.get, "%q read from req.State here", l.attr))
		}
		rep.Report(lint.Finding{Rule: "IMPORT-1", Pos: call, Related: related,
			Message: fmt.Sprintf("%s.ImportState sets only %s, but Read looks the object up with %s read from req.State: after import they are null, so Read looks up the wrong object and the import fails, with the API's error or, when Read takes the miss for a deleted object, with \"Cannot import non-existent remote object\"; set them in ImportState (from the ID) or look the object up by what it sets", r.TypeName, quoteAll(sortedKeys(w.names)), quoteAll(attrs))})
	}
	return len(calls) > 0
}

// modelLookups finds model fields loaded in fn (filled by req.State.Get) whose
// value (ValueString() and the like) reaches a lookup. A field Read tests
// (IsNull, IsUnknown) or assigns is left alone: Read fills it itself.
func modelLookups(fn *ssa.Function) []stateLookup {
	var out []stateLookup
	handled, seen := handledFields(fn), map[string]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			load, ok := instr.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				continue
			}
			fa, ok := load.X.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			tag := modelflow.FieldTag(fa)
			if tag == "" || seen[tag] || handled[tag] || !fromStateGet(fa.X) {
				continue
			}
			if at, ok := valueReachesLookup(load, fn.Pkg); ok {
				seen[tag] = true
				out = append(out, stateLookup{attr: tag, get: load.Pos(), call: instrPos(fn, at), in: fn, at: at})
			}
		}
	}
	return out
}

// handledFields: model fields fn assigns, or tests with IsNull/IsUnknown.
func handledFields(fn *ssa.Function) map[string]bool {
	out := map[string]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if fa, ok := in.Addr.(*ssa.FieldAddr); ok {
					out[modelflow.FieldTag(fa)] = true
				}
			case *ssa.Call:
				callee := in.Call.StaticCallee()
				if callee == nil || (callee.Name() != "IsNull" && callee.Name() != "IsUnknown") || len(in.Call.Args) != 1 {
					continue
				}
				if load, ok := in.Call.Args[0].(*ssa.UnOp); ok {
					if fa, ok := load.X.(*ssa.FieldAddr); ok {
						out[modelflow.FieldTag(fa)] = true
					}
				}
			}
		}
	}
	return out
}

// fromStateGet: the model is filled by req.State.Get(ctx, &model).
func fromStateGet(model ssa.Value) bool {
	for _, r := range *model.Referrers() {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		for _, u := range *mi.Referrers() {
			c, ok := u.(*ssa.Call)
			if !ok {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee != nil && callee.Name() == "Get" && recvIs(callee, "State") {
				return true
			}
		}
	}
	return false
}

// valueReachesLookup follows a loaded attribute value through its ValueXxx()
// accessor to a lookup.
func valueReachesLookup(v ssa.Value, pkg *ssa.Package) (ssa.CallInstruction, bool) {
	for _, r := range *v.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok || c.Call.StaticCallee() == nil || len(c.Call.Args) == 0 || c.Call.Args[0] != v || !strings.HasPrefix(c.Call.StaticCallee().Name(), "Value") {
			continue
		}
		if at, ok := reachesLookup(c, pkg, 0); ok {
			return at, true
		}
	}
	return nil, false
}

// isAttr: a top-level string attribute of the schema (a name or identifier
// a lookup takes), Computed-only ones excepted: Read fills those.
func isAttr(r *facts.FrameworkResource, name string) bool {
	for _, a := range r.Schema.Attributes {
		if a.Name == name {
			return !a.Block && a.Nesting == "" && a.Type == "string" && (a.Required || a.Optional)
		}
	}
	return false
}
