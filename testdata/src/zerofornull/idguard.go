package zerofornull

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A sync helper that first checks the resource has an ID (a Computed-only
// value the configuration cannot set) has not consulted the plan about any
// configurable attribute: the stores after that test are judged as if it
// were not there.

type service struct {
	Name    string
	Key     string
	Role    string
	Comment string
}

type serviceModel struct {
	ID      types.String `tfsdk:"id"`
	Name    types.String `tfsdk:"name"`
	Key     types.String `tfsdk:"key"`
	Role    types.String `tfsdk:"role"`
	Comment types.String `tfsdk:"comment"`
}

type serviceResource struct{}

func getService(string) (*service, error) { return &service{}, nil }

func (r *serviceResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_service"
}

func (r *serviceResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":      schema.StringAttribute{Computed: true},
		"name":    schema.StringAttribute{Required: true},
		"key":     schema.StringAttribute{Optional: true},
		"role":    schema.StringAttribute{Optional: true},
		"comment": schema.StringAttribute{Optional: true},
	}}
}

func (r *serviceResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan serviceModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	plan.ID = types.StringValue("svc-1")
	if err := r.sync(&plan); err != nil {
		resp.Diagnostics.AddError("sync", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *serviceResource) sync(state *serviceModel) error {
	if state.ID.IsNull() {
		return errors.New("no ID")
	}
	out, err := getService(state.ID.ValueString())
	if err != nil {
		return err
	}
	state.Name = types.StringValue(out.Name)
	state.Key = types.StringValue(out.Key) // want `APPLY-2: serviceResource.Create saves "key" \(Optional, not Computed\) as types.StringValue\(Key\)`
	// Safe: the attribute's own framework value decides.
	if !state.Role.IsNull() {
		state.Role = types.StringValue(out.Role)
	}
	// Safe: a test of another configurable attribute's value may say
	// whether this one is configured (related settings).
	if !state.Key.IsUnknown() && state.Key.ValueString() != "" {
		state.Comment = types.StringValue(out.Comment)
	}
	return nil
}

func (r *serviceResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *serviceResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *serviceResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
