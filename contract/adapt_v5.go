package contract

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// v5as6 presents a protocol 5 server as protocol 6 for the calls the Driver
// makes (schemas, configure, validate, plan, apply, read, import), so the
// Driver runs SDKv2 providers too. Other calls are not available.
type v5as6 struct {
	tfprotov6.ProviderServer // nil: calls the Driver never makes
	s5                       tfprotov5.ProviderServer
}

func dyn5(v *tfprotov6.DynamicValue) *tfprotov5.DynamicValue {
	if v == nil {
		return nil
	}
	return &tfprotov5.DynamicValue{MsgPack: v.MsgPack, JSON: v.JSON}
}

func diags6(ds []*tfprotov5.Diagnostic) []*tfprotov6.Diagnostic {
	out := make([]*tfprotov6.Diagnostic, 0, len(ds))
	for _, d := range ds {
		if d != nil {
			out = append(out, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverity(d.Severity), Summary: d.Summary, Detail: d.Detail, Attribute: d.Attribute})
		}
	}
	return out
}

func schema6(s *tfprotov5.Schema) *tfprotov6.Schema {
	if s == nil {
		return nil
	}
	return &tfprotov6.Schema{Version: s.Version, Block: block6(s.Block)}
}

func (a *v5as6) GetProviderSchema(ctx context.Context, _ *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	r, err := a.s5.GetProviderSchema(ctx, &tfprotov5.GetProviderSchemaRequest{})
	if err != nil || r == nil {
		return nil, err
	}
	out := &tfprotov6.GetProviderSchemaResponse{Provider: schema6(r.Provider), Diagnostics: diags6(r.Diagnostics),
		ResourceSchemas: map[string]*tfprotov6.Schema{}, DataSourceSchemas: map[string]*tfprotov6.Schema{}}
	for k, v := range r.ResourceSchemas {
		out.ResourceSchemas[k] = schema6(v)
	}
	for k, v := range r.DataSourceSchemas {
		out.DataSourceSchemas[k] = schema6(v)
	}
	return out, nil
}

func (a *v5as6) GetResourceIdentitySchemas(ctx context.Context, _ *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	r, err := a.s5.GetResourceIdentitySchemas(ctx, &tfprotov5.GetResourceIdentitySchemasRequest{})
	if err != nil || r == nil {
		return nil, err
	}
	out := &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: map[string]*tfprotov6.ResourceIdentitySchema{}}
	for k, v := range r.IdentitySchemas {
		if v == nil {
			continue
		}
		s := &tfprotov6.ResourceIdentitySchema{Version: v.Version}
		for _, at := range v.IdentityAttributes {
			if at != nil {
				s.IdentityAttributes = append(s.IdentityAttributes, &tfprotov6.ResourceIdentitySchemaAttribute{Name: at.Name, Type: at.Type,
					RequiredForImport: at.RequiredForImport, OptionalForImport: at.OptionalForImport})
			}
		}
		out.IdentitySchemas[k] = s
	}
	return out, nil
}

func (a *v5as6) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	r, err := a.s5.ConfigureProvider(ctx, &tfprotov5.ConfigureProviderRequest{TerraformVersion: req.TerraformVersion, Config: dyn5(req.Config)})
	if err != nil || r == nil {
		return nil, err
	}
	return &tfprotov6.ConfigureProviderResponse{Diagnostics: diags6(r.Diagnostics)}, nil
}

func (a *v5as6) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	r, err := a.s5.ValidateResourceTypeConfig(ctx, &tfprotov5.ValidateResourceTypeConfigRequest{TypeName: req.TypeName, Config: dyn5(req.Config)})
	if err != nil || r == nil {
		return nil, err
	}
	return &tfprotov6.ValidateResourceConfigResponse{Diagnostics: diags6(r.Diagnostics)}, nil
}

func (a *v5as6) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	r, err := a.s5.PlanResourceChange(ctx, &tfprotov5.PlanResourceChangeRequest{TypeName: req.TypeName, PriorState: dyn5(req.PriorState),
		ProposedNewState: dyn5(req.ProposedNewState), Config: dyn5(req.Config), PriorPrivate: req.PriorPrivate})
	if err != nil || r == nil {
		return nil, err
	}
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: dyn6(r.PlannedState), RequiresReplace: r.RequiresReplace,
		PlannedPrivate: r.PlannedPrivate, Diagnostics: diags6(r.Diagnostics)}, nil
}

func (a *v5as6) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	r, err := a.s5.ApplyResourceChange(ctx, &tfprotov5.ApplyResourceChangeRequest{TypeName: req.TypeName, PriorState: dyn5(req.PriorState),
		PlannedState: dyn5(req.PlannedState), Config: dyn5(req.Config), PlannedPrivate: req.PlannedPrivate})
	if err != nil || r == nil {
		return nil, err
	}
	return &tfprotov6.ApplyResourceChangeResponse{NewState: dyn6(r.NewState), Private: r.Private, Diagnostics: diags6(r.Diagnostics),
		NewIdentity: identity6(r.NewIdentity)}, nil
}

func (a *v5as6) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	r, err := a.s5.ReadResource(ctx, &tfprotov5.ReadResourceRequest{TypeName: req.TypeName, CurrentState: dyn5(req.CurrentState), Private: req.Private})
	if err != nil || r == nil {
		return nil, err
	}
	return &tfprotov6.ReadResourceResponse{NewState: dyn6(r.NewState), Private: r.Private, Diagnostics: diags6(r.Diagnostics),
		NewIdentity: identity6(r.NewIdentity)}, nil
}

func (a *v5as6) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	r, err := a.s5.ImportResourceState(ctx, &tfprotov5.ImportResourceStateRequest{TypeName: req.TypeName, ID: req.ID})
	if err != nil || r == nil {
		return nil, err
	}
	out := &tfprotov6.ImportResourceStateResponse{Diagnostics: diags6(r.Diagnostics)}
	for _, ir := range r.ImportedResources {
		if ir != nil {
			out.ImportedResources = append(out.ImportedResources, &tfprotov6.ImportedResource{TypeName: ir.TypeName, State: dyn6(ir.State), Private: ir.Private})
		}
	}
	return out, nil
}

func identity6(d *tfprotov5.ResourceIdentityData) *tfprotov6.ResourceIdentityData {
	if d == nil {
		return nil
	}
	return &tfprotov6.ResourceIdentityData{IdentityData: dyn6(d.IdentityData)}
}

// NewDriverV5 is NewDriver for a protocol 5 server, such as an SDKv2
// provider's GRPCProvider().
func NewDriverV5(tb testing.TB, srv tfprotov5.ProviderServer, typeName string, opts ...Option) *Driver {
	tb.Helper()
	return NewDriver(tb, &v5as6{s5: srv}, typeName, opts...)
}
