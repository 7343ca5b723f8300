package unguardedunknown

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/unguardedunknown/attribute"
	"fixtures/unguardedunknown/platform"
)

// The attributes of an object and the elements of a collection are
// configured values too: { role = aws_x.y.name } is a known object whose
// role is unknown, [var.a, aws_x.y.id] a known list with an unknown
// element. They read as zero while unknown, like the value holding them.

type rolesValidator struct{}

func (rolesValidator) Description(context.Context) string         { return "roles" }
func (rolesValidator) MarkdownDescription(context.Context) string { return "roles" }

func (rolesValidator) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for key, value := range req.ConfigValue.Elements() {
		obj, ok := value.(types.Object)
		if !ok || obj.IsNull() || obj.IsUnknown() {
			continue
		}
		role := obj.Attributes()["role"]
		group := obj.Attributes()["group"]
		if (role.IsNull() || role.IsUnknown()) && (group.IsNull() || group.IsUnknown()) { // want `VALIDATE-1: ValidateMap takes "role" as not set when it is unknown` `VALIDATE-1: ValidateMap adds an error when "group" is unknown`
			resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(key), "roles", "one of role or group is required")
		}
	}
}

// The fix: skip the element while either value is unknown.
type rolesValidatorOK struct{}

func (rolesValidatorOK) Description(context.Context) string         { return "roles" }
func (rolesValidatorOK) MarkdownDescription(context.Context) string { return "roles" }

func (rolesValidatorOK) ValidateMap(ctx context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for key, value := range req.ConfigValue.Elements() {
		obj, ok := value.(types.Object)
		if !ok || obj.IsNull() || obj.IsUnknown() {
			continue
		}
		role := obj.Attributes()["role"]
		group := obj.Attributes()["group"]
		if role.IsUnknown() || group.IsUnknown() {
			continue
		}
		if role.IsNull() && group.IsNull() {
			resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(key), "roles", "one of role or group is required")
		}
	}
}

type windowValidator struct{}

func (windowValidator) Description(context.Context) string         { return "window" }
func (windowValidator) MarkdownDescription(context.Context) string { return "window" }

func (windowValidator) ValidateObject(ctx context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	attrs := req.ConfigValue.Attributes()
	if days, ok := attrs["days"].(types.Int64); ok && !days.IsNull() && days.ValueInt64() < 1 { // want `VALIDATE-1: ValidateObject reads "days" with ValueInt64\(\)`
		resp.Diagnostics.AddAttributeError(req.Path, "days", "at least 1")
	}
	if hours, ok := attrs["hours"].(types.Int64); ok && !hours.IsNull() && !hours.IsUnknown() && hours.ValueInt64() < 1 { // asked first: fine
		resp.Diagnostics.AddAttributeError(req.Path, "hours", "at least 1")
	}
}

type portsValidator struct{}

func (portsValidator) Description(context.Context) string         { return "ports" }
func (portsValidator) MarkdownDescription(context.Context) string { return "ports" }

func (portsValidator) ValidateList(ctx context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for i, e := range req.ConfigValue.Elements() {
		s, ok := e.(types.String)
		if !ok || s.IsNull() {
			continue
		}
		if _, err := strconv.Atoi(s.ValueString()); err != nil { // want `VALIDATE-1: ValidateList passes an element of the collection, read with ValueString\(\), to strconv.Atoi`
			resp.Diagnostics.AddAttributeError(req.Path.AtListIndex(i), "ports", "not a number")
		}
	}
}

// The fix: an unknown element is skipped.
type portsValidatorOK struct{}

func (portsValidatorOK) Description(context.Context) string         { return "ports" }
func (portsValidatorOK) MarkdownDescription(context.Context) string { return "ports" }

func (portsValidatorOK) ValidateList(ctx context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for i, e := range req.ConfigValue.Elements() {
		s, ok := e.(types.String)
		if !ok || s.IsNull() || s.IsUnknown() {
			continue
		}
		if _, err := strconv.Atoi(s.ValueString()); err != nil {
			resp.Diagnostics.AddAttributeError(req.Path.AtListIndex(i), "ports", "not a number")
		}
	}
}

// A collection decoded into a slice of models: each element's fields are
// configured values, unknown where the element's attributes are.

type ruleModel struct {
	Port  types.String `tfsdk:"port"`
	Proto types.String `tfsdk:"proto"`
}

type firewallModel struct {
	Rules types.List `tfsdk:"rules"`
}

type firewallResource struct{}

func (r *firewallResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg firewallModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.Rules.IsUnknown() {
		return
	}
	var rules []ruleModel
	resp.Diagnostics.Append(cfg.Rules.ElementsAs(ctx, &rules, false)...)
	if resp.Diagnostics.HasError() {
		return
	}
	for i, rule := range rules {
		if _, err := strconv.Atoi(rule.Port.ValueString()); err != nil { // want `VALIDATE-1: ValidateConfig passes "port", read with ValueString\(\), to strconv.Atoi`
			resp.Diagnostics.AddAttributeError(path.Root("rules").AtListIndex(i), "port", "not a number")
		}
		if rule.Proto.IsUnknown() {
			continue
		}
		if _, err := strconv.Atoi(rule.Proto.ValueString()); err != nil { // asked first: fine
			resp.Diagnostics.AddAttributeError(path.Root("rules").AtListIndex(i), "proto", "not a number")
		}
	}
}

// A parser declared in another package (an API client's enum) that fails
// on "" fails on an unknown value too.

type switchModel struct {
	Platform types.String `tfsdk:"platform"`
	Fallback types.String `tfsdk:"fallback"`
}

type switchResource struct{}

func (r *switchResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg switchModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	var os platform.OS
	if err := os.FromString(cfg.Platform.ValueString()); err != nil { // want `VALIDATE-1: ValidateConfig passes "platform", read with ValueString\(\), to platform.FromString`
		resp.Diagnostics.AddAttributeError(path.Root("platform"), "platform", err.Error())
	}
	// A parser that takes "" for a default decides nothing against an unknown.
	if err := os.FromStringOrDefault(cfg.Fallback.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("fallback"), "fallback", err.Error())
	}
}

// A guard written in a helper of another package counts like the tests it
// holds: IsDefined answers false for an unknown value.

type bridgeModel struct {
	Vids      types.String `tfsdk:"vids"`
	VlanAware types.Bool   `tfsdk:"vlan_aware"`
}

type bridgeResource struct{}

func (r *bridgeResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg bridgeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if attribute.IsDefined(cfg.Vids) && !cfg.VlanAware.ValueBool() { // want `VALIDATE-1: ValidateConfig reads "vlan_aware" with ValueBool\(\)`
		resp.Diagnostics.AddAttributeError(path.Root("vids"), "vids", "requires vlan_aware = true")
	}
}

type bridgeResourceOK struct{}

func (r *bridgeResourceOK) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg bridgeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if attribute.IsDefined(cfg.Vids) && attribute.IsDefined(cfg.VlanAware) && !cfg.VlanAware.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("vids"), "vids", "requires vlan_aware = true")
	}
}
