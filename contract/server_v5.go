package contract

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// WrapV5 is WrapV6 for protocol 5 servers (SDKv2's GRPCProviderServer, or a
// framework provider served with providerserver.NewProtocol5). Values and
// schemas are converted to their protocol 6 form, which has the same shape,
// and checked by the same code.
func WrapV5(s tfprotov5.ProviderServer, opts ...Option) tfprotov5.ProviderServer {
	return &serverV5{ProviderServer: s, c: newChecker(opts)}
}

type serverV5 struct {
	tfprotov5.ProviderServer
	c       *checker
	schemas schemaCache
}

func (s *serverV5) schema(ctx context.Context, typeName string, data bool) *tfprotov6.Schema {
	return s.schemas.get(typeName, data, func() {
		if resp, err := s.ProviderServer.GetProviderSchema(ctx, &tfprotov5.GetProviderSchemaRequest{}); err == nil {
			s.remember(resp)
		}
	})
}

func (s *serverV5) identity(ctx context.Context, typeName string) tftypes.Type {
	return s.schemas.identity(typeName, func() {
		types := map[string]tftypes.Type{}
		if resp, err := s.ProviderServer.GetResourceIdentitySchemas(ctx, &tfprotov5.GetResourceIdentitySchemasRequest{}); err == nil && resp != nil {
			for k, v := range resp.IdentitySchemas {
				if v != nil && len(v.IdentityAttributes) > 0 {
					types[k] = v.ValueType()
				}
			}
		}
		s.schemas.addIdentities(types)
	})
}

func identityData5(d *tfprotov5.ResourceIdentityData) (dyn, bool) {
	if d == nil {
		return nil, false
	}
	return dyn6(d.IdentityData), true
}

func (s *serverV5) remember(resp *tfprotov5.GetProviderSchemaResponse) {
	if resp == nil {
		return
	}
	conv := func(in map[string]*tfprotov5.Schema) map[string]*tfprotov6.Schema {
		out := make(map[string]*tfprotov6.Schema, len(in))
		for k, v := range in {
			if v != nil {
				out[k] = &tfprotov6.Schema{Version: v.Version, Block: block6(v.Block)}
			}
		}
		return out
	}
	s.schemas.add(conv(resp.ResourceSchemas), conv(resp.DataSourceSchemas))
}

func block6(b *tfprotov5.SchemaBlock) *tfprotov6.SchemaBlock {
	if b == nil {
		return nil
	}
	out := &tfprotov6.SchemaBlock{Version: b.Version}
	for _, a := range b.Attributes {
		if a != nil {
			out.Attributes = append(out.Attributes, &tfprotov6.SchemaAttribute{Name: a.Name, Type: a.Type,
				Required: a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly})
		}
	}
	for _, bt := range b.BlockTypes {
		if bt != nil {
			out.BlockTypes = append(out.BlockTypes, &tfprotov6.SchemaNestedBlock{TypeName: bt.TypeName, Block: block6(bt.Block),
				Nesting: tfprotov6.SchemaNestedBlockNestingMode(bt.Nesting), MinItems: bt.MinItems, MaxItems: bt.MaxItems})
		}
	}
	return out
}

func dyn6(v *tfprotov5.DynamicValue) dyn {
	if v == nil {
		return nil
	}
	return &tfprotov6.DynamicValue{MsgPack: v.MsgPack, JSON: v.JSON}
}

func hasError5(diags []*tfprotov5.Diagnostic) bool {
	for _, d := range diags {
		if d != nil && d.Severity == tfprotov5.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func (s *serverV5) GetProviderSchema(ctx context.Context, req *tfprotov5.GetProviderSchemaRequest) (*tfprotov5.GetProviderSchemaResponse, error) {
	resp, err := s.ProviderServer.GetProviderSchema(ctx, req)
	if err == nil {
		s.remember(resp)
	}
	return resp, err
}

func (s *serverV5) PlanResourceChange(ctx context.Context, req *tfprotov5.PlanResourceChangeRequest) (*tfprotov5.PlanResourceChangeResponse, error) {
	resp, err := s.ProviderServer.PlanResourceChange(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.planChecks(req.TypeName, sch, dyn6(req.Config), dyn6(req.PriorState), dyn6(resp.PlannedState), resp.RequiresReplace)
		}
	}
	return resp, err
}

func (s *serverV5) ApplyResourceChange(ctx context.Context, req *tfprotov5.ApplyResourceChangeRequest) (*tfprotov5.ApplyResourceChangeResponse, error) {
	resp, err := s.ProviderServer.ApplyResourceChange(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.applyChecks(req.TypeName, sch, dyn6(req.PlannedState), dyn6(resp.NewState))
			if !isNullDyn(dyn6(req.PlannedState), sch) {
				data, ok := identityData5(resp.NewIdentity)
				before, _ := identityData5(req.PlannedIdentity)
				s.c.identityChecks("ApplyResourceChange", req.TypeName, s.identity(ctx, req.TypeName), data, ok, before)
			}
		}
	}
	return resp, err
}

func (s *serverV5) ReadResource(ctx context.Context, req *tfprotov5.ReadResourceRequest) (*tfprotov5.ReadResourceResponse, error) {
	resp, err := s.ProviderServer.ReadResource(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.readChecks(req.TypeName, sch, dyn6(resp.NewState))
			if !isNullDyn(dyn6(resp.NewState), sch) {
				data, ok := identityData5(resp.NewIdentity)
				before, _ := identityData5(req.CurrentIdentity)
				s.c.identityChecks("ReadResource", req.TypeName, s.identity(ctx, req.TypeName), data, ok, before)
			}
		}
	}
	return resp, err
}

func (s *serverV5) ReadDataSource(ctx context.Context, req *tfprotov5.ReadDataSourceRequest) (*tfprotov5.ReadDataSourceResponse, error) {
	resp, err := s.ProviderServer.ReadDataSource(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) && resp.Deferred == nil {
		if sch := s.schema(ctx, req.TypeName, true); sch != nil {
			s.c.readDataChecks(req.TypeName, sch, dyn6(resp.State))
		}
	}
	return resp, err
}

func (s *serverV5) UpgradeResourceState(ctx context.Context, req *tfprotov5.UpgradeResourceStateRequest) (*tfprotov5.UpgradeResourceStateResponse, error) {
	resp, err := s.ProviderServer.UpgradeResourceState(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.upgradeChecks(req.TypeName, sch, dyn6(resp.UpgradedState))
		}
	}
	return resp, err
}

func (s *serverV5) ImportResourceState(ctx context.Context, req *tfprotov5.ImportResourceStateRequest) (*tfprotov5.ImportResourceStateResponse, error) {
	resp, err := s.ProviderServer.ImportResourceState(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) && resp.Deferred == nil {
		var irs []imported
		for _, ir := range resp.ImportedResources {
			if ir != nil {
				irs = append(irs, imported{ir.TypeName, s.schema(ctx, ir.TypeName, false), dyn6(ir.State)})
			}
		}
		s.c.importChecks(req.TypeName, irs)
	}
	return resp, err
}

func (s *serverV5) MoveResourceState(ctx context.Context, req *tfprotov5.MoveResourceStateRequest) (*tfprotov5.MoveResourceStateResponse, error) {
	resp, err := s.ProviderServer.MoveResourceState(ctx, req)
	if err == nil && resp != nil && !hasError5(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TargetTypeName, false); sch != nil {
			s.c.moveChecks(req.TargetTypeName, sch, dyn6(resp.TargetState))
		}
	}
	return resp, err
}

// Validation and configuration calls are passed on unchanged; their order
// tells an initial plan from a final one (see PlanStore).

func (s *serverV5) ValidateResourceTypeConfig(ctx context.Context, req *tfprotov5.ValidateResourceTypeConfigRequest) (*tfprotov5.ValidateResourceTypeConfigResponse, error) {
	s.c.validated()
	return s.ProviderServer.ValidateResourceTypeConfig(ctx, req)
}

func (s *serverV5) ValidateDataSourceConfig(ctx context.Context, req *tfprotov5.ValidateDataSourceConfigRequest) (*tfprotov5.ValidateDataSourceConfigResponse, error) {
	s.c.validated()
	return s.ProviderServer.ValidateDataSourceConfig(ctx, req)
}

func (s *serverV5) ConfigureProvider(ctx context.Context, req *tfprotov5.ConfigureProviderRequest) (*tfprotov5.ConfigureProviderResponse, error) {
	s.c.configured()
	return s.ProviderServer.ConfigureProvider(ctx, req)
}
