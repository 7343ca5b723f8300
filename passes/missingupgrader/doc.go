// Package missingupgrader defines an Analyzer that reports: schema version without an upgrader for older state (SCHEMA-4, UPGRADE-3).
//
// See [Doc] for what it reports and why; docs/checks/missingupgrader.md is generated from it.
package missingupgrader

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "missingupgrader",
	Title: "Schema version without an upgrader for older state",
	Rules: []rules.ID{"SCHEMA-4", "UPGRADE-3"},
	Why: `When a resource's schema Version is N > 0, Terraform asks the provider to upgrade any state saved at an older version before it plans. The framework does not chain upgraders and fails with "Unable to Upgrade Resource State" when the saved version has none, so every user with older state is stuck until a new release.

Reported:

- framework: Version ≥ 2 without an UpgradeState method, or any Version > 0 whose UpgradeState map is empty. Not reported where nothing older can be in state: Version 1 without UpgradeState (a resource first released at 1 reads the same as a bump from 0), and a Version of 100 or more with no upgrader at all — a numbering convention for resources first released at it (e.g. 500), which no provider reaches one bump at a time. A resource bumped straight from 0 to 500 without an upgrader looks the same in code and is missed. Resources that take their Version from one package constant or one schema builder were versioned together: the ones released before the family reached that Version strand their state, those added since have none older, and only the release history tells them apart, so they get one finding that names them all;
- framework: no upgrader for version N-1 when the upgraders run up to N-2, or when one is keyed N (an off-by-one: keys name the prior version); a single version skipped between two upgraders. Larger jumps (0 → 500) are a convention for versions that never existed and are not reported;
- framework: an upgrader keyed above the current Version, or keyed by the current Version while every older one has its own (the framework hands state of the current version back without calling an upgrader): either never runs, and the Version bump it was written for was likely left out;
- framework (UPGRADE-3): an upgrader without PriorSchema whose function reads req.State, which is nil then; and an upgrader whose function reads req.State into a model whose tfsdk fields are not exactly the top-level attributes of the PriorSchema it declares (the current model reused, a v0 model missing a block the old schema had): the framework converts only between a struct and an object with the same attributes, so the Get fails on every state of that version;
- framework: at Version 0 nothing about upgraders is reported: every saved state is at 0 and passes through without any upgrader running;
- SDK: StateUpgraders with a gap, not ending at SchemaVersion-1, or with a version ≥ SchemaVersion. (State older than the first upgrader passes through unchanged, as for a resource with no upgraders at all, and is not reported: whether those versions had another shape is not in the code.)`,
	Bad: `resp.Schema = schema.Schema{Version: 2, Attributes: attrs}

func (r *R) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{}
}`,
	Good: `func (r *R) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	v0, v1 := schemaV0(ctx), schemaV1(ctx)
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: &v0, StateUpgrader: upgradeV0},
		1: {PriorSchema: &v1, StateUpgrader: upgradeV1},
	}
}`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a schema Version above 0 whose older state has no upgrader (framework: no UpgradeState, an empty map, a forgotten N-1, an off-by-one key; SDK: StateUpgraders with gaps or not ending at SchemaVersion-1); a framework upgrader without PriorSchema that reads `req.State`, or that reads it into a model whose fields are not its PriorSchema's attributes. Resources that share their Version through one constant or builder get one finding. Quiet where no older state can exist: no upgrader at all at a Version of 100 or more (a resource first released there, like cloudflare's 500), upgraders of a Version 0 schema",
}
