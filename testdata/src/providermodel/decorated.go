package providermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/providermodel/decor"
)

// An attribute handed through a decorator of another package keeps the
// flags of its literal; a decorator that assigns a flag leaves the
// attribute Uncertain, and one that cannot be followed leaves it unknown.

type decorResource struct{} // want decorResource:`resource decorResource schema v0\{kind:string/R secret:string/O\? zone:string/OC\}`

func (decorResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_decor"
}

func (decorResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"kind":   decor.WithEnum(schema.StringAttribute{Required: true}, []string{"a", "b"}),
		"zone":   decor.Validated(schema.StringAttribute{Optional: true, Computed: true}),
		"secret": decor.Sensitive(schema.StringAttribute{Optional: true}, true),
	}}
}

func (decorResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (decorResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (decorResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (decorResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

func decorSDK() *sdkschema.Resource { // want decorSDK:`sdk resource decorSDK funcs\(Create=CreateContext\) schema v0\{name:string/RF other:/\?\{\.\.\.\}\}`
	return &sdkschema.Resource{
		CreateContext: sdkOp,
		Schema: map[string]*sdkschema.Schema{
			"name":  decor.NotEmpty(&sdkschema.Schema{Type: sdkschema.TypeString, Required: true, ForceNew: true}),
			"other": decor.Tweak(&sdkschema.Schema{Type: sdkschema.TypeString, Optional: true}),
		},
	}
}
