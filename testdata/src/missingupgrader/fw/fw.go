package fw

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/base"
)

// Version bumped, no UpgradeState at all.
type noUpgrader struct{ base.Resource }

func (noUpgrader) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version: 2, // want `SCHEMA-4: noUpgrader has schema Version 2 but no UpgradeState method`
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true},
		},
	}
}

// clevercloud_python's shape: the version was bumped and the map stayed empty.
type emptyMap struct{ base.Resource }

func (emptyMap) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = emptySchema()
}

func emptySchema() schema.Schema {
	return schema.Schema{
		Version:    2, // want `SCHEMA-4: emptyMap has schema Version 2 but an UpgradeState that returns no upgrader`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

func (emptyMap) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{}
}

// Safe: cloudflare's generated resources first released at Version 500 carry
// an empty map; no state below 500 exists. (A resource bumped from 0 to 500
// with the same code is missed: the code cannot tell the two apart.)
type bornAt500 struct{ base.Resource }

func (bornAt500) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 500, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (bornAt500) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{}
}

// Safe: the same without an UpgradeState method.
type bornAt500NoMethod struct{ base.Resource }

func (bornAt500NoMethod) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 500, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

// Safe: cloudflare's magic_wan shape — the served schema is Version 0, so
// every saved state is at 0, which the framework passes through: the
// upgraders keyed 0 and 1 never run and nothing can break.
type servedAtZero struct{ base.Resource }

func (servedAtZero) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (servedAtZero) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: readsState},
		1: {StateUpgrader: upgradeRaw},
	}
}

// A resource born at 500 that later bumps to 501 still needs an upgrader for 500.
type bumpedFrom500 struct{ base.Resource }

func (bumpedFrom500) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    501, // want `SCHEMA-4: bumpedFrom500 has schema Version 501 but no upgrader for version 500`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

func (bumpedFrom500) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	v := schema.Schema{}
	return map[int64]resource.StateUpgrader{
		0:   {PriorSchema: &v, StateUpgrader: upgradeRaw},
		499: {PriorSchema: &v, StateUpgrader: upgradeRaw},
	}
}

// Safe: the E01 fix, a pass-through upgrader for the only version that existed.
type jumpWithZero struct{ base.Resource }

func (jumpWithZero) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 500, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (jumpWithZero) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	target := schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
	return map[int64]resource.StateUpgrader{
		0: {
			PriorSchema: &target,
			StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
				resp.State.Raw = req.State.Raw
			},
		},
	}
}

// Version bumped from 2 to 3 and the new upgrader forgotten.
type forgotLast struct{ base.Resource }

func (forgotLast) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    3, // want `SCHEMA-4: forgotLast has schema Version 3 but no upgrader for version 2: on state saved there Terraform fails with "Unable to Upgrade Resource State"$`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

func (forgotLast) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	v0 := schema.Schema{}
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: &v0, StateUpgrader: upgradeRaw},
		1: {PriorSchema: &v0, StateUpgrader: upgradeRaw},
	}
}

// Off by one: upgraders keyed by the target version instead of the prior one.
type keyedByTarget struct{ base.Resource }

func (keyedByTarget) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:    1, // want `SCHEMA-4: keyedByTarget has schema Version 1 but no upgrader for version 0: .*; the upgrader keyed 1 is keyed by the current version`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

func (keyedByTarget) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		1: {StateUpgrader: upgradeRaw},
	}
}

// An upgrader above the current version can never run; one without
// PriorSchema that reads req.State dereferences nil (UPGRADE-3).
type futureAndNilPrior struct{ base.Resource }

func (futureAndNilPrior) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (futureAndNilPrior) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	m := map[int64]resource.StateUpgrader{
		0: {StateUpgrader: readsState}, // want `UPGRADE-3: futureAndNilPrior: upgrader for version 0 reads req.State but sets no PriorSchema`
	}
	m[2] = resource.StateUpgrader{StateUpgrader: upgradeRaw} // want `SCHEMA-4: futureAndNilPrior: upgrader for version 2 is above the schema Version 1`
	return m
}

func readsState(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var id string
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, pathID, &id)...)
}

// Safe: without PriorSchema, reading RawState is the documented way.
func upgradeRaw(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	_ = req.RawState
}

// Safe: random_string's shape — key equal to the current version is dead but harmless,
// and version 0 was never released under this schema.
type randomStringShape struct{ base.Resource }

func (randomStringShape) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 2, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (randomStringShape) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	v1, v2 := schema.Schema{}, schema.Schema{}
	return map[int64]resource.StateUpgrader{
		1: {PriorSchema: &v1, StateUpgrader: upgradeRaw},
		2: {PriorSchema: &v2, StateUpgrader: upgradeRaw},
	}
}

// Safe: an UpgradeState map built in a way the model cannot follow stays quiet.
type dynamicUpgraders struct{ base.Resource }

func (dynamicUpgraders) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 4, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (dynamicUpgraders) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	m := map[int64]resource.StateUpgrader{}
	for v := int64(0); v < 4; v++ {
		m[v] = resource.StateUpgrader{StateUpgrader: upgradeRaw}
	}
	return m
}

// Safe: version 0 needs nothing.
type versionZero struct{ base.Resource }

func (versionZero) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

// Suppressed with a reason.
type suppressed struct{ base.Resource }

func (suppressed) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		//lintignore:missingupgrader versions 0 and 1 predate any release
		Version:    2,
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

// Safe: a resource born at Version 1 (tfe's idiom) has no older state.
type bornAtOne struct{ base.Resource }

func (bornAtOne) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

// A directive without a reason is itself reported and suppresses nothing.
type noReason struct{ base.Resource }

func (noReason) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		//lintignore:missingupgrader // want `//lintignore:missingupgrader needs a reason`
		Version:    2, // want `SCHEMA-4: noReason has schema Version 2 but no UpgradeState method`
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

// A schema helper shared by two resources, each passing its own version: the
// finding is reported at the argument that names the version.
func versionedSchema(version int64) schema.Schema {
	return schema.Schema{
		Version:    version,
		Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}},
	}
}

type sharedV2 struct{ base.Resource }

func (sharedV2) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = versionedSchema(2) // want `SCHEMA-4: sharedV2 has schema Version 2 but no UpgradeState method`
}

type sharedV0 struct{ base.Resource }

func (sharedV0) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = versionedSchema(0)
}

var (
	_ resource.Resource = sharedV2{}
	_ resource.Resource = sharedV0{}
)

// The prior state read into models: the current one (an attribute the
// PriorSchema lacks) is a bug, one mirroring the PriorSchema is fine.
type machineV0 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

type machineV1 struct {
	ID       types.String `tfsdk:"id"`
	Name     types.String `tfsdk:"name"`
	Timeouts types.Object `tfsdk:"timeouts"`
}

func machinePriorSchema() *schema.Schema {
	return &schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
}

type machine struct{ base.Resource }

func (machine) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version: 2,
		Attributes: map[string]schema.Attribute{
			"id":       schema.StringAttribute{Computed: true},
			"name":     schema.StringAttribute{Required: true},
			"timeouts": schema.ObjectAttribute{Optional: true, AttributeTypes: map[string]attr.Type{"create": types.StringType}},
		},
	}
}

func (machine) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: machinePriorSchema(), StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var prior machineV1
			resp.Diagnostics.Append(req.State.Get(ctx, &prior)...) // want `UPGRADE-3: machine: the upgrader for version 0 reads req.State into machineV1, but its fields "timeouts" are not in the PriorSchema`
			resp.Diagnostics.Append(resp.State.Set(ctx, prior)...)
		}},
		1: {PriorSchema: machinePriorSchema(), StateUpgrader: upgradeMachineV1},
	}
}

func upgradeMachineV1(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var prior machineV0
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, machineV1{ID: prior.ID, Name: prior.Name, Timeouts: types.ObjectNull(map[string]attr.Type{"create": types.StringType})})...)
}

var _ resource.Resource = machine{}

// A nested model of the current version reused for the prior state's block.
type ownerV0 struct {
	TeamID types.String `tfsdk:"team_id"`
}

type ownerV1 struct {
	TeamID types.String `tfsdk:"team_id"`
	OrgID  types.String `tfsdk:"org_id"`
}

type keyV0 struct {
	ID    types.String `tfsdk:"id"`
	Owner *ownerV1     `tfsdk:"owner"`
}

type keyV0Right struct {
	ID    types.String `tfsdk:"id"`
	Owner *ownerV0     `tfsdk:"owner"`
}

func keyPriorSchema() *schema.Schema {
	return &schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"owner": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"team_id": schema.StringAttribute{Optional: true},
		}},
	}}
}

type apiKey struct{ base.Resource }

func (apiKey) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version: 2,
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true},
			"owner": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
				"team_id": schema.StringAttribute{Optional: true},
				"org_id":  schema.StringAttribute{Optional: true},
			}},
		},
	}
}

func (apiKey) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: keyPriorSchema(), StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var prior keyV0
			resp.Diagnostics.Append(req.State.Get(ctx, &prior)...) // want `UPGRADE-3: apiKey: the upgrader for version 0 reads req.State into keyV0, but its fields "owner.org_id" are not in the PriorSchema`
		}},
		1: {PriorSchema: keyPriorSchema(), StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var prior keyV0Right
			resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		}},
	}
}

var _ resource.Resource = apiKey{}

// An upgrader keyed by the current Version never runs: the bump it was
// written for was left out.
type bumpLeftOut struct{ base.Resource }

func (bumpLeftOut) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (bumpLeftOut) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: upgradeRaw},
		1: {StateUpgrader: upgradeRaw}, // want `SCHEMA-4: bumpLeftOut: upgrader for version 1 is keyed by the schema's current Version and never runs`
	}
}

// Safe: the bump is there.
type bumped struct{ base.Resource }

func (bumped) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 2, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (bumped) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: upgradeRaw},
		1: {StateUpgrader: upgradeRaw},
	}
}
