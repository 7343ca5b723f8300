// Package missingupgrader defines an Analyzer that reports schema versions
// whose older state cannot be upgraded.
//
// # Analyzer missingupgrader
//
// missingupgrader: schema version without an upgrader for older state (SCHEMA-4, UPGRADE-3)
//
// When a resource's schema Version is N > 0, Terraform asks the provider to
// upgrade any state saved at an older version. The framework does not chain
// upgraders and errors when the saved version has none ("Unable to Upgrade
// Resource State"), so every user with older state is stuck. Reported:
//
//   - framework: Version ≥ 2 without an UpgradeState method (a resource first
//     released at Version 1, common in some providers, has no older state, and
//     the code cannot tell it from a bump from 0), or any Version > 0 with an
//     UpgradeState map that is empty;
//   - framework: no upgrader for version N-1 when the upgraders run up to N-2
//     (or are keyed N, an off-by-one: upgraders are keyed by the prior
//     version); a single version skipped between two upgraders. Larger jumps
//     (0 → 500) are a convention for versions that never existed and are not
//     reported;
//   - framework: an upgrader keyed above the current version, which can never run;
//   - framework (UPGRADE-3): an upgrader without PriorSchema whose function
//     reads req.State, which is nil then;
//   - SDK: StateUpgraders with a gap, not ending at SchemaVersion-1, with a
//     version ≥ SchemaVersion, or starting above 0 without MigrateState.
//
// Bad:
//
//	resp.Schema = schema.Schema{Version: 1, ...}
//	func (r *R) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
//		return map[int64]resource.StateUpgrader{}
//	}
//
// Good:
//
//	return map[int64]resource.StateUpgrader{
//		0: {PriorSchema: &v0, StateUpgrader: upgradeV0},
//	}
package missingupgrader
