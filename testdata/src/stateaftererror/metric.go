package stateaftererror

import (
	"context"

	"fixtures/stateaftererror/api"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// metric builds its request through the framework's value interfaces
// (attr.Value.ToTerraformValue returns an error, but asks nothing of the
// API): the create call is still the first remote one.
type metric struct{ c api.Client }

func labelsOf(ctx context.Context, v attr.Value) string {
	tv, err := v.ToTerraformValue(ctx)
	if err != nil {
		return ""
	}
	return tv.String()
}

func (metric) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (metric) Schema(context.Context, resource.SchemaRequest, *resource.SchemaResponse)       {}

func (m metric) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan deviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	name := labelsOf(ctx, plan.Name)
	id, err := m.c.Create(name)
	if err != nil {
		resp.Diagnostics.AddError("creating", err.Error()) // want `APPLY-3: metric.Create adds an error for a failed call and goes on without returning`
	}
	plan.ID = types.StringValue(id)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (metric) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (metric) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (metric) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

var _ resource.Resource = metric{}
