// Package upgraderkeys defines an Analyzer that reports SDK state upgraders
// whose raw-state keys do not match the schemas of the versions they
// convert between (UPGRADE-3), or whose output the SDK cannot decode or
// drops (UPGRADE-4).
//
// See [Doc] for what it reports and why; docs/checks/upgraderkeys.md is generated from it.
package upgraderkeys

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "upgraderkeys",
	Title: "SDK state upgrader whose keys do not match the schemas it converts between",
	Rules: []rules.ID{"UPGRADE-3", "UPGRADE-4"},
	Why: `An SDK StateUpgrader's Upgrade(ctx, rawState, meta) is handed the JSON state of the version its Type describes (Type: resourceV0().CoreConfigSchema().ImpliedType()), as a map: blocks are lists of maps (rawState["b"].([]interface{})[0].(map[string]interface{})["k"]). After the last upgrader the SDK removes every key the current schema does not declare and decodes the rest with go-cty's JSON decoder, which needs an array for a list or set, an object for a map, a bool for a bool, a number (or numeric string) for a number. The check reads the keys each upgrade function reads and writes on the raw state, through locals, type assertions, [i] and range over block elements, and compares them with the schema of the upgrader's Type (facts: the builder the Type names, resolved like any SDK resource) and with the next version's schema (the next upgrader's Type, or the current schema after the last). Reported:

- UPGRADE-3: a read of a key the prior schema declares only at another level (a key of a block read at the top level): it yields nil on every state of that version and the upgrade silently does nothing. A key the prior schema declares nowhere is left alone: the raw state is not filtered by the Type, and such a Type is more often copied from a later version (scaleway's sqs queue v0 Type lists sqs_endpoint, the v0 state held endpoint) than the read is wrong. A key the function also writes at that level is taken as being added (if _, ok := raw[k]; !ok { raw[k] = d }) and left alone;
- UPGRADE-3: a Type that is the schema of one of the resource's blocks (none of its attributes at the current schema's top level, two thirds or more inside one block): its keys read at the top level of the raw state are nil, since the state holds the whole resource;
- UPGRADE-4: the last upgrader writing a key at a level where the current schema does not declare it but declares it at another (a block's key written at the top level): the SDK removes it, and the value the upgrade computed is lost. A key the current schema declares nowhere is left alone: usually an attribute removed since, a dead write;
- UPGRADE-4: an attribute that both the prior and the next schema declare, with JSON shapes the decoder cannot convert between (a map and a block, a string and a list, a number and a bool), which the upgrader never writes, deletes or hands on: decoding the upgraded state fails on every state that holds it. Strings are left alone (their text may convert);
- UPGRADE-4: an upgrader returning a map it made (make or a literal) without copying the raw state into it: every configurable attribute it does not write is dropped.

Left alone: upgraders whose Type is not a resource builder's ImpliedType (cty.EmptyObject, a literal cty.Object) or whose schema is incomplete at the level read, a Type with the current schema's attributes and types (it was not written to describe the older state), upgraders of another package, reads of maps the function made, and (for the retyped and dropped rules) upgraders that hand the state to another function, write or delete computed keys, or return another map. Corpus (12 providers with SDK upgraders, 27 ext providers): see CHANGELOG; development row R015 (auth0 strategy_version written at the top level, declared inside options) and mined row M33B01 (jamfpro: Type of a block) are found.`,
	Bad: `func upgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	// v0 and the current schema hold strategy_version inside the options block
	v, _ := raw["strategy_version"].(string)
	raw["strategy_version"], _ = strconv.Atoi(v)
	return raw, nil
}`,
	Good: `func upgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) {
	if l, ok := raw["options"].([]any); ok && len(l) > 0 {
		m := l[0].(map[string]any)
		if v, ok := m["strategy_version"].(string); ok {
			m["strategy_version"], _ = strconv.Atoi(v)
		}
	}
	return raw, nil
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "an SDK state upgrader that reads a raw-state key where its Type's schema declares it only at another level (or whose Type is one block's schema), that (last upgrader) writes a key where the current schema declares it only at another level, that leaves an attribute whose JSON shape changes between the versions untouched (map to block, number to bool), or that returns a new map dropping the state's other attributes",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
