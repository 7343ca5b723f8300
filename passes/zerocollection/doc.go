// Package zerocollection defines an Analyzer that reports a framework
// Create or Update saving a model it built itself while a list, set, map or
// object field of it is still the Go zero value (APPLY-3).
//
// See [Doc] for what it reports and why; docs/checks/zerocollection.md is generated from it.
package zerocollection

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "zerocollection",
	Title: "A model saved with a list, set, map or object field never given a value",
	Rules: []rules.ID{"APPLY-3"},
	Why: `The Go zero value of types.List, types.Set, types.Map and types.Object is not a null of the attribute's type: it carries no element or attribute types. Saving it makes resp.State.Set fail with "Value Conversion Error" ("Received framework type from provider logic: types.MapType[!!! MISSING TYPE !!!]"), every time that path runs. In a Create the object was made but no state is saved (the next apply makes another one); in an Update the change was made and the state keeps the old values. A field the configuration may leave null needs an explicit typed null: types.ListNull(types.StringType), types.MapNull(...), types.ObjectNull(attrTypes). (State upgraders that do the same are reported by upgradermodel, under UPGRADE-2.)

The check looks at each framework Create and Update for a resp.State.Set of a model the function builds itself: a composite literal or a variable it declares, not one filled by req.Plan.Get or handed to another function. It reports a tfsdk field of type types.List, Set, Map or Object (basetypes; custom value types may type their zero value) that no statement of the function writes, when the schema's attribute is a collection. Go slices are left alone (a nil slice converts to null).`,
	Bad: `state := networkModel{
	ID:   types.StringValue(out.ID),
	Name: plan.Name,
	// Tags types.Map added to the model later: left at its zero value
}
resp.Diagnostics.Append(resp.State.Set(ctx, state)...)`,
	Good: `state := networkModel{
	ID:   types.StringValue(out.ID),
	Name: plan.Name,
	Tags: types.MapNull(types.StringType),
}`,
	Severity: "error",
	Since:    "v0.3.0",
	Summary:  "a framework Create or Update saving a model it built itself (a composite literal, a declared variable) whose types.List/Set/Map/Object field nothing assigns: its Go zero value has no element type and resp.State.Set fails with \"Value Conversion Error\"",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
