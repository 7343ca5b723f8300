// Package nativeconfig defines an Analyzer that reports a framework
// ValidateConfig, ModifyPlan, config validator or plan modifier reading the
// configuration or plan into Go types that cannot hold an unknown value
// (VALIDATE-1).
//
// See [Doc] for what it reports and why; docs/checks/nativeconfig.md is generated from it.
package nativeconfig

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "nativeconfig",
	Title: "The configuration read at plan time into Go types that cannot hold an unknown value",
	Rules: []rules.ID{"VALIDATE-1"},
	Why: `While Terraform validates and plans, a configured value may still be unknown: it comes from another resource's attribute, a module output, or a dynamic block over a collection known only after apply. The framework decodes req.Config and req.Plan by reflection, and a Go type that is not one of its value types (string, *string, []T, map[string]T, a plain struct) has no way to say "unknown": Get and GetAttribute then fail with "Value Conversion Error ... Received unknown value, however the target type cannot handle unknown values". The provider rejects a valid configuration, and only when it is written with references, which tests with literal values never show.

The check looks at ValidateConfig, ModifyPlan and the other methods of a framework resource (or data source) that receive a plan-time request (a ValidateConfigRequest, ModifyPlanRequest, validator or plan modifier request), at each req.Config or req.Plan Get into a model struct and each GetAttribute of path.Root("name"). It reports the read when a field bound to a configurable attribute of that resource's schema (Required or Optional) or to a list or set block, or the GetAttribute target, has such a Go type. A block counts because Terraform sends a block written as ` + "`dynamic \"rule\" { for_each = ... }`" + ` over a collection known only after apply as one unknown collection: a block decoded into []ruleModel fails the same way, and maintainers fixed exactly that (a set block read into a slice by ValidateConfig, a list block by ValidateConfig and ModifyPlan, in two providers). Computed-only attributes (null in the configuration), single blocks (a dynamic single block is rare), custom types implementing the framework's value interface, reads in Create, Update and Read (where every configured value is known), and attributes the function first reads with GetAttribute into a framework value and asks IsUnknown() (returning early on an unknown) are left alone. When one function decodes the same attribute twice (the plan, then the configuration), only the first decode is reported: it fails first, and the second is unreachable on an unknown or the same defect.

Opt-in for now: on the corpus it reported 11 reads (ModifyPlan and ValidateConfig of five providers), each of a nested or collection attribute decoded into a pointer, slice or struct, all of which fail as described when the attribute is unknown; a sample under 20 is not enough to make it a default. On a real-bug row's file it also reported a ValidateConfig that returns on an unknown settings object before decoding it; the IsUnknown() rule above came from that.`,
	Bad: `type itemModel struct {
	Sections map[string]sectionModel ` + "`tfsdk:\"section_map\"`" + ` // a MapNestedAttribute
}

func (r *itemResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config itemModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...) // fails when section_map comes from another resource
}`,
	Good: `type itemConfig struct {
	Sections types.Map ` + "`tfsdk:\"section_map\"`" + `
}
// ...
if config.Sections.IsUnknown() {
	return // decided later, with known values
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a framework ValidateConfig, ModifyPlan or other plan-time method decoding `req.Config`/`req.Plan` into a struct whose field for a configurable attribute (or a `GetAttribute` target) is a Go type (string, *string, slice, map, struct) that cannot hold an unknown value: the provider rejects configurations written with references",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
