package readneverremoves

import (
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// settingsResource reports whether the resource manages settings of an
// object it does not own. Its Delete makes no remote call (it warns, or
// only forgets), or it makes none that Update or Read does not also make
// (it resets the settings) while Create makes none either (it applies
// them). Such a Read fails only once the owning object is gone, which that
// object's own resource reports; an organisation's settings do not
// disappear at all. A resource that owns its object creates and deletes
// it with calls of its own. A helper of the READ-2 check: such a Read is
// not reported.
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
	return len(c) > 0 && subset(c, known) && subset(d, known)
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}
