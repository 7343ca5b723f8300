package unguardedunknown

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Closures reading the configuration at the path they are handed: the
// path names the value, which may be unknown; an error added through a
// closure (addErr) rejects the configuration like AddAttributeError.

type routeResource struct{}

func (r *routeResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	addErr := func(p path.Path, summary, detail string) {
		resp.Diagnostics.Append(diag.NewAttributeErrorDiagnostic(p, summary, detail))
	}
	// objectSet counts an unknown object as not set.
	objectSet := func(p path.Path) bool {
		var v types.Object
		if d := req.Config.GetAttribute(ctx, p, &v); d.HasError() {
			return false
		}
		return !v.IsNull() && !v.IsUnknown()
	}
	// objectMissing waits for the value.
	objectMissing := func(p path.Path) bool {
		var v types.Object
		if d := req.Config.GetAttribute(ctx, p, &v); d.HasError() {
			return false
		}
		return !v.IsUnknown() && v.IsNull()
	}
	// The mode is chosen by whether grouping is set: an unknown grouping
	// takes the mode that demands a template.
	if objectSet(path.Root("grouping")) { // want `VALIDATE-1: ValidateConfig hands the value at "grouping" to ValidateConfig\$2, which answers false while the value is unknown`
		if objectSet(path.Root("template")) {
			addErr(path.Root("template"), "Invalid attribute combination", "template can't be used with grouping")
		}
	} else if objectMissing(path.Root("template")) {
		addErr(path.Root("template"), "Missing required attribute", "template is required without grouping")
	}
}

type routeGuardedResource struct{}

// ValidateConfig: the same mode choice, skipped while grouping is unknown.
func (r *routeGuardedResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	addErr := func(p path.Path, summary, detail string) {
		resp.Diagnostics.Append(diag.NewAttributeErrorDiagnostic(p, summary, detail))
	}
	objectSet := func(p path.Path) bool {
		var v types.Object
		if d := req.Config.GetAttribute(ctx, p, &v); d.HasError() {
			return false
		}
		return !v.IsNull() && !v.IsUnknown()
	}
	objectMissing := func(p path.Path) bool {
		var v types.Object
		if d := req.Config.GetAttribute(ctx, p, &v); d.HasError() {
			return false
		}
		return !v.IsUnknown() && v.IsNull()
	}
	var grouping types.Object
	if d := req.Config.GetAttribute(ctx, path.Root("grouping"), &grouping); !d.HasError() && grouping.IsUnknown() {
		return
	}
	if objectSet(path.Root("grouping")) {
		if objectSet(path.Root("template")) {
			addErr(path.Root("template"), "Invalid attribute combination", "template can't be used with grouping")
		}
	} else if objectMissing(path.Root("template")) {
		addErr(path.Root("template"), "Missing required attribute", "template is required without grouping")
	}
}

// presentAt: a package function handed the request and a path; an
// unknown value counts as present, so it decides nothing against the user.
func presentAt(ctx context.Context, req resource.ValidateConfigRequest, p path.Path) bool {
	var v types.String
	if d := req.Config.GetAttribute(ctx, p, &v); d.HasError() {
		return false
	}
	return !v.IsNull()
}

type routeWaitingResource struct{}

func (r *routeWaitingResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if !presentAt(ctx, req, path.Root("name")) {
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Missing name", "name is required")
	}
}
