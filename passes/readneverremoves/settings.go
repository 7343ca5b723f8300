package readneverremoves

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// settingsResource reports whether the resource manages settings of an
// object it does not own. Its Delete makes no remote call (it warns, or
// only forgets); or its Create makes none that Update or Read does not also
// make (it applies settings to something that exists already) and its
// Delete makes no call of its own named as a deletion (DeleteX, DestroyX,
// ...): it resets or removes the settings. Such a Read fails only once the
// owning object is gone, which that object's own resource reports; an
// instance's settings do not disappear at all. A resource that owns its
// object creates it, or deletes it, with a call of its own. A helper of the
// READ-2 check: such a Read is not reported.
func settingsResource(create, update, read, del *ssa.Function) bool {
	if del == nil {
		return false
	}
	d := tfssa.RemoteOps(del)
	if len(d) == 0 {
		return true
	}
	if create == nil || update == nil {
		return false
	}
	c := tfssa.RemoteOps(create)
	known := tfssa.RemoteOps(update)
	for op := range tfssa.RemoteOps(read) {
		known[op] = true
	}
	if len(c) == 0 || !subset(c, known) {
		return false
	}
	for op := range d {
		if !known[op] && deletes(op) {
			return false
		}
	}
	return !deletesByRequest(del, create, update, read)
}

// deletesByRequest: del calls a function named as a deletion, or uses a
// text that asks for one (the HTTP method DELETE, SQL DROP or DELETE), that
// create, update and read do not: how a Delete deletes through a generic
// executor (db.Exec(q), client.Do(req)) whose own name says nothing.
func deletesByRequest(del *ssa.Function, others ...*ssa.Function) bool {
	texts, calls := requestNames(del)
	for _, o := range others {
		ot, oc := requestNames(o)
		for k := range ot {
			delete(texts, k)
		}
		for k := range oc {
			delete(calls, k)
		}
	}
	for name := range calls {
		if deletes(name) {
			return true
		}
	}
	for s := range texts {
		u := strings.ToUpper(strings.TrimSpace(s))
		if u == "DELETE" || strings.HasPrefix(u, "DROP ") || strings.HasPrefix(u, "DELETE FROM ") {
			return true
		}
	}
	return false
}

// requestNames: the string constants fn uses and the names of the
// functions it calls (with its package's helpers, three calls deep).
func requestNames(fn *ssa.Function) (texts, calls map[string]bool) {
	calls = map[string]bool{}
	if fn == nil {
		return map[string]bool{}, calls
	}
	texts, _ = tfssa.NamesIn(fn, func(f *ssa.Function) bool {
		calls[f.Name()] = true
		return false
	})
	return texts, calls
}

// deleteVerbs start the names of calls that delete an object rather than
// reset settings.
var deleteVerbs = []string{"Delete", "Destroy", "Drop", "Purge", "Terminate", "Deregister", "Unregister"}

// deletes reports whether the operation (pkg.Type.Method or pkg.Func) is
// named as a deletion.
func deletes(op string) bool {
	name := op[strings.LastIndexAny(op, ".)")+1:]
	for _, v := range deleteVerbs {
		if strings.HasPrefix(name, v) {
			return true
		}
	}
	return false
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
