// Package transform holds a resource's state migration apart from the
// resource: a handler and the transform it calls to build the new model.
package transform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// SourceSchema is the prior version's schema: zone_name was Computed only,
// a value Read fills again.
var SourceSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"id":        schema.StringAttribute{Computed: true},
	"hostname":  schema.StringAttribute{Required: true},
	"zone_id":   schema.StringAttribute{Required: true},
	"cert_id":   schema.StringAttribute{Optional: true},
	"zone_name": schema.StringAttribute{Computed: true},
}}

type SourceV4 struct {
	ID       types.String `tfsdk:"id"`
	Hostname types.String `tfsdk:"hostname"`
	ZoneID   types.String `tfsdk:"zone_id"`
	CertID   types.String `tfsdk:"cert_id"`
	ZoneName types.String `tfsdk:"zone_name"`
}

type Target struct {
	ID       types.String `tfsdk:"id"`
	Hostname types.String `tfsdk:"hostname"`
	ZoneID   types.String `tfsdk:"zone_id"`
	CertID   types.String `tfsdk:"cert_id"`
	ZoneName types.String `tfsdk:"zone_name"`
}

func UpgradeFromV4(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var source SourceV4
	resp.Diagnostics.Append(req.State.Get(ctx, &source)...)
	target, diags := TransformV4(ctx, source)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.State.Set(ctx, target)...)
}

// cert_id is held by both and not carried over.
func TransformV4(_ context.Context, source SourceV4) (*Target, diag.Diagnostics) {
	return &Target{ // want `UPGRADE-4: a state upgrader builds Target from the prior state's SourceV4 but leaves out CertID \("cert_id"\)`
		ID:       source.ID,
		Hostname: source.Hostname,
		ZoneID:   source.ZoneID,
	}, nil
}

func UpgradeFromV4Complete(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var source SourceV4
	resp.Diagnostics.Append(req.State.Get(ctx, &source)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, transformComplete(source))...)
}

// The twin: every field carried over.
func transformComplete(source SourceV4) *Target {
	return &Target{ID: source.ID, Hostname: source.Hostname, ZoneID: source.ZoneID, CertID: source.CertID}
}

// A literal outside any upgrader (a Read converting a data source model) is
// not the upgrader's business.
func notAnUpgrader(source SourceV4) Target {
	return Target{ID: source.ID, Hostname: source.Hostname}
}

type certConfig struct {
	CertID types.String `tfsdk:"cert_id"`
}

type TargetNested struct {
	ID       types.String `tfsdk:"id"`
	Hostname types.String `tfsdk:"hostname"`
	ZoneID   types.String `tfsdk:"zone_id"`
	CertID   types.String `tfsdk:"cert_id"`
	Config   *certConfig  `tfsdk:"config"`
}

func UpgradeFromV4Moved(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	var source SourceV4
	resp.Diagnostics.Append(req.State.Get(ctx, &source)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, transformMoved(source))...)
	resp.Diagnostics.Append(resp.State.Set(ctx, transformCommented(source))...)
}

// cert_id moves into the nested config: its value is kept.
func transformMoved(source SourceV4) *TargetNested {
	t := &TargetNested{ID: source.ID, Hostname: source.Hostname, ZoneID: source.ZoneID}
	t.Config = &certConfig{CertID: source.CertID}
	return t
}

// Left out on purpose, and said so.
func transformCommented(source SourceV4) *Target {
	return &Target{
		ID:       source.ID,
		Hostname: source.Hostname,
		ZoneID:   source.ZoneID,
		// CertID is intentionally not copied: the API issues a new one.
	}
}
