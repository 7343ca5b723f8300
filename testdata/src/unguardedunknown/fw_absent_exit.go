package unguardedunknown

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// An early success exit taken only when a value is set and known: the
// unknown skips it and meets the tests after it, which a known true value
// never reaches — even though a known false value reaches them too.

type targetsModel struct {
	Targets    types.Set  `tfsdk:"targets"`
	AllTargets types.Bool `tfsdk:"all_targets"`
}

type targetsResource struct{}

func (r *targetsResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg targetsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !cfg.AllTargets.IsNull() && !cfg.AllTargets.IsUnknown() && cfg.AllTargets.ValueBool() { // want `VALIDATE-1: ValidateConfig takes "all_targets" as not set when it is unknown`
		return
	}
	if cfg.Targets.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("targets"), "Missing required attribute", "targets is required unless all_targets is true")
	}
}

type targetsGuardedResource struct{}

// ValidateConfig: skipped while all_targets is unknown.
func (r *targetsGuardedResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg targetsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.AllTargets.IsUnknown() {
		return
	}
	if !cfg.AllTargets.IsNull() && !cfg.AllTargets.IsUnknown() && cfg.AllTargets.ValueBool() {
		return
	}
	if cfg.Targets.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("targets"), "Missing required attribute", "targets is required unless all_targets is true")
	}
}

type targetsCheckedResource struct{}

// ValidateConfig: the set value is checked and the way goes on alike; an
// unknown skips only the check, and no exit is lost.
func (r *targetsCheckedResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg targetsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !cfg.AllTargets.IsNull() && !cfg.AllTargets.IsUnknown() && cfg.AllTargets.ValueBool() {
		resp.Diagnostics.AddWarning("all targets", "all targets are used")
	}
	if cfg.Targets.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("targets"), "Missing required attribute", "targets is required")
	}
}

type targetsDiagsResource struct{}

// ValidateConfig: the set way's only early return leaves after an error
// (HasError), which is no success the unknown misses.
func (r *targetsDiagsResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg targetsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !cfg.Targets.IsNull() && !cfg.Targets.IsUnknown() {
		var targets []string
		resp.Diagnostics.Append(cfg.Targets.ElementsAs(ctx, &targets, false)...)
		if resp.Diagnostics.HasError() {
			return
		}
	}
	if cfg.AllTargets.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("all_targets"), "Missing required attribute", "all_targets is required")
	}
}
