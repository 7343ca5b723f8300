package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A model embeds a base shared by a family of resources; the base's
// pointer-receiver methods (handed &plan.storeBase) fill the base's fields
// only, and say nothing of the model's own.
type storeBase struct {
	ID     types.String `tfsdk:"id"`
	Status types.String `tfsdk:"status"`
}

func (b *storeBase) fromAPI(id string) {
	b.ID = types.StringValue(id)
	b.Status = types.StringValue("ready")
}

type pbsModel struct {
	storeBase
	Server      types.String `tfsdk:"server"`
	Fingerprint types.String `tfsdk:"fingerprint"`
}

type pbsStore struct{ base }

func (pbsStore) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":          schema.StringAttribute{Computed: true},
		"status":      schema.StringAttribute{Computed: true},
		"server":      schema.StringAttribute{Required: true},
		"fingerprint": schema.StringAttribute{Computed: true},
	}}
}

// Only the base's fields are filled: fingerprint keeps the plan's unknown.
func (pbsStore) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan pbsModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.fromAPI("x")
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...) // want `APPLY-1: pbsStore.Create can save "fingerprint" \(Computed\) to resp.State while it still holds the plan's value`
}

// The same, and the model's own Computed field is filled too.
type pbsStoreFilled struct{ pbsStore }

func (pbsStoreFilled) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan pbsModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.fromAPI("x")
	plan.Fingerprint = types.StringNull()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}
