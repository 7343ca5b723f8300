package unguardedunknown

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Helpers that reduce a configured value to "is it set": the unknown taken
// for unset (or for set) decides the error as the inline tests would.

// isSet takes an unknown for "not set".
func isSet(v types.String) bool {
	return !v.IsNull() && !v.IsUnknown() && v.ValueString() != ""
}

// isKnownSet waits for the value: unknown counts as set.
func isKnownSet(v types.String) bool {
	return !v.IsNull()
}

// setIsEmpty answers with diagnostics too; an unknown set is "not empty".
func setIsEmpty(ctx context.Context, s types.Set) (bool, diag.Diagnostics) {
	if s.IsNull() {
		return true, nil
	}
	if s.IsUnknown() {
		return false, nil
	}
	return len(s.Elements()) == 0, nil
}

type vaultModel struct {
	Address types.String `tfsdk:"address"`
	KeyFile types.String `tfsdk:"key_file"`
	Targets types.Set    `tfsdk:"targets"`
	Dev     types.Bool   `tfsdk:"dev"`
	Token   types.String `tfsdk:"token"`
	Region  types.String `tfsdk:"region"`
}

// hasRegion: a value receiver; an unknown region counts as missing.
func (m vaultModel) hasRegion() bool {
	return !m.Region.IsNull() && !m.Region.IsUnknown()
}

// regionGiven: an unknown region counts as given.
func (m vaultModel) regionGiven() bool {
	return !m.Region.IsNull()
}

// hasToken: a method of the model, an unknown token counts as missing.
func (m *vaultModel) hasToken() bool {
	return !m.Token.IsNull() && !m.Token.IsUnknown()
}

// tokenGiven: an unknown token counts as given.
func (m *vaultModel) tokenGiven() bool {
	return !m.Token.IsNull()
}

type vaultResource struct{}

func (r *vaultResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_vault"
}

func (r *vaultResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"address":  schema.StringAttribute{Optional: true, Validators: []validator.String{hostValidator{}}},
		"key_file": schema.StringAttribute{Optional: true},
		"targets":  schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"dev":      schema.BoolAttribute{Optional: true},
		"token":    schema.StringAttribute{Optional: true},
		"region":   schema.StringAttribute{Optional: true},
	}}
}

func (r *vaultResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg vaultModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// An address from another resource is unknown: isSet says "not set".
	if !isSet(cfg.Address) && cfg.KeyFile.IsNull() { // want `VALIDATE-1: ValidateConfig hands "address" to isSet, which answers false while the value is unknown`
		resp.Diagnostics.AddAttributeError(path.Root("address"), "Missing address", "one of address or key_file is required")
	}
	// A method of the model, reading its own field.
	if !cfg.hasToken() { // want `VALIDATE-1: ValidateConfig hands "token" to hasToken, which answers false while the value is unknown`
		resp.Diagnostics.AddAttributeError(path.Root("token"), "Missing token", "token is required")
	}
	if !cfg.hasRegion() { // want `VALIDATE-1: ValidateConfig hands "region" to hasRegion, which answers false while the value is unknown`
		resp.Diagnostics.AddAttributeError(path.Root("region"), "Missing region", "region is required")
	}
	// A closure works the same way.
	present := func(v types.String) bool { return !v.IsNull() && !v.IsUnknown() }
	if !present(cfg.KeyFile) { // want `VALIDATE-1: ValidateConfig hands "key_file" to ValidateConfig\$1, which answers false while the value is unknown`
		resp.Diagnostics.AddAttributeError(path.Root("key_file"), "Missing key_file", "key_file is required")
	}
	// Two results: the first is the answer.
	empty, diags := setIsEmpty(ctx, cfg.Targets) // want `VALIDATE-1: ValidateConfig hands "targets" to setIsEmpty, which answers false while the value is unknown`
	resp.Diagnostics.Append(diags...)
	if !empty && !cfg.Dev.IsNull() && !cfg.Dev.IsUnknown() && cfg.Dev.ValueBool() {
		resp.Diagnostics.AddAttributeError(path.Root("targets"), "Targets with dev", "dev vaults take no targets")
	}
}

type vaultGuardedResource struct{}

func (r *vaultGuardedResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_vault_guarded"
}

func (r *vaultGuardedResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"address":  schema.StringAttribute{Optional: true},
		"key_file": schema.StringAttribute{Optional: true},
		"targets":  schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"dev":      schema.BoolAttribute{Optional: true},
		"token":    schema.StringAttribute{Optional: true},
	}}
}

// ValidateConfig: the same decisions, each waiting for the value.
func (r *vaultGuardedResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var cfg vaultModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// isKnownSet takes an unknown for set: no error while it is unknown.
	if !isKnownSet(cfg.Address) && cfg.KeyFile.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("address"), "Missing address", "one of address or key_file is required")
	}
	if !cfg.tokenGiven() {
		resp.Diagnostics.AddAttributeError(path.Root("token"), "Missing token", "token is required")
	}
	if !cfg.regionGiven() {
		resp.Diagnostics.AddAttributeError(path.Root("region"), "Missing region", "region is required")
	}
	if cfg.KeyFile.IsUnknown() {
		return
	}
	present := func(v types.String) bool { return !v.IsNull() && !v.IsUnknown() }
	if !present(cfg.KeyFile) {
		resp.Diagnostics.AddAttributeError(path.Root("key_file"), "Missing key_file", "key_file is required")
	}
}

// hostValidator: a helper handed req.ConfigValue.
type hostValidator struct{}

func (hostValidator) Description(context.Context) string         { return "host" }
func (hostValidator) MarkdownDescription(context.Context) string { return "host" }
func (hostValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	if !isSet(req.ConfigValue) { // want `VALIDATE-1: ValidateString hands the attribute's value to isSet, which answers false while the value is unknown`
		resp.Diagnostics.AddAttributeError(req.Path, "Empty host", "the host must not be empty")
	}
}
