package unknownwhenabsent

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"fixtures/unknownwhenabsent/xfill"
)

// The model is filled by methods of another package (xfill), which the
// check reads from their summaries: the fields they leave are the
// resource's own to set.
type thingBase struct{ widget }

func (thingBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":         schema.StringAttribute{Computed: true},
		"name":       schema.StringAttribute{Required: true},
		"status":     schema.StringAttribute{Computed: true},
		"created_at": schema.StringAttribute{Computed: true},
	}}
}

func thingOut() xfill.Out { return xfill.Out{} }

// SetIDs leaves created_at, which Create sets only when the API answers it.
type thingPartly struct{ thingBase }

func (r thingPartly) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan xfill.Thing
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := thingOut()
	plan.SetIDs(out)
	if out.CreatedAt != "" {
		plan.CreatedAt = types.StringValue(out.CreatedAt) // want `APPLY-1: thingPartly.Create sets "created_at" \(Computed\) only when the API's answer holds it`
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// SetAll sets created_at on every path (null when absent): the local
// store is not the only one.
type thingAll struct{ thingBase }

func (r thingAll) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan xfill.Thing
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := thingOut()
	plan.SetAll(out)
	if out.CreatedAt != "" {
		plan.CreatedAt = types.StringValue(out.CreatedAt)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Handed to code with no summary: nothing is said.
type thingStashed struct{ thingBase }

func (r thingStashed) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan xfill.Thing
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out := thingOut()
	xfill.Stash(&plan)
	if out.CreatedAt != "" {
		plan.CreatedAt = types.StringValue(out.CreatedAt)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
