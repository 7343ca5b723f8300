package zerofornull

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// job is what the API answers: comma-separated IDs, absent when unset.
type job struct {
	VMID  *string `json:"vmid,omitempty"`
	Nodes *string `json:"node_list,omitempty"`
	Pools *string `json:"pools,omitempty"`
	Other *string `json:"other,omitempty"`
}

type jobModel struct {
	VMIDs       types.List `tfsdk:"vmid"`
	NodeList    types.List `tfsdk:"node_list"`
	Pools       types.List `tfsdk:"pools"`
	Permissions types.Map  `tfsdk:"permissions"`
	Grants      types.Map  `tfsdk:"grants"`
}

type jobResource struct{}

func fetchJob() (job, map[string]any) { return job{}, nil }

func (r *jobResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_job"
}

func (r *jobResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"vmid":        schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"node_list":   schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"pools":       schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"permissions": schema.MapAttribute{Optional: true, ElementType: types.StringType},
		"grants":      schema.MapAttribute{Optional: true, ElementType: types.StringType},
	}}
}

func (r *jobResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan jobModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	out, raw := fetchJob()
	plan.fromAPI(out, raw)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (m *jobModel) fromAPI(out job, raw map[string]any) {
	// Safe: the API field named as the attribute is tested (VMID for "vmid").
	if out.VMID != nil {
		ids := strings.Split(*out.VMID, ",")
		elems := make([]attr.Value, len(ids))
		for i, id := range ids {
			elems[i] = types.StringValue(id)
		}
		m.VMIDs, _ = types.ListValue(types.StringType, elems)
	} else {
		m.VMIDs = types.ListNull(types.StringType)
	}
	// Safe: the API field whose JSON key is the attribute's name is tested.
	if out.Nodes != nil {
		ids := strings.Split(*out.Nodes, ",")
		elems := make([]attr.Value, len(ids))
		for i, id := range ids {
			elems[i] = types.StringValue(id)
		}
		m.NodeList, _ = types.ListValue(types.StringType, elems)
	} else {
		m.NodeList = types.ListNull(types.StringType)
	}
	// The bug: the test is of another field.
	if out.Other != nil {
		ids := strings.Split(*out.Pools, ",")
		elems := make([]attr.Value, len(ids))
		for i, id := range ids {
			elems[i] = types.StringValue(id)
		}
		m.Pools, _ = types.ListValue(types.StringType, elems) // want `APPLY-2: jobResource.Create saves "pools" \(Optional, not Computed\) as types.ListValue on every path`
	} else {
		m.Pools = types.ListNull(types.StringType)
	}
	// Safe: a null entry in the answer fails the assertion.
	if v, ok := raw["permissions"].(map[string]any); ok {
		elems := map[string]attr.Value{}
		for k := range v {
			elems[k] = types.StringValue(k)
		}
		m.Permissions, _ = types.MapValue(types.StringType, elems)
	}
	// The bug: the entry asserted is another one.
	if v, ok := raw["grant_list"].(map[string]any); ok {
		elems := map[string]attr.Value{}
		for k := range v {
			elems[k] = types.StringValue(k)
		}
		m.Grants, _ = types.MapValue(types.StringType, elems) // want `APPLY-2: jobResource.Create saves "grants" \(Optional, not Computed\) as types.MapValue on every path`
	}
}

func (r *jobResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
}

func (r *jobResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *jobResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}

// A helper Read calls only when the attribute is set saves the API's value
// for a configured attribute.
type tls struct {
	Enforced bool
	Strict   bool
	Mode     string
}

type tlsModel struct {
	ID       types.String `tfsdk:"id"`
	Enforced types.Bool   `tfsdk:"enforced"`
	Strict   types.Bool   `tfsdk:"strict"`
	Mode     types.String `tfsdk:"mode"`
}

type tlsResource struct{}

func fetchTLS(string) tls { return tls{} }

func (r *tlsResource) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = "x_tls"
}

func (r *tlsResource) Schema(ctx context.Context, req resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"enforced": schema.BoolAttribute{Optional: true},
		"strict":   schema.BoolAttribute{Optional: true},
		"mode":     schema.StringAttribute{Optional: true},
	}}
}

func (r *tlsResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan tlsModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *tlsResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state tlsModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	// Safe: read only when the attribute is set.
	if !state.Enforced.IsNull() {
		readEnforced(&state)
	}
	// The bug: the test is of another attribute.
	if !state.Enforced.IsNull() {
		readStrict(&state)
	}
	// The bug: called when the attribute is null.
	if state.Mode.IsNull() {
		readMode(&state)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

func readEnforced(m *tlsModel) {
	t := fetchTLS(m.ID.ValueString())
	m.Enforced = types.BoolValue(t.Enforced)
}

func readStrict(m *tlsModel) {
	t := fetchTLS(m.ID.ValueString())
	m.Strict = types.BoolValue(t.Strict) // want `READ-3: tlsResource.Read saves "strict" \(Optional, not Computed\) as types.BoolValue\(Strict\)`
}

func readMode(m *tlsModel) {
	t := fetchTLS(m.ID.ValueString())
	m.Mode = types.StringValue(t.Mode) // want `READ-3: tlsResource.Read saves "mode" \(Optional, not Computed\) as types.StringValue\(Mode\)`
}

func (r *tlsResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
}

func (r *tlsResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
}
