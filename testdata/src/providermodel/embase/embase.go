// Package embase holds a base resource for composition, in a package of its
// own: its Schema method answers the schema its config holds, and the
// resources embedding it hand that schema in when they are built.
package embase

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

type Config struct {
	Name        string
	Schema      *schema.Schema
	TimeoutOpts *timeouts.Opts
}

type BaseResource struct {
	Config Config
	Client any
}

// NewBaseResource keeps the config it is given.
func NewBaseResource(cfg Config) BaseResource { // want NewBaseResource:`ctor \[Config=param0\] other\[\]`
	return BaseResource{Config: cfg}
}

func (r *BaseResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = r.Config.Name
}

// Schema answers the config's schema, with a timeouts block when the config asks for one.
func (r *BaseResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) { // want Schema:`schema from field Config.Schema extras\[Config.TimeoutOpts\?timeouts\]`
	if r.Config.Schema == nil {
		resp.Diagnostics.AddError("Missing Schema", "no schema")
		return
	}
	resp.Schema = *r.Config.Schema
	if r.Config.TimeoutOpts != nil {
		if resp.Schema.Blocks == nil {
			resp.Schema.Blocks = map[string]schema.Block{}
		}
		resp.Schema.Blocks["timeouts"] = timeouts.Block(ctx, *r.Config.TimeoutOpts)
	}
}

// TweakedBase hands the response on: what the helper does to it is unknown.
type TweakedBase struct{ Config Config }

func (r *TweakedBase) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = *r.Config.Schema
	tweak(resp)
}

func tweak(resp *resource.SchemaResponse) { resp.Schema.Version = 1 }
