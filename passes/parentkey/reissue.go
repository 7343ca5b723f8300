package parentkey

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Framework: an Update that re-issues Create's create call (the same
// function, named as a create, put, upsert or deploy) creates the object at
// the address it is handed. An attribute Delete addresses the object with
// is then fixed for the object's life: when it can change in place, Update
// creates a second object under the new value and the old one is left
// behind, out of Terraform's sight (Delete later removes only the new one).

// createVerbs: names of calls that make the object at the address given.
var createVerbs = []string{"create", "put", "upsert", "deploy"}

func reissued(u *attruse.Resource) []lint.Finding {
	if u.SDK || u.Create == nil || u.Update == nil || u.Read == nil || u.Delete == nil {
		return nil
	}
	// Update's own calls (their arguments are read from its model); the
	// others' through the package functions they hand their work to.
	createCalls, updateCalls := directCalls(u.Create, 2), directCalls(u.Update, 0)
	readCalls, deleteCalls := directCalls(u.Read, 2), directCalls(u.Delete, 2)
	delKeys := attruse.Framework(u.Delete, nil, false)
	if delKeys.Dynamic {
		return nil
	}
	sent := map[string]*ssa.Call{}
	for callee, call := range updateCalls {
		if createCalls[callee] == nil || readCalls[callee] != nil || deleteCalls[callee] != nil || callee == u.Read || !createVerb(callee.Name()) {
			continue
		}
		keys, ok := argKeys(call, u.Update.Pkg)
		if !ok {
			continue
		}
		for k := range keys {
			if _, seen := sent[k]; !seen {
				sent[k] = call
			}
		}
	}
	if len(sent) == 0 {
		return nil
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		call := sent[a.Name]
		if call == nil || a.Name == "id" || !delKeys.Named[a.Name] || !attruse.Configurable(a) || attruse.MayReplace(a) || a.Block {
			continue
		}
		if !u.ReadReads.Named[a.Name] || u.DiffMentions.Named[a.Name] {
			continue
		}
		out = append(out, reissueFinding(u, a, call, delKeys.At[a.Name]))
	}
	return out
}

func createVerb(name string) bool {
	l := strings.ToLower(name)
	for _, v := range createVerbs {
		if strings.HasPrefix(l, v) {
			return true
		}
	}
	return false
}

// directCalls: the calls fn makes, by static callee, leaving out the
// standard library and the plugin libraries; with depth > 0, also those of
// the package functions it calls, that deep.
func directCalls(fn *ssa.Function, depth int) map[*ssa.Function]*ssa.Call {
	out := map[*ssa.Function]*ssa.Call{}
	seen := map[*ssa.Function]bool{}
	var visit func(f *ssa.Function, d int)
	visit = func(f *ssa.Function, d int) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				if p := tfssa.PkgPath(callee); p == "" || tfapi.IsStd(p) || tfapi.IsPluginLib(p) {
					continue
				}
				if _, ok := out[callee]; !ok {
					out[callee] = call
				}
				if d < depth && callee.Pkg == fn.Pkg && callee.Blocks != nil {
					visit(callee, d+1)
				}
			}
		}
	}
	visit(fn, 0)
	return out
}

// argKeys: the model fields a call is handed: those its arguments are
// built from, and, for a model handed whole to a function of the package,
// those that function reads. Not ok when a model goes where it cannot be
// followed.
func argKeys(call *ssa.Call, pkg *ssa.Package) (map[string]bool, bool) {
	out := map[string]bool{}
	com := call.Common()
	args := com.Args
	for _, arg := range args {
		arg = tfssa.StripInterface(arg)
		if modelflow.IsModel(arg.Type()) {
			callee := com.StaticCallee()
			if callee == nil || callee.Pkg != pkg || callee.Blocks == nil {
				return nil, false
			}
			k := attruse.Framework(callee, nil, false)
			if k.Dynamic {
				return nil, false
			}
			for n := range k.Named {
				out[n] = true
			}
			continue
		}
		for t := range modelflow.FieldSources(arg, true) {
			out[t] = true
		}
	}
	return out, true
}

func reissueFinding(u *attruse.Resource, a *facts.Attribute, call *ssa.Call, delAt token.Pos) lint.Finding {
	callee := tfssa.CalleeName(call)
	related := []analysis.RelatedInformation{
		lint.Related(call.Pos(), "%s re-issues %s, the call Create makes the object with, with the planned %q", attruse.FuncName(u.Update), callee, a.Name),
	}
	if delAt.IsValid() {
		related = append(related, lint.Related(delAt, "%s addresses the object with it", attruse.FuncName(u.Delete)))
	}
	if at := u.ReadReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%s finds the object with it", attruse.FuncName(u.Read)))
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, no RequiresReplace), but it addresses the object (Delete and Read use it to find it) and Update only re-issues Create's %s with the new value: after a change a second object is made under the new %q and the old one is left behind, out of Terraform's sight; add RequiresReplace, or move the object in Update", a.Name, u.Name, attruse.Flags(a), callee, a.Name)}
}

// fwAddressed is the SDK rule for the framework: a configurable attribute,
// without RequiresReplace, that Update passes as a plain argument (a string
// or number built from the model field) to a call that also takes the ID,
// and uses for nothing else, while Read reads it too.
func fwAddressed(u *attruse.Resource) []lint.Finding {
	if u.SDK || u.Update == nil || u.Read == nil {
		return nil
	}
	address := map[string]*ssa.Call{}
	other := map[string]bool{}
	mark := func(keys map[string]bool) {
		for k := range keys {
			other[k] = true
		}
	}
	for _, b := range u.Update.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.If:
				mark(modelflow.FieldSources(in.Cond, true))
			case *ssa.Store:
				mark(modelflow.FieldSources(in.Val, true))
			case *ssa.MakeClosure:
				return nil // the model may be read out of sight
			case ssa.CallInstruction:
				com := in.Common()
				callee := com.StaticCallee()
				if callee == nil {
					if !com.IsInvoke() {
						return nil
					}
				} else if p := tfssa.PkgPath(callee); tfapi.IsStd(p) || tfapi.IsPluginLib(p) {
					continue // judged where the result goes
				}
				call, isCall := in.(*ssa.Call)
				addressing := isCall && fwHasIDArg(com)
				for _, arg := range com.Args {
					arg = tfssa.StripInterface(arg)
					if modelflow.IsModel(arg.Type()) {
						if callee == nil || callee.Pkg != u.Update.Pkg || callee.Blocks == nil {
							return nil
						}
						k := attruse.Framework(callee, nil, false)
						if k.Dynamic {
							return nil
						}
						mark(k.Named)
						continue
					}
					keys := modelflow.FieldSources(arg, true)
					if !addressing || !basic(arg.Type()) {
						mark(keys)
						continue
					}
					for k := range keys {
						if _, seen := address[k]; !seen {
							address[k] = call
						}
					}
				}
			}
		}
	}
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		call := address[a.Name]
		if call == nil || other[a.Name] || a.Name == "id" || !attruse.Configurable(a) || attruse.MayReplace(a) || a.Block {
			continue
		}
		if !u.ReadReads.Named[a.Name] || u.DiffMentions.Named[a.Name] {
			continue
		}
		out = append(out, fwAddressFinding(u, a, call))
	}
	return out
}

// fwHasIDArg: an argument of a basic type built from the model's "id".
func fwHasIDArg(com *ssa.CallCommon) bool {
	for _, arg := range com.Args {
		arg = tfssa.StripInterface(arg)
		if basic(arg.Type()) && modelflow.FieldSources(arg, true)["id"] {
			return true
		}
	}
	return false
}

func fwAddressFinding(u *attruse.Resource, a *facts.Attribute, call *ssa.Call) lint.Finding {
	related := []analysis.RelatedInformation{
		lint.Related(call.Pos(), "%s addresses the object with %q and the ID here, and uses it for nothing else", attruse.FuncName(u.Update), a.Name),
	}
	if at := u.ReadReads.At[a.Name]; at.IsValid() {
		related = append(related, lint.Related(at, "%s finds the object with it", attruse.FuncName(u.Read)))
	}
	return lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos, Related: related,
		Message: fmt.Sprintf("%q of %s can change in place (%s, no RequiresReplace), but Update only uses it to address the object beside its ID (%s): after a change Update looks for the object under the new %q, where it does not exist, so the apply fails or changes another object; add RequiresReplace, or move the object in Update", a.Name, u.Name, attruse.Flags(a), tfssa.CalleeName(call), a.Name)}
}
