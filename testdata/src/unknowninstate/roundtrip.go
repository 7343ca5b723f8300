package unknowninstate

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// The R250 shape: a nested object read from the plan is decoded into a
// struct, and rebuilt (the planned object kept when the API omits it) into
// the object saved; its Computed dns.zones, with no Default, is unknown in
// the plan when the configuration leaves it out.
type netModel struct {
	ID  types.String `tfsdk:"id"`
	Ext types.Object `tfsdk:"ext"`
}

type netExt struct {
	DNS types.Object `tfsdk:"dns"`
}

type netDNS struct {
	Enabled types.Bool `tfsdk:"enabled"`
	Zones   types.List `tfsdk:"zones"`
}

var netDNSTypes = map[string]attr.Type{"enabled": types.BoolType, "zones": types.ListType{ElemType: types.StringType}}
var netExtTypes = map[string]attr.Type{"dns": types.ObjectType{AttrTypes: netDNSTypes}}

type netAPI struct {
	ID  string
	DNS *struct {
		Enabled bool
		Zones   []string
	}
}

func (client) Net() netAPI { return netAPI{} }

type netBase struct{ c client }

func (netBase) Metadata(context.Context, resource.MetadataRequest, *resource.MetadataResponse) {}
func (netBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"ext": schema.SingleNestedAttribute{Optional: true,
			PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
			Attributes: map[string]schema.Attribute{
				"dns": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
					"enabled": schema.BoolAttribute{Optional: true},
					"zones": schema.ListAttribute{ElementType: types.StringType, Optional: true, Computed: true,
						PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()}},
				}},
			}},
	}}
}
func (netBase) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (netBase) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (netBase) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// mapNetExt keeps the planned dns object when the API answers without one.
func mapNetExt(ctx context.Context, out netAPI, m *netModel) error {
	if out.DNS == nil && m.Ext.IsNull() {
		m.Ext = types.ObjectNull(netExtTypes)
		return nil
	}
	ex := netExt{}
	if !m.Ext.IsNull() {
		if diags := m.Ext.As(ctx, &ex, basetypes.ObjectAsOptions{}); diags.HasError() {
			return nil
		}
	}
	dnsObj := types.ObjectNull(netDNSTypes)
	if out.DNS != nil {
		zones, _ := types.ListValueFrom(ctx, types.StringType, out.DNS.Zones)
		dnsObj = types.ObjectValueMust(netDNSTypes, map[string]attr.Value{"enabled": types.BoolValue(out.DNS.Enabled), "zones": zones})
	} else if !ex.DNS.IsNull() {
		dnsObj = ex.DNS
	}
	ext, diags := types.ObjectValue(netExtTypes, map[string]attr.Value{"dns": dnsObj})
	if diags.HasError() {
		return nil
	}
	m.Ext = ext
	return nil
}

// netPayload reads the planned object for the request; on its null path
// the object has no nested values, which tells nothing of the other path.
func netPayload(ctx context.Context, m *netModel) *bool {
	if m.Ext.IsNull() {
		return nil
	}
	ex := netExt{}
	if diags := m.Ext.As(ctx, &ex, basetypes.ObjectAsOptions{}); diags.HasError() {
		return nil
	}
	enabled := !ex.DNS.IsNull()
	return &enabled
}

type netKeepsPlanned struct{ netBase }

func (r netKeepsPlanned) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	_ = netPayload(ctx, &m)
	out := r.c.Net()
	m.ID = types.StringValue(out.ID)
	if err := mapNetExt(ctx, out, &m); err != nil {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...) // want `APPLY-1: netKeepsPlanned.Create can save the nested attribute "ext.dns.zones"`
}

// Safe twin: the same code, but zones has a Default, so the plan knows it.
type netDefaultBase struct{ netBase }

func (netDefaultBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true},
		"ext": schema.SingleNestedAttribute{Optional: true,
			PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
			Attributes: map[string]schema.Attribute{
				"dns": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
					"enabled": schema.BoolAttribute{Optional: true},
					"zones": schema.ListAttribute{ElementType: types.StringType, Optional: true, Computed: true,
						Default: listdefault.StaticValue(types.ListValueMust(types.StringType, nil))},
				}},
			}},
	}}
}

type netKeepsDefaulted struct{ netDefaultBase }

func (r netKeepsDefaulted) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	out := r.c.Net()
	m.ID = types.StringValue(out.ID)
	if err := mapNetExt(ctx, out, &m); err != nil {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// Safe twin: the objects are rebuilt from the API's answer on every path.
type netFromAPI struct{ netBase }

func (r netFromAPI) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	out := r.c.Net()
	m.ID = types.StringValue(out.ID)
	ex := netExt{}
	resp.Diagnostics.Append(m.Ext.As(ctx, &ex, basetypes.ObjectAsOptions{})...)
	dnsObj := types.ObjectNull(netDNSTypes)
	if out.DNS != nil {
		zones, _ := types.ListValueFrom(ctx, types.StringType, out.DNS.Zones)
		dnsObj = types.ObjectValueMust(netDNSTypes, map[string]attr.Value{"enabled": types.BoolValue(out.DNS.Enabled), "zones": zones})
	}
	m.Ext = types.ObjectValueMust(netExtTypes, map[string]attr.Value{"dns": dnsObj})
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

// The planned dns object is decoded itself, its enabled flag set from the
// API and the object rebuilt from the struct: zones is left as planned.
type netEnabledOnly struct{ netBase }

func (r netEnabledOnly) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	out := r.c.Net()
	m.ID = types.StringValue(out.ID)
	ex := netExt{}
	resp.Diagnostics.Append(m.Ext.As(ctx, &ex, basetypes.ObjectAsOptions{})...)
	d := netDNS{}
	resp.Diagnostics.Append(ex.DNS.As(ctx, &d, basetypes.ObjectAsOptions{})...)
	d.Enabled = types.BoolValue(out.DNS != nil)
	dnsObj, _ := types.ObjectValueFrom(ctx, netDNSTypes, d)
	m.Ext = types.ObjectValueMust(netExtTypes, map[string]attr.Value{"dns": dnsObj})
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...) // want `APPLY-1: netEnabledOnly.Create can save the nested attribute "ext.dns.zones"`
}

// Safe twin: zones is filled from the API before the rebuild.
type netFillsZones struct{ netBase }

func (r netFillsZones) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m netModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	out := r.c.Net()
	m.ID = types.StringValue(out.ID)
	ex := netExt{}
	resp.Diagnostics.Append(m.Ext.As(ctx, &ex, basetypes.ObjectAsOptions{})...)
	d := netDNS{}
	resp.Diagnostics.Append(ex.DNS.As(ctx, &d, basetypes.ObjectAsOptions{})...)
	d.Enabled = types.BoolValue(out.DNS != nil)
	d.Zones = types.ListNull(types.StringType)
	dnsObj, _ := types.ObjectValueFrom(ctx, netDNSTypes, d)
	m.Ext = types.ObjectValueMust(netExtTypes, map[string]attr.Value{"dns": dnsObj})
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

var (
	_ resource.Resource = netKeepsPlanned{}
	_ resource.Resource = netKeepsDefaulted{}
	_ resource.Resource = netFromAPI{}
	_ resource.Resource = netEnabledOnly{}
	_ resource.Resource = netFillsZones{}
)
