package configoverwrite

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type rule struct {
	Name     string
	Body     map[string]any
	Channels *[]string
	Tags     []string
	Etag     string
}

func (r *rule) GetName() string { return r.Name }

type api struct{}

func (api) put(body map[string]any) (*rule, error) { return &rule{}, nil }

type ruleModel struct {
	ID       types.String   `tfsdk:"id"`
	Name     types.String   `tfsdk:"name"`
	JSON     types.String   `tfsdk:"json"`
	Channels []types.String `tfsdk:"channels"`
	Tags     []types.String `tfsdk:"tags"`
	Etag     types.String   `tfsdk:"etag"`
}

type ruleResource struct{ c api }

func (r *ruleResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_rule"
}

func (r *ruleResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"name":     schema.StringAttribute{Required: true},
		"json":     schema.StringAttribute{Required: true},
		"channels": schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"tags":     schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"etag":     schema.StringAttribute{Computed: true},
	}}
}

// The B06 shape: the configured JSON is saved as the API re-marshals it.
func (r *ruleResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan ruleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	var body map[string]any
	_ = json.Unmarshal([]byte(plan.JSON.ValueString()), &body)
	out, err := r.c.put(body)
	if err != nil {
		resp.Diagnostics.AddError("create", err.Error())
		return
	}
	b, _ := json.Marshal(out.Body)
	plan.JSON = types.StringValue(string(b)) // want `APPLY-2: ruleResource.Create saves "json" \(Required, not Computed\) as a string built by a normalising step`
	fromResponse(&plan, out)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// fromResponse is shared with Read.
func fromResponse(m *ruleModel, out *rule) {
	m.Name = types.StringValue(out.GetName()) // an echo through a getter: not reported
	m.Etag = types.StringValue(out.Etag)
	if out.Channels != nil { // the B04 shape: [] from the API where the configuration has none
		m.Channels = make([]types.String, len(*out.Channels)) // want `APPLY-2: ruleResource.Create saves "channels" \(Optional, not Computed\) as a list built from the API's answer`
		for i, c := range *out.Channels {
			m.Channels[i] = types.StringValue(c)
		}
	}
	if len(out.Tags) == 0 { // an empty answer keeps the plan's null: fine
		m.Tags = nil
	} else {
		m.Tags = make([]types.String, len(out.Tags))
		for i, t := range out.Tags {
			m.Tags[i] = types.StringValue(t)
		}
	}
}

func (r *ruleResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state ruleModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	b, _ := json.Marshal(map[string]any{})
	state.JSON = types.StringValue(string(b)) // Read may normalise: not reported
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update keeps the planned JSON: fine.
func (r *ruleResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan ruleModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if _, err := r.c.put(nil); err != nil {
		resp.Diagnostics.AddError("update", err.Error())
		return
	}
	plan.JSON = types.StringValue(plan.JSON.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *ruleResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

func resources() []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return &ruleResource{} }}
}
