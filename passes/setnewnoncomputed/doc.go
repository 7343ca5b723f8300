// Package setnewnoncomputed defines an Analyzer that reports SDK
// CustomizeDiff code planning a value for a key the SDK refuses to plan:
// one that is not Computed, nested, or not in the schema (PLAN-2).
//
// See [Doc] for what it reports and why; docs/checks/setnewnoncomputed.md is generated from it.
package setnewnoncomputed

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "setnewnoncomputed",
	Title: "CustomizeDiff plans a value for an attribute that is not Computed",
	Rules: []rules.ID{"PLAN-2"},
	Why: `A provider may only plan its own value for an attribute it computes: for an attribute that is not Computed, the plan must keep what the configuration says (null when unset). The SDK enforces this in CustomizeDiff: d.SetNew, d.SetNewComputed and d.Clear fail with "only operates on computed keys" for an attribute that is not Computed, and SetNew/SetNewComputed fail with "invalid key" for a nested key ("block.0.name") or a key not in the schema. The error surfaces only when that line runs, often on one rare path, and then nobody can plan.

This check follows the functions named in a resource's CustomizeDiff (customdiff.All and other combinators, function factories, function literals, and package functions handed the *schema.ResourceDiff) and reports these calls with a constant key that the resource's schema does not allow, and customdiff.ComputedIf("k", ...) — which calls d.SetNewComputed("k") when its condition holds — on a key of the schema that is not Computed, or nested. Mark the attribute Computed (Optional+Computed if users may set it), or plan a top-level Computed attribute.`,
	Bad: `"size": {Type: schema.TypeInt, Optional: true},
...
CustomizeDiff: func(ctx context.Context, d *schema.ResourceDiff, _ any) error {
	if d.Get("tier") == "free" {
		return d.SetNew("size", 1)
	}
	return nil
},`,
	Good:     `"size": {Type: schema.TypeInt, Optional: true, Computed: true},`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "SDK CustomizeDiff calling `d.SetNew`/`d.SetNewComputed`/`d.Clear` (or `customdiff.ComputedIf`) with a key the SDK refuses at plan time: not Computed, nested, or not in the schema",
}
