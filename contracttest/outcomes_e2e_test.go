package contracttest_test

import (
	"context"
	"regexp"
	"testing"

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
