package providermodel

import (
	"context"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"fixtures/base"
)

// A schema factory: a constructor's literal held through a pointer field,
// extended by methods that copy maps into it. The schema is the literal plus
// what each call copies in.

type schemaFactory struct {
	Schema *schema.Schema
}

func newSchemaFactory() *schemaFactory {
	s := &schema.Schema{
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Required: true},
		},
		Blocks: map[string]schema.Block{},
	}
	return &schemaFactory{Schema: s}
}

func (f *schemaFactory) WithDescription(d string) *schemaFactory {
	f.Schema.Description = d
	return f
}

func (f *schemaFactory) WithAttributes(attrs map[string]schema.Attribute) *schemaFactory {
	maps.Copy(f.Schema.Attributes, attrs)
	return f
}

func (f *schemaFactory) WithBlocks(blocks map[string]schema.Block) *schemaFactory {
	maps.Copy(f.Schema.Blocks, blocks)
	return f
}

// A method adding a fixed block through another method.
func (f *schemaFactory) WithLimitsBlock() *schemaFactory {
	return f.WithBlocks(map[string]schema.Block{
		"limits": schema.SingleNestedBlock{Attributes: map[string]schema.Attribute{
			"max": schema.Int64Attribute{Optional: true},
		}},
	})
}

// A method that takes attributes away: the model cannot follow it.
func (f *schemaFactory) Without(name string) *schemaFactory {
	delete(f.Schema.Attributes, name)
	return f
}

type factoryBuilt struct{ base.Resource } // want factoryBuilt:`resource factoryBuilt schema v0\{fingerprint:string/C id:string/R limits:block object\{max:int64/O\} server:string/R\}`

func (factoryBuilt) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attributes := map[string]schema.Attribute{
		"server":      schema.StringAttribute{Required: true},
		"fingerprint": schema.StringAttribute{Computed: true},
	}
	factory := newSchemaFactory()
	factory.WithAttributes(attributes)
	factory.WithDescription("a factory-built resource")
	factory.WithLimitsBlock()
	resp.Schema = *factory.Schema
}

// The same, chained on the constructor.
type factoryChained struct{ base.Resource } // want factoryChained:`resource factoryChained schema v0\{id:string/R server:string/O\}`

func (factoryChained) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = *newSchemaFactory().WithAttributes(map[string]schema.Attribute{
		"server": schema.StringAttribute{Optional: true},
	}).Schema
}

// Something else called on the factory: unresolved.
type factoryOther struct{ base.Resource } // want factoryOther:`resource factoryOther schema unresolved`

func (factoryOther) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attributes := map[string]schema.Attribute{
		"server":      schema.StringAttribute{Required: true},
		"fingerprint": schema.StringAttribute{Computed: true},
	}
	factory := newSchemaFactory()
	factory.WithAttributes(attributes)
	factory.Without("id")
	resp.Schema = *factory.Schema
}

// A call made on one branch only: unresolved.
type factoryBranch struct{ base.Resource } // want factoryBranch:`resource factoryBranch schema unresolved`

func (factoryBranch) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	factory := newSchemaFactory()
	if ctx != nil {
		factory.WithLimitsBlock()
	}
	resp.Schema = *factory.Schema
}

// The attributes changed after they were copied in: the schema does not
// hold the change, so unresolved rather than guessed.
type factoryLate struct{ base.Resource } // want factoryLate:`resource factoryLate schema unresolved`

func (factoryLate) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attributes := map[string]schema.Attribute{
		"server": schema.StringAttribute{Required: true},
	}
	factory := newSchemaFactory()
	factory.WithAttributes(attributes)
	attributes["late"] = schema.StringAttribute{Optional: true}
	resp.Schema = *factory.Schema
}
