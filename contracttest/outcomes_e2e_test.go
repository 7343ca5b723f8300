package contracttest_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	tftest "github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// The failures that the analyzer's messages name, seen under real Terraform
// (TF_ACC=1): if a Terraform or plugin-library upgrade changes what the user
// meets, these tests fail and the messages of missingstateset and
// missingforcenew must follow.

// An SDK Create that succeeds without d.SetId: the SDK answers with a null
// object, without the legacy-type-system flag on that path, so Terraform
// rejects it as inconsistent with the plan (missingstateset, SDK).
func TestE2EOutcomeSDKCreateWithoutID(t *testing.T) {
	p := &sdkschema.Provider{ResourcesMap: map[string]*sdkschema.Resource{
		"noid_thing": {
			CreateContext: func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			ReadContext:   func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			DeleteContext: func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			Schema:        map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}},
		},
	}}
	tftest.Test(t, tftest.TestCase{
		ProtoV5ProviderFactories: map[string]func() (tfprotov5.ProviderServer, error){
			"noid": func() (tfprotov5.ProviderServer, error) { return p.GRPCProvider(), nil },
		},
		Steps: []tftest.TestStep{{
			Config:      `resource "noid_thing" "x" { name = "logs" }`,
			ExpectError: regexp.MustCompile(`Provider produced inconsistent result after apply[\s\S]*Root object was present, but now\s+absent`),
		}},
	})
}

// A framework Update that writes nothing: the framework hands back the prior
// state, and Terraform rejects it against the plan (missingstateset and
// missingforcenew, framework).
type emptyUpdate struct{}

func (emptyUpdate) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_emptyupdate"
}

func (emptyUpdate) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
}

type emptyUpdateModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

func (emptyUpdate) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m emptyUpdateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.ID = types.StringValue("e-1")
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (emptyUpdate) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (emptyUpdate) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (emptyUpdate) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type emptyUpdateProvider struct{ fwProvider }

func (p *emptyUpdateProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return emptyUpdate{} }}
}

func TestE2EOutcomeFrameworkEmptyUpdate(t *testing.T) {
	tftest.Test(t, tftest.TestCase{
		ProtoV6ProviderFactories: map[string]func() (tfprotov6.ProviderServer, error){
			"fake": func() (tfprotov6.ProviderServer, error) { return providerserverNew(&emptyUpdateProvider{}) },
		},
		Steps: []tftest.TestStep{
			{Config: `resource "fake_emptyupdate" "x" { name = "logs" }`},
			{
				Config:      `resource "fake_emptyupdate" "x" { name = "metrics" }`,
				ExpectError: regexp.MustCompile(`Provider produced inconsistent result after apply`),
			},
		},
	})
}

// An SDK resource without Update: a top-level attribute that is neither
// ForceNew nor Computed fails the SDK's InternalValidate, which runs when
// Terraform validates the provider configuration, so no command works; an
// Optional+Computed one passes it, and its change fails at apply
// (missingforcenew, SDK).
func noUpdateProvider(attr *sdkschema.Schema) *sdkschema.Provider {
	return &sdkschema.Provider{ResourcesMap: map[string]*sdkschema.Resource{
		"noupd_thing": {
			CreateContext: func(_ context.Context, d *sdkschema.ResourceData, _ any) diag.Diagnostics {
				d.SetId("n-1")
				return nil
			},
			ReadContext:   func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			DeleteContext: func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			Schema:        map[string]*sdkschema.Schema{"name": attr},
		},
	}}
}

func TestE2EOutcomeSDKNoUpdate(t *testing.T) {
	p := noUpdateProvider(&sdkschema.Schema{Type: sdkschema.TypeString, Required: true})
	tftest.Test(t, tftest.TestCase{
		ProtoV5ProviderFactories: map[string]func() (tfprotov5.ProviderServer, error){
			"noupd": func() (tfprotov5.ProviderServer, error) { return p.GRPCProvider(), nil },
		},
		Steps: []tftest.TestStep{{
			Config:      `resource "noupd_thing" "x" { name = "logs" }`,
			ExpectError: regexp.MustCompile(`No Update defined, must set ForceNew on`),
		}},
	})
}

func TestE2EOutcomeSDKNoUpdateOptionalComputed(t *testing.T) {
	p := noUpdateProvider(&sdkschema.Schema{Type: sdkschema.TypeString, Optional: true, Computed: true})
	tftest.Test(t, tftest.TestCase{
		ProtoV5ProviderFactories: map[string]func() (tfprotov5.ProviderServer, error){
			"noupd": func() (tfprotov5.ProviderServer, error) { return p.GRPCProvider(), nil },
		},
		Steps: []tftest.TestStep{
			{Config: `resource "noupd_thing" "x" { name = "logs" }`},
			{
				Config:      `resource "noupd_thing" "x" { name = "metrics" }`,
				ExpectError: regexp.MustCompile(`doesn't support update`),
			},
		},
	})
}

// An SDK data source that clears its ID: no error, every attribute null
// (datasourceremove, SDK).
func TestE2EOutcomeSDKDataSourceClearsID(t *testing.T) {
	p := &sdkschema.Provider{DataSourcesMap: map[string]*sdkschema.Resource{
		"gone_thing": {
			ReadContext: func(_ context.Context, d *sdkschema.ResourceData, _ any) diag.Diagnostics {
				_ = d.Set("value", "found")
				d.SetId("")
				return nil
			},
			Schema: map[string]*sdkschema.Schema{
				"name":  {Type: sdkschema.TypeString, Required: true},
				"value": {Type: sdkschema.TypeString, Computed: true},
			},
		},
	}}
	tftest.Test(t, tftest.TestCase{
		ProtoV5ProviderFactories: map[string]func() (tfprotov5.ProviderServer, error){
			"gone": func() (tfprotov5.ProviderServer, error) { return p.GRPCProvider(), nil },
		},
		Steps: []tftest.TestStep{{
			Config: `data "gone_thing" "x" { name = "logs" }`,
			Check: tftest.ComposeTestCheckFunc(
				tftest.TestCheckNoResourceAttr("data.gone_thing.x", "value"),
				tftest.TestCheckNoResourceAttr("data.gone_thing.x", "name"),
			),
		}},
	})
}

// A framework data source that removes itself: Terraform rejects the null
// object (datasourceremove, framework).
type removesItself struct{}

func (removesItself) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_removesitself"
}

func (removesItself) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{Attributes: map[string]dsschema.Attribute{"name": dsschema.StringAttribute{Required: true}}}
}

func (removesItself) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	resp.State.RemoveResource(ctx)
}

type removesItselfProvider struct{ fwProvider }

func (p *removesItselfProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{func() datasource.DataSource { return removesItself{} }}
}

func TestE2EOutcomeFrameworkDataSourceRemoves(t *testing.T) {
	tftest.Test(t, tftest.TestCase{
		ProtoV6ProviderFactories: map[string]func() (tfprotov6.ProviderServer, error){
			"fake": func() (tfprotov6.ProviderServer, error) { return providerserverNew(&removesItselfProvider{}) },
		},
		Steps: []tftest.TestStep{{
			Config:      `data "fake_removesitself" "x" { name = "logs" }`,
			ExpectError: regexp.MustCompile(`Provider produced null object`),
		}},
	})
}
