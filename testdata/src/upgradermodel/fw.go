package upgradermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"fixtures/upgradermodel/migration"
	"fixtures/upgradermodel/models"
)

type base struct{}

func (base) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_widget"
}
func (base) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (base) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (base) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (base) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// Version 1 added "tags".
func widgetSchema() schema.Schema {
	return schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
		"tags": schema.MapAttribute{ElementType: types.StringType, Optional: true},
	}}
}

var priorSchema = &schema.Schema{Attributes: map[string]schema.Attribute{
	"id":   schema.StringAttribute{Computed: true},
	"name": schema.StringAttribute{Required: true},
}}

type modelV0 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

type modelV1 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
	Tags types.Map    `tfsdk:"tags"`
}

// The prior model saved back as it was read.
type savesPrior struct{ base }

func (savesPrior) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (savesPrior) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var prior modelV0
			resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
			if resp.Diagnostics.HasError() {
				return
			}
			resp.Diagnostics.Append(resp.State.Set(ctx, prior)...) // want `UPGRADE-2: a state upgrader of savesPrior saves modelV0, which does not match the current schema \(version 1\): it has no field for "tags"`
		}},
	}
}

// The prior model declared in another package, by pointer.
type savesPriorElsewhere struct{ base }

func (savesPriorElsewhere) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (savesPriorElsewhere) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: priorSchema, StateUpgrader: upgradeElsewhere}}
}

func upgradeElsewhere(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	prior := &models.WidgetV0{}
	resp.Diagnostics.Append(req.State.Get(ctx, prior)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, prior)...) // want `UPGRADE-2: a state upgrader of savesPriorElsewhere saves WidgetV0, .*no field for "tags"`
}

// A renamed attribute: the model keeps the old name.
type renamed struct{ base }

type renamedModel struct {
	ID       types.String `tfsdk:"id"`
	OldLabel types.String `tfsdk:"label"`
}

func (renamed) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id":           schema.StringAttribute{Computed: true},
		"display_name": schema.StringAttribute{Optional: true},
	}}
}

func (renamed) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var m renamedModel
			resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, &m)...) // want `it has no field for "display_name", and its fields "label" are not in the schema`
		}},
	}
}

// A nested attribute whose model lacks one of its attributes.
type nested struct{ base }

type ruleV0 struct {
	Port types.Int64 `tfsdk:"port"`
}

type nestedModel struct {
	ID    types.String `tfsdk:"id"`
	Rules []ruleV0     `tfsdk:"rule"`
}

func (nested) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"rule": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{
				"port":     schema.Int64Attribute{Required: true},
				"protocol": schema.StringAttribute{Optional: true},
			},
		}},
	}}
}

func (nested) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var m nestedModel
			resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, m)...) // want `it has no field for "rule.protocol"`
		}},
	}
}

// Safe: the current model built from the prior one.
type convertsPrior struct{ base }

func (convertsPrior) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (convertsPrior) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var prior modelV0
			resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
			current := modelV1{ID: prior.ID, Name: prior.Name, Tags: types.MapNull(types.StringType)}
			resp.Diagnostics.Append(resp.State.Set(ctx, &current)...)
		}},
	}
}

// Safe: the model reaches the schema's attributes through an embedded
// struct, and a field tagged "-" is not converted.
type embedded struct{ base }

type common struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

type embeddedModel struct {
	common
	Tags  types.Map `tfsdk:"tags"`
	cache string    `tfsdk:"-"`
}

func (embedded) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (embedded) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var m embeddedModel
			resp.Diagnostics.Append(req.State.Get(ctx, &m.common)...)
			m.Tags = types.MapNull(types.StringType)
			resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
		}},
	}
}

// Safe: raw JSON into DynamicValue, and a types.Object handed to Set.
type raw struct{ base }

func (raw) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (raw) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			resp.DynamicValue = &tfprotov6.DynamicValue{JSON: req.RawState.JSON}
		}},
		1: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var obj types.Object
			resp.Diagnostics.Append(req.State.Get(ctx, &obj)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, obj)...)
		}},
	}
}

// Upgraders built in another package (a migration package), whose models
// are local types there: their shapes come as facts.
type migrated struct{ base }

func (migrated) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (migrated) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: migration.WidgetV0ToV1(ctx), // want `UPGRADE-2: a state upgrader of migrated \(from fixtures/upgradermodel/migration.WidgetV0ToV1\) saves newModel, .*no field for "tags"`
	}
}

type migratedFixed struct{ base }

func (migratedFixed) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (migratedFixed) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: migration.WidgetV0ToV1Fixed(ctx)}
}

type namedElsewhere struct{ base }

func (namedElsewhere) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (namedElsewhere) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: migration.UpgradeV0}, // want `UPGRADE-2: a state upgrader of namedElsewhere \(from fixtures/upgradermodel/migration.UpgradeV0\) saves WidgetV0, .*no field for "tags"`
	}
}

// The response handed to a helper: of this package (read on SSA) and of
// another (through its fact).
type viaHelpers struct{ base }

func (viaHelpers) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func saveV0(ctx context.Context, m modelV0, resp *resource.UpgradeStateResponse) {
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (viaHelpers) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var m modelV0
			resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
			saveV0(ctx, m, resp) // want `UPGRADE-2: a state upgrader of viaHelpers \(from fixtures/upgradermodel.saveV0\) saves modelV0, .*no field for "tags"`
		}},
		1: {PriorSchema: priorSchema, StateUpgrader: migration.UpgradeV0ViaHelper}, // want `UPGRADE-2: a state upgrader of viaHelpers \(from fixtures/upgradermodel/migration.UpgradeV0ViaHelper\) saves WidgetV0`
	}
}

// Safe: a custom value type converts itself; its own tags are not the
// nested attribute's.
type selfConverting struct{ base }

type settingsValue struct {
	basetypes.ObjectValue
	Level types.String `tfsdk:"level"`
}

func (v settingsValue) ToTerraformValue(ctx context.Context) (tftypes.Value, error) {
	return v.ObjectValue.ToTerraformValue(ctx)
}

type selfConvertingModel struct {
	ID       types.String  `tfsdk:"id"`
	Settings settingsValue `tfsdk:"settings"`
}

func (selfConverting) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"settings": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"level": schema.StringAttribute{Optional: true},
			"mode":  schema.StringAttribute{Optional: true},
		}},
	}}
}

func (selfConverting) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
			var m selfConvertingModel
			resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
		}},
	}
}

// The upgrader is built by a helper of this package (twingate's shape):
// the finding sits on the Set inside it.
type builtByHelper struct{ base }

func (builtByHelper) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (builtByHelper) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: upgradeV0()}
}

func upgradeV0() resource.StateUpgrader {
	return resource.StateUpgrader{PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		var prior modelV0
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		resp.Diagnostics.Append(resp.State.Set(ctx, prior)...) // want `UPGRADE-2: a state upgrader of builtByHelper \(from fixtures/upgradermodel.upgradeV0\) saves modelV0, .*no field for "tags"`
	}}
}

var _ resource.Resource = builtByHelper{}

// The upgrader a helper builds, read on SSA like one written inline: the
// current model is built without the map "tags" added in version 1.
type helperOmits struct{ base }

func (helperOmits) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = widgetSchema()
}

func (helperOmits) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: upgradeOmitsV0()}
}

func upgradeOmitsV0() resource.StateUpgrader {
	return resource.StateUpgrader{PriorSchema: priorSchema, StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		var prior modelV0
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		upgraded := modelV1{ID: prior.ID, Name: prior.Name}
		resp.Diagnostics.Append(resp.State.Set(ctx, upgraded)...) // want `UPGRADE-2: a state upgrader of helperOmits saves modelV1 without setting Tags \("tags"\)`
	}}
}

var _ resource.Resource = helperOmits{}
