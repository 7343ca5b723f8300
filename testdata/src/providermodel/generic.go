package providermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A resource takes its Create from an embedded generic type: the model
// bound there is the type argument T stands for.
type genStore[T interface{ *M }, M any] struct{}

func (*genStore[T, M]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan T = new(M)
	resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

type genModel struct { // want genModel:`model\{id=ID\}`
	ID types.String `tfsdk:"id"`
}

type genResource struct { // want genResource:`resource genResource schema v0\{id:string/C\} models\(fixtures/providermodel.genModel\)`
	*genStore[*genModel, genModel]
}

func (genResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_gen"
}

func (genResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}

func (genResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (genResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (genResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
