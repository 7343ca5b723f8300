// Package rules is the catalogue of lifecycle contract rules; the repository's
// docs/rules.md explains each one.
//
// It is the lowest layer of the project: the static passes, the runtime
// checker and the generated docs all name rules through it, so the three speak
// the same words. It imports nothing but the standard library, so provider test
// code can depend on it without pulling in the analyzer's dependencies.
package rules

import "sort"

// ID names one rule, e.g. "SCHEMA-4".
type ID string

// Rule is one entry of the catalogue.
type Rule struct {
	ID    ID
	Title string
	// LegacyTolerated rules are only logged by Terraform for SDKv2 providers.
	LegacyTolerated bool
}

// URL is where the rule is documented.
func (id ID) URL() string {
	return "https://github.com/tflifecyclelint/tflifecyclelint/blob/main/docs/rules.md#" + lowerID(id)
}

func lowerID(id ID) string {
	b := []byte(id)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

var catalogue = []Rule{
	{ID: "SCHEMA-1", Title: "every attribute is exactly one of Required, Optional, Computed, or Optional+Computed"},
	{ID: "SCHEMA-2", Title: "a Default only on a Computed attribute; a write-only attribute is never Computed nor inside a set"},
	{ID: "SCHEMA-3", Title: "without an Update, every non-Computed attribute forces replacement"},
	{ID: "SCHEMA-4", Title: "a schema version above 0 has an upgrader for every earlier version that may be in state"},
	{ID: "VALIDATE-1", Title: "never report an error for an unknown value"},
	{ID: "VALIDATE-2", Title: "a default chosen later tolerates null and unknown at validation"},
	{ID: "PLAN-1", Title: "a configured value is planned as the config value or the prior state value", LegacyTolerated: true},
	{ID: "PLAN-2", Title: "a non-Computed attribute null in config stays null in the plan", LegacyTolerated: true},
	{ID: "PLAN-3", Title: "a configured known value is never planned as unknown", LegacyTolerated: true},
	{ID: "PLAN-4", Title: "the planned object is null exactly when config is null"},
	{ID: "PLAN-5", Title: "nested blocks keep the configured count and keys", LegacyTolerated: true},
	{ID: "PLAN-6", Title: "write-only attributes are null in the plan"},
	{ID: "PLAN-7", Title: "every RequiresReplace path exists in the prior or planned object"},
	{ID: "PLAN-8", Title: "the final plan keeps every value known in the initial plan"},
	{ID: "PLAN-9", Title: "a Computed value that changes on apply is planned unknown"},
	{ID: "APPLY-1", Title: "the new state is wholly known"},
	{ID: "APPLY-2", Title: "every value known in the final plan is identical in the new state", LegacyTolerated: true},
	{ID: "APPLY-3", Title: "Create and Update return a non-null state on success; Delete returns null"},
	{ID: "APPLY-4", Title: "write-only attributes are null in the new state"},
	{ID: "APPLY-5", Title: "state is written to the response, never to the request"},
	{ID: "READ-1", Title: "the state returned by Read is wholly known"},
	{ID: "READ-2", Title: "Read removes a vanished object from state without an error"},
	{ID: "READ-3", Title: "Read keeps the prior value when the remote value is only a different form"},
	{ID: "READ-4", Title: "a data source never removes itself from state"},
	{ID: "READ-5", Title: "write-only attributes are null after Read"},
	{ID: "UPGRADE-1", Title: "the upgraded state is wholly known"},
	{ID: "UPGRADE-2", Title: "the upgraded state is complete"},
	{ID: "UPGRADE-3", Title: "an upgrader reads prior state through its PriorSchema or RawState"},
	{ID: "UPGRADE-4", Title: "an upgrade changes the shape, never the meaning"},
	{ID: "IMPORT-1", Title: "the import stub holds what Read needs to find the object"},
	{ID: "IMPORT-2", Title: "the import stub is wholly known; write-only attributes null"},
	{ID: "IMPORT-3", Title: "import then Read then plan with matching config is empty"},
	{ID: "IDENTITY-1", Title: "resource identity is set, known and stable"},
	{ID: "MOVE-1", Title: "MoveResourceState returns a non-null, wholly known state"},
}

var byID = func() map[ID]Rule {
	m := make(map[ID]Rule, len(catalogue))
	for _, r := range catalogue {
		m[r.ID] = r
	}
	return m
}()

// Lookup returns the rule with the given ID.
func Lookup(id ID) (Rule, bool) {
	r, ok := byID[id]
	return r, ok
}

// All returns every rule, sorted by ID.
func All() []Rule {
	out := append([]Rule(nil), catalogue...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
