package upgradermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// UPGRADE-4: an upgrader that builds the current model from the prior one
// field by field must not leave out an attribute both versions hold.

func secretSchema() schema.Schema {
	return schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id":        schema.StringAttribute{Computed: true},
		"length":    schema.Int64Attribute{Required: true},
		"min_upper": schema.Int64Attribute{Optional: true, Computed: true},
		"numeric":   schema.BoolAttribute{Optional: true, Computed: true},
		"hash":      schema.StringAttribute{Computed: true},
	}}
}

var secretPrior = &schema.Schema{Attributes: map[string]schema.Attribute{
	"id":        schema.StringAttribute{Computed: true},
	"length":    schema.Int64Attribute{Required: true},
	"min_upper": schema.Int64Attribute{Optional: true, Computed: true},
	"number":    schema.BoolAttribute{Optional: true, Computed: true},
	"hash":      schema.StringAttribute{Computed: true},
}}

type secretV0 struct {
	ID       types.String `tfsdk:"id"`
	Length   types.Int64  `tfsdk:"length"`
	MinUpper types.Int64  `tfsdk:"min_upper"`
	Number   types.Bool   `tfsdk:"number"`
	Hash     types.String `tfsdk:"hash"`
}

type secretModel struct {
	ID       types.String `tfsdk:"id"`
	Length   types.Int64  `tfsdk:"length"`
	MinUpper types.Int64  `tfsdk:"min_upper"`
	Numeric  types.Bool   `tfsdk:"numeric"`
	Hash     types.String `tfsdk:"hash"`
}

type secretBase struct{ base }

func (secretBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = secretSchema()
}

// min_upper is in both versions and left out: the user's value is lost.
// hash, Computed only, is filled again by Read.
type secretDrops struct{ secretBase }

func (secretDrops) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: secretPrior, StateUpgrader: upgradeSecretDrops}}
}

func upgradeSecretDrops(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var prior secretV0
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	current := secretModel{ // want `UPGRADE-4: a state upgrader builds secretModel from the prior state's secretV0 but leaves out MinUpper \("min_upper"\), which secretV0 holds: .* the value the user had is lost`
		ID:      prior.ID,
		Length:  prior.Length,
		Numeric: prior.Number,
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, current)...)
}

// The twin: every attribute both versions hold is copied.
type secretKeeps struct{ secretBase }

func (secretKeeps) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: secretPrior, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		var prior secretV0
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		current := secretModel{
			ID:       prior.ID,
			Length:   prior.Length,
			MinUpper: prior.MinUpper,
			Numeric:  prior.Number,
		}
		resp.Diagnostics.Append(resp.State.Set(ctx, current)...)
	}}}
}

// The field is set after the literal: nothing is lost.
type secretSetsAfter struct{ secretBase }

func (secretSetsAfter) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: secretPrior, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		var prior secretV0
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		current := secretModel{ID: prior.ID, Length: prior.Length, Numeric: prior.Number}
		current.MinUpper = prior.MinUpper
		resp.Diagnostics.Append(resp.State.Set(ctx, current)...)
	}}}
}

// A field whose type changed between the versions is the upgrader's to
// convert (or drop): not reported.
type lengthV0 struct {
	ID       types.String `tfsdk:"id"`
	Length   types.String `tfsdk:"length"`
	MinUpper types.String `tfsdk:"min_upper"`
	Hash     types.String `tfsdk:"hash"`
}

type secretRetyped struct{ secretBase }

func (secretRetyped) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: secretPrior, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		var prior lengthV0
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		current := secretModel{ID: prior.ID, Hash: prior.Hash, Length: types.Int64Value(8)}
		resp.Diagnostics.Append(resp.State.Set(ctx, current)...)
	}}}
}

// The prior state decoded into a model that embeds the current one: the
// literal rebuilds the current model from itself, nothing prior is lost.
type secretEnvelope struct {
	secretModel
	Note types.String `tfsdk:"note"`
}

type secretFromEnvelope struct{ secretBase }

func (secretFromEnvelope) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: secretPrior, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		var old secretEnvelope
		resp.Diagnostics.Append(req.State.Get(ctx, &old)...)
		current := secretModel{ID: old.ID, Length: old.Length, Numeric: old.Numeric}
		resp.Diagnostics.Append(resp.State.Set(ctx, current)...)
	}}}
}
