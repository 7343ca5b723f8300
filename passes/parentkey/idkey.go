// An attribute whose value is the resource ID (Create builds the ID from it,
// or sets it to the field of the API's object that Read saves in it)
// addresses the object. An Update that never reads d.Id() and hands the
// API that attribute where the address goes addresses the object by the
// planned value in place of the ID (SCHEMA-3).

package parentkey

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// idKeyed reports a configurable SDK attribute, not ForceNew nor Computed,
// that holds the ID's value and that Update, which never reads d.Id(),
// hands to an API call as a plain argument beside no other key: the
// address. Read must find the object through the ID alone (it never reads
// the attribute: a Read that re-derives the ID from it follows the change).
func idKeyed(u *attruse.Resource) []lint.Finding {
	if !u.SDK || u.Create == nil || u.Update == nil || u.Read == nil || u.ReadReads.Dynamic || !attruse.ReadsID(u.Read) {
		return nil
	}
	ids, echoed := attruse.IDSources(u.Create), attruse.EchoedIDSources(u.Create, u.Read, true)
	for k, at := range echoed {
		if _, built := ids[k]; !built {
			ids[k] = at
		}
	}
	address := map[string]*ssa.Call{}
	if !attruse.ReadsID(u.Update) && !attruse.GetAt(u.Update, "id", false).IsValid() {
		address = idAddressed(u.Update, ids)
	}
	inField := idFieldAddressed(u.Update, addressFields(u.Create, u.Read))
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		setID, isID := ids[a.Name]
		call, fc := address[a.Name], inField[a.Name]
		if !isID {
			call = nil
		}
		if call == nil && fc.call == nil || !idCandidate(u, a) {
			continue
		}
		if call == nil {
			out = append(out, idFieldFinding(u, a, fc))
			continue
		}
		_, echo := echoed[a.Name]
		out = append(out, idKeyFinding(u, a, call, setID, echo))
	}
	return out
}

// idCandidate: a configurable attribute, not ForceNew nor Computed, that
// Read never reads and no CustomizeDiff mentions (it may force a new
// resource).
func idCandidate(u *attruse.Resource, a *facts.Attribute) bool {
	if !attruse.Configurable(a) || a.ForceNew || a.Computed || a.Block || attruse.MayReplace(a) {
		return false
	}
	return !u.DiffMentions.Named[a.Name] && !attruse.GetsKey(u.Read, a.Name)
}

// idAddressed: the ID keys update hands to a call of the API that may fail
// as plain arguments (strings, numbers, paths built from them), in calls
// whose plain arguments are built from ID keys alone — a call that also
// takes another key is addressed by it and sends the ID key as a value.
func idAddressed(update *ssa.Function, ids map[string]token.Pos) map[string]*ssa.Call {
	out := map[string]*ssa.Call{}
	for _, b := range update.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !apiCall(call) || !tfssa.Failable(call) {
				continue
			}
			keys, only := plainKeys(call, ids)
			if !only {
				continue
			}
			for k := range keys {
				if _, seen := out[k]; !seen {
					out[k] = call
				}
			}
		}
	}
	return out
}

// plainKeys: the keys call's plain arguments are built from; only, whether
// they are all ID keys.
func plainKeys(call *ssa.Call, ids map[string]token.Pos) (map[string]bool, bool) {
	keys := map[string]bool{}
	for _, arg := range call.Common().Args {
		arg = tfssa.StripInterface(arg)
		if !basic(arg.Type()) {
			continue
		}
		for k := range attruse.KeysOf(arg) {
			if _, isID := ids[k]; !isID {
				return nil, false
			}
			keys[k] = true
		}
	}
	return keys, true
}

// apiCall: a call into another package than the provider's, outside the
// standard library and the plugin libraries (an interface method counts).
func apiCall(call *ssa.Call) bool {
	com := call.Common()
	callee := com.StaticCallee()
	if callee == nil {
		return com.IsInvoke()
	}
	p := tfssa.PkgPath(callee)
	return callee.Pkg != call.Parent().Pkg && p != "" && !tfapi.IsStd(p) && !tfapi.IsPluginLib(p) && !tfssa.HandsResourceData(com)
}

func idKeyFinding(u *attruse.Resource, a *facts.Attribute, call *ssa.Call, setID token.Pos, echo bool) lint.Finding {
	src, rel := "Create builds the resource ID from it", lint.Related(setID, "Create builds the ID from %q here", a.Name)
	if echo {
		src = "its value is the resource ID (Create sets the ID from the field of the API's object that Read saves in it)"
		rel = lint.Related(setID, "Create sets the ID from the field of the API's object that Read saves in %q", a.Name)
	}
	related := []analysis.RelatedInformation{rel,
		lint.Related(call.Pos(), "%s addresses the object with the planned %q here and never reads d.Id()", attruse.FuncName(u.Update), a.Name),
		lint.Related(u.Read.Pos(), "%s finds the object through the ID and never reads %q", attruse.FuncName(u.Read), a.Name),
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, not ForceNew), but %s and Update addresses the object with it in place of d.Id() (%s): after a change Update looks for the object under the new %q, where it does not exist, so the apply fails or changes another object; mark it ForceNew, or address the object by d.Id() in Update", a.Name, u.Name, attruse.Flags(a), src, tfssa.CalleeName(call), a.Name)}
}
