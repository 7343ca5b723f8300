package providermodel

import (
	"context"

	"github.com/hashicorp/go-cty/cty"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/base"
	"fixtures/crosspkg/schemas"
)

type common struct { // want common:`model\{id=ID\}`
	ID types.String `tfsdk:"id"`
}

type ruleModel struct { // want ruleModel:`model\{port=Port\}`
	Port types.Int64 `tfsdk:"port"`
}

type serverModel struct { // want serverModel:`model\{id=common.ID name=Name rules=Rules\(fixtures/providermodel.ruleModel\) size=Size\}`
	common
	Name  types.String `tfsdk:"name"`
	Size  types.Int64  `tfsdk:"size"`
	Rules []ruleModel  `tfsdk:"rules"`
	Cache string       `tfsdk:"-"`
}

type server struct{} // want server:`resource server implements\(ImportState,UpgradeState\) schema v1\{id:string/C\[UseStateForUnknown\] name:string/R\[RequiresReplace\] rules:block list\{port:int64/O\} secret:string/OSW size:int64/OCD\[custom\]\} upgraders\[0\+prior\] models\(fixtures/providermodel.serverModel\)`

func (server) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}

func (server) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := map[string]schema.Attribute{
		"id":   schemas.ID,
		"name": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
	}
	attrs["size"] = schema.Int64Attribute{Optional: true, Computed: true, Default: int64default.StaticInt64(1), PlanModifiers: []planmodifier.Int64{custom{}}}
	attrs["secret"] = schema.StringAttribute{Optional: true, Sensitive: true, WriteOnly: true, Validators: []validator.String{}}
	resp.Schema = schema.Schema{
		Version:    1,
		Attributes: attrs,
		Blocks: map[string]schema.Block{
			"rules": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: map[string]schema.Attribute{
				"port": schema.Int64Attribute{Optional: true},
			}}},
		},
	}
}

func (server) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m serverModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}
func (server) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (server) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (server) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
func (server) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}
func (server) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	v0 := schema.Schema{}
	return map[int64]resource.StateUpgrader{0: {PriorSchema: &v0, StateUpgrader: func(context.Context, resource.UpgradeStateRequest, *resource.UpgradeStateResponse) {}}}
}

type custom struct{}

func (custom) Description(context.Context) string         { return "" }
func (custom) MarkdownDescription(context.Context) string { return "" }
func (custom) PlanModifyInt64(context.Context, planmodifier.Int64Request, *planmodifier.Int64Response) {
}

type lookup struct{ base.DataSource } // want lookup:`datasource lookup schema v0\{name:string/R\}`

func (lookup) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{Attributes: map[string]dsschema.Attribute{"name": dsschema.StringAttribute{Required: true}}}
}

// A schema built in a loop is unresolved.
type looped struct{ base.Resource } // want looped:`resource looped schema unresolved`

func (looped) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	s := schema.Schema{}
	if len(s.Attributes) == 0 {
		resp.Schema = s
		return
	}
	resp.Schema = schema.Schema{}
}

func gadget() *sdkschema.Resource { // want gadget:`sdk resource gadget funcs\(Create=Create\) schema v0\{labels:block list/O\{key:string/R\} name:string/R\} importer=passthrough`
	return &sdkschema.Resource{
		CreateContext: nil,
		Create:        func(*sdkschema.ResourceData, any) error { return nil },
		ReadContext:   nil,
		Read:          nil,
		Schema:        schemas.Gadget(),
		Importer:      &sdkschema.ResourceImporter{StateContext: sdkschema.ImportStatePassthroughContext},
	}
}

// A model that refers to itself (a tree of rules) must not send the model into a loop.
type treeModel struct { // want treeModel:`model\{children=Children\(fixtures/providermodel.treeModel\) name=Name\}`
	Name     types.String `tfsdk:"name"`
	Children []treeModel  `tfsdk:"children"`
}

func sdkOp(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil } // want sdkOp:`datakeys\(; sets \)`

func upgradeV0(_ context.Context, raw map[string]any, _ any) (map[string]any, error) { return raw, nil }

// Every spelling: WithoutTimeout functions, SchemaFunc, upgraders, CustomizeDiff.
func widgetSDK() *sdkschema.Resource { // want widgetSDK:`sdk resource widgetSDK funcs\(Create=CreateWithoutTimeout,Delete=DeleteWithoutTimeout,Read=ReadWithoutTimeout,Update=UpdateWithoutTimeout\) schema v2\{size:int/O zone:string/RF\} upgraders\[0,1\] customizediff`
	return &sdkschema.Resource{
		CreateWithoutTimeout: sdkOp,
		ReadWithoutTimeout:   sdkOp,
		UpdateWithoutTimeout: sdkOp,
		DeleteWithoutTimeout: sdkOp,
		SchemaFunc: func() map[string]*sdkschema.Schema {
			return map[string]*sdkschema.Schema{
				"zone": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
				"size": {Type: sdkschema.TypeInt, Optional: true},
			}
		},
		SchemaVersion: 2,
		StateUpgraders: []sdkschema.StateUpgrader{
			{Version: 1, Type: cty.EmptyObject, Upgrade: upgradeV0},
			{Version: 0, Type: cty.EmptyObject, Upgrade: upgradeV0},
		},
		CustomizeDiff: func(context.Context, *sdkschema.ResourceDiff, any) error { return nil },
	}
}

// A schema returned by pointer from a helper and dereferenced in Schema.
type pointed struct{ base.Resource } // want pointed:`resource pointed schema v1\{name:string/R\}`

func pointedSchema() *schema.Schema { // want pointedSchema:`schema v1\{name:string/R\}`
	return &schema.Schema{Version: 1, Attributes: map[string]schema.Attribute{"name": schema.StringAttribute{Required: true}}}
}

func (pointed) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = *pointedSchema()
}
