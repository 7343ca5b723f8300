// Package importidindex defines an Analyzer that reports importers reading
// a part of the import ID beyond the number of parts they checked for
// (IMPORT-1).
//
// See [Doc] for what it reports and why; docs/checks/importidindex.md is generated from it.
package importidindex

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "importidindex",
	Title: "Importer reads a part of the import ID beyond the count it checked",
	Rules: []rules.ID{"IMPORT-1"},
	Why:   `An importer that splits a composite ID ("realm/client/role") checks how many parts it got and then copies each part into the attribute Read needs. When the check asks for exactly n parts but a later line reads part [n] or beyond — the format grew a part and only one of the two was updated, or the index is off by one — every import that passes the check panics with an index out of range: the provider crashes and no stub state is ever written, so the resource cannot be imported at all. The check follows the side of a len(parts) == n (or != n) test where the length is exactly n, in an SDK importer (a custom StateContext/State function, also a function literal) or a framework ImportState, and reports a constant index of the same slice at n or beyond in the code that side dominates. Code reached around the test (several accepted forms joined by &&, an index under a further len(parts) == m test) is left alone.`,
	Bad: `parts := strings.Split(d.Id(), "/")
if len(parts) != 3 {
	return nil, fmt.Errorf("expected realm/client/id/role")
}
d.Set("role", parts[3]) // panics: there are exactly 3 parts`,
	Good: `parts := strings.Split(d.Id(), "/")
if len(parts) != 4 {
	return nil, fmt.Errorf("expected realm/client/id/role")
}
d.Set("role", parts[3])`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "an importer that checks the split import ID has exactly n parts and then reads part [n] or beyond: every import panics",
	// Default from the start: what it reports is a certain panic, not a
	// guess about an API.
}
