// Package overwrittenset defines an Analyzer that reports a resource's
// Create, Read or Update saving an attribute and then saving it again with
// another value before anything reads it (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/overwrittenset.md is generated from it.
package overwrittenset

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "overwrittenset",
	Title: "An attribute is saved twice in a row, the first value lost",
	Rules: []rules.ID{"APPLY-2"},
	Why: `Reads and Creates that copy the API's answer into state line by line are written by copying lines, and a line copied without changing its key saves the next value over the previous one: d.Set("replication", r.Replication) followed by d.Set("replication", r.BypassRLS). The attribute then holds a value that is not its own — after apply it differs from the configuration, and every plan shows the change — while the attribute the second line was meant for is never saved (after import it stays empty, and drift goes unseen).

The check follows Create, Read and Update of framework and SDK resources, the function literals they make and the package functions they call (two calls deep), and reports, within one straight run of code (every path through the first save reaches the second), a d.Set with a constant key — or an assignment to a tfsdk-tagged field of a model — followed by another save of the same attribute into the same ResourceData or model with a different value, with nothing in between that could read it (a load from the model, a call handed d or the model). A default overridden on one branch, a value saved twice alike, a second value computed from the first (d.Set("config", normalize(raw)) after d.Set("config", raw)), and saves read back in between are left alone.`,
	Bad: `d.Set("replication", role.Replication)
d.Set("replication", role.BypassRLS)`,
	Good: `d.Set("replication", role.Replication)
d.Set("bypass_row_level_security", role.BypassRLS)`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "Create/Read/Update (and their helpers) saving an attribute — `d.Set(\"k\", a)` or `m.Field = a` — and saving it again with another value before anything reads it: a copy-paste slip",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
