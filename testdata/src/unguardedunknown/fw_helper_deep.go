package unguardedunknown

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A helper two calls deep, whose answer also depends on other inputs: the
// unknown decides only the last return, and there it answers "policy
// applies" where a known empty set would answer "it does not".

// zonesUnset counts an unknown set as set (false: "not unset").
func zonesUnset(ctx context.Context, s types.Set) (bool, diag.Diagnostics) {
	if s.IsNull() {
		return true, nil
	}
	if s.IsUnknown() {
		return false, nil // evidence: zonesUnset answers false here
	}
	return len(s.Elements()) == 0, nil
}

// zonesUnsetWaiting counts an unknown set as unset: the policy waits.
func zonesUnsetWaiting(ctx context.Context, s types.Set) (bool, diag.Diagnostics) {
	if s.IsNull() || s.IsUnknown() {
		return true, nil
	}
	return len(s.Elements()) == 0, nil
}

func policyApplies(ctx context.Context, zones types.Set, allZones, public bool) (bool, diag.Diagnostics) {
	if !public {
		return false, nil
	}
	unset, diags := zonesUnset(ctx, zones)
	if diags.HasError() {
		return false, diags
	}
	return allZones || !unset, nil // evidence: policyApplies answers true here
}

func policyAppliesWaiting(ctx context.Context, zones types.Set, allZones, public bool) (bool, diag.Diagnostics) {
	if !public {
		return false, nil
	}
	unset, diags := zonesUnsetWaiting(ctx, zones)
	if diags.HasError() {
		return false, diags
	}
	return allZones || !unset, nil
}

type zonedModel struct {
	Zones  types.Set  `tfsdk:"zones"`
	Public types.Bool `tfsdk:"public"`
}

type zonedResource struct{}

func (r *zonedResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan zonedModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	applies, diags := policyApplies(ctx, plan.Zones, false, plan.Public.ValueBool()) // want `VALIDATE-1: ModifyPlan hands "zones" to policyApplies, which answers true while the value is unknown`
	resp.Diagnostics.Append(diags...)
	if !applies {
		return
	}
	resp.Diagnostics.AddAttributeError(path.Root("public"), "Policy", "public zoned resources must be private")
}

type zonedWaitingResource struct{}

// ModifyPlan: the inner helper waits for the value.
func (r *zonedWaitingResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan zonedModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	applies, diags := policyAppliesWaiting(ctx, plan.Zones, false, plan.Public.ValueBool())
	resp.Diagnostics.Append(diags...)
	if !applies {
		return
	}
	resp.Diagnostics.AddAttributeError(path.Root("public"), "Policy", "public zoned resources must be private")
}

type zonedGuardedResource struct{}

// ModifyPlan: the caller skips the policy while the set is unknown.
func (r *zonedGuardedResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan zonedModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() || plan.Zones.IsUnknown() {
		return
	}
	applies, diags := policyApplies(ctx, plan.Zones, false, plan.Public.ValueBool())
	resp.Diagnostics.Append(diags...)
	if !applies {
		return
	}
	resp.Diagnostics.AddAttributeError(path.Root("public"), "Policy", "public zoned resources must be private")
}
