// Package zeroelements defines an Analyzer that reports lists saved to state
// that keep Go zero values as elements: made with a length and then appended
// to, or sized by one collection and filled from another (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/zeroelements.md is generated from it.
package zeroelements

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "zeroelements",
	Title: "A list saved to state keeps zero-value elements",
	Rules: []rules.ID{"APPLY-2"},
	Why: `A list Create or Read saves must hold what the remote object holds, element for element. ` + "`make([]T, n)`" + ` makes n elements already; appending to it afterwards puts the real ones after n zero values, and a slice sized by one collection but filled by index from another keeps zero values wherever the second is shorter. Saved to state, each zero element is a block or value nobody configured (a nil map becomes a block of empty attributes, a nil interface an empty string): the state differs from the configuration after apply ("Provider produced inconsistent result after apply" for a framework list, a diff in every plan for the SDK), and the extra elements grow with the API's answer.

The check looks at every function of a provider package for a slice made with a length that is not the constant 0 and that, with no element written by index and nothing copied into it, is appended to, or that is written by index only inside a loop over another collection than the one its length was taken from (a collection returned by a call that is not handed the first, so not a sorted or converted copy of it). It reports when the slice goes on to be saved or returned: handed to d.Set or a plugin-library function (types.ListValueFrom), returned, or stored into a map or a struct.

Opt-in for now: on the corpus it reported two slices, both real (a data source's excluded resources and reviewer levels, each made with the API's count and then appended to, so the state lists that many empty entries first), too few to judge its precision; before a getter called twice (len(x.Elements()) and range x.Elements()) was recognised as one collection it also reported seven loops that were not bugs.`,
	Bad: `out := make([]map[string]any, len(rules))
for _, r := range rules {
	out = append(out, map[string]any{"name": r.Name})
}
d.Set("rule", out)`,
	Good:     `out := make([]map[string]any, 0, len(rules))`,
	Severity: "warning",
	Since:    "v0.3.0",
	Summary:  "a slice made with `make([]T, n)` and then appended to, or sized by one collection and filled by index from another, that is saved to state or returned: its zero-value elements become blocks or values nobody configured",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
