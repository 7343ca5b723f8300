// Package upgradermodel defines an Analyzer that reports framework state
// upgraders that save a model whose attributes are not the current schema's,
// or that leave a collection of the model they build at its Go zero value
// (UPGRADE-2), or that copy the prior model into the current one but leave
// out a field both hold (UPGRADE-4).
//
// See [Doc] for what it reports and why; docs/checks/upgradermodel.md is generated from it.
package upgradermodel

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "upgradermodel",
	Title: "State upgrader saves a model that does not match the current schema",
	Rules: []rules.ID{"UPGRADE-2", "UPGRADE-4"},
	Why: `A framework state upgrader produces state for the current schema: resp.State holds the current schema, and resp.State.Set converts the model it is given through its tfsdk tags. When the model's tags are not exactly the current schema's attributes — typically the prior version's model saved back unchanged, or a model that lacks an attribute added in this version — the conversion fails with "Value Conversion Error" on every upgrade, and nobody with state at the old version can plan again. The check compares the tags of the struct handed to resp.State.Set in each upgrader (and of the nested models it reaches) with the resource's schema; upgraders of another package (a migration package's V0ToV1(ctx) builder, or an upgrader function named by value), helpers handed resp, and model types declared inside a function are followed through facts. It stays quiet when either side could not be resolved completely. It also reports the other way an upgrader's model fails the same conversion: a types.List, Set, Map or Object field left at its Go zero value in the model the upgrader builds (a struct literal that leaves out an attribute added in this version). Such a value has no element or attribute types, so the framework rejects it whatever the schema says; set it to a typed null (types.MapNull(types.StringType)). Only a model built in the upgrader itself, whose address goes nowhere but to resp.State.Set, is checked; custom value types are left alone, since their own Type method may give the zero value a type.

UPGRADE-4 (the upgrader loses no data the old state held): an upgrader that builds the current model as a struct literal from the prior one, field by field (ID: prior.ID, Length: prior.Length, ...), and leaves out a field that the prior model holds under the same tfsdk tag and with the same Go type. The framework copies nothing from the prior state, so that attribute is saved as null: the user's value is gone, and the next plan shows the configured value (or the default) as a change, or replaces the resource when the attribute has RequiresReplace. Read on the syntax, in every function with an upgrader's signature and the package functions it calls (a migration package's TransformV4toV5(source) returning the new model counts, with no resource in sight); a literal must copy at least two fields from one other model to be read as such a copy. Left alone: a field some statement of the same function assigns (or, for a helper's literal, of the upgraders that call it), a field whose type changed between the versions, positional literals, embedded structs, and attributes that the resource's schema declares Computed only (Read fills them again); in a migration package with no resource, a field is also left alone when its prior value is read elsewhere in the function (moved into a nested model), when a comment in the function names it (left out on purpose), when a schema literal of the package declares it Computed only, or when the source model embeds the one being built (it is the current model, not a prior one). On the corpus those rules removed 5 findings in cloudflare's v500 migrations and 1 in clevercloud, none left; the mined fixes (random's min_upper, cloudflare's cert_id) are still found.`,
	Bad: `func upgradeV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var prior modelV0 // id, name
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, prior)...) // the schema now also has "tags"
}`,
	Good: `func upgradeV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var prior modelV0
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	// Tags left out would be a zero types.Map: no element type, same error.
	current := modelV1{ID: prior.ID, Name: prior.Name, Tags: types.MapNull(types.StringType)}
	resp.Diagnostics.Append(resp.State.Set(ctx, current)...)
}`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a framework state upgrader that hands `resp.State.Set` a model whose tfsdk tags are not the current schema's attributes (the prior version's model saved back, a renamed or added attribute left out; nested models followed; upgraders and helpers of a migration package, and models declared inside functions, through facts), or that builds its model as a literal leaving a `types.List`/`Set`/`Map`/`Object` field at its Go zero value (no element type): the conversion fails on every upgrade; and (UPGRADE-4) an upgrader that copies the prior model into the current one field by field but leaves out a field both hold: the user's value is lost",
}
