package providermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"fixtures/providermodel/embase"
)

// Resources embedding a base type of another package whose promoted Schema
// method answers the schema held in a field: the schema is the value the
// resource's literals store there.

var embeddedSchema = schema.Schema{ // want embeddedSchema:`schema v0\{id:string/C name:string/R\}`
	Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	},
}

// Built through the base's constructor; the assertion literal sets nothing.
type embeddedRes struct{ embase.BaseResource } // want embeddedRes:`resource embeddedRes schema v0\{id:string/C name:string/R\}`

var _ resource.Resource = &embeddedRes{}

func newEmbeddedRes() resource.Resource {
	return &embeddedRes{
		BaseResource: embase.NewBaseResource(embase.Config{Name: "x_embedded", Schema: &embeddedSchema}),
	}
}

func (r *embeddedRes) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *embeddedRes) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *embeddedRes) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *embeddedRes) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// A positional literal, a config held in a local, and timeouts asked for:
// the base adds the block.
type embeddedTimed struct{ embase.BaseResource } // want embeddedTimed:`resource embeddedTimed schema v0\{id:string/C name:string/R timeouts:block object\{create:string/O delete:string/O\}\}`

func newEmbeddedTimed() resource.Resource {
	cfg := embase.Config{Name: "x_timed", Schema: &embeddedSchema, TimeoutOpts: &timeouts.Opts{Create: true, Delete: true}}
	return &embeddedTimed{embase.NewBaseResource(cfg)}
}

func (r *embeddedTimed) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *embeddedTimed) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *embeddedTimed) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *embeddedTimed) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var otherSchema = schema.Schema{ // want otherSchema:`schema v0\{id:string/R\}`
	Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Required: true}},
}

// Two constructors storing different schemas: which one is used is not known.
type embeddedTwo struct{ embase.BaseResource } // want embeddedTwo:`resource embeddedTwo schema unresolved`

func newEmbeddedTwo(alt bool) resource.Resource {
	if alt {
		return &embeddedTwo{embase.BaseResource{Config: embase.Config{Schema: &otherSchema}}}
	}
	return &embeddedTwo{embase.NewBaseResource(embase.Config{Schema: &embeddedSchema})}
}

func (r *embeddedTwo) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *embeddedTwo) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *embeddedTwo) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *embeddedTwo) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// The base hands the response to other code: not followed.
type embeddedTweaked struct{ embase.TweakedBase } // want embeddedTweaked:`resource embeddedTweaked schema unresolved`

func newEmbeddedTweaked() resource.Resource {
	return &embeddedTweaked{embase.TweakedBase{Config: embase.Config{Schema: &embeddedSchema}}}
}

func (r *embeddedTweaked) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {
}
func (r *embeddedTweaked) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *embeddedTweaked) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *embeddedTweaked) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *embeddedTweaked) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// A Schema method of the resource itself answering one of its fields.
type fieldSchemaRes struct { // want fieldSchemaRes:`resource fieldSchemaRes schema v0\{id:string/R\}`
	schema *schema.Schema
}

func newFieldSchemaRes() resource.Resource { return &fieldSchemaRes{schema: &otherSchema} }

func (r *fieldSchemaRes) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {
}
func (r *fieldSchemaRes) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) { // want Schema:`schema from field schema extras\[\]`
	resp.Schema = *r.schema
}
func (r *fieldSchemaRes) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (r *fieldSchemaRes) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (r *fieldSchemaRes) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (r *fieldSchemaRes) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
