// Package objectkeys defines an Analyzer that reports framework object
// values built from an attribute-type map and an attribute-value map whose
// keys differ (APPLY-3).
//
// See [Doc] for what it reports and why; docs/checks/objectkeys.md is generated from it.
package objectkeys

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "objectkeys",
	Title: "An object value built with attribute values that do not match its attribute types",
	Rules: []rules.ID{"APPLY-3"},
	Why: `types.ObjectValue(attrTypes, attrs) needs exactly one value for every attribute type and no other: with a key missing or extra it returns an error ("Missing Object Attributes", "Extra Object Attributes"), and ObjectValueMust panics. The object is usually built where the provider converts the API's answer, or an older state, into the model, so every Create, Read or state upgrade that builds it fails, typically after an attribute was added to the schema and to the shared type map but not to one of the places that fill it (or the other way round).

The check compares, at each types.ObjectValue and ObjectValueMust call (basetypes.NewObjectValue too), the keys of the two maps when both can be read from the code: a map literal with constant keys built in place, a package function without parameters (or a method of a model, m.ObjectType().AttrTypes) that returns one, or a package variable set to one. Maps that other code may add to are left alone. Every package that imports the framework is read, a models package that declares no resource included.

Opt-in for now: it reported nothing on the corpus; on the real-bug rows it finds an upgrader's helper that builds an object without the attribute added in the new version.`,
	Bad: `obj, diags := types.ObjectValue(accessGroupAttributeTypes(), map[string]attr.Value{
	"group_id":           types.StringValue(g),
	"security_policy_id": types.StringNull(),
	// "usage_based_autolock_duration_days" is in accessGroupAttributeTypes() but not here
})`,
	Good:     `"usage_based_autolock_duration_days": types.Int64Null(),`,
	Severity: "error",
	Since:    "v0.3.0",
	Summary:  "types.ObjectValue / ObjectValueMust handed an attribute-value map whose constant keys differ from those of its attribute-type map: the object can never be built",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
