package contract

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// WrapV6 returns a server that forwards every call to s unchanged and checks
// the responses against the contract.
func WrapV6(s tfprotov6.ProviderServer, opts ...Option) tfprotov6.ProviderServer {
	return &serverV6{ProviderServer: s, c: newChecker(opts)}
}

type serverV6 struct {
	tfprotov6.ProviderServer
	c       *checker
	schemas schemaCache
}

func (s *serverV6) schema(ctx context.Context, typeName string, data bool) *tfprotov6.Schema {
	return s.schemas.get(typeName, data, func() {
		if resp, err := s.ProviderServer.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err == nil {
			s.remember(resp)
		}
	})
}

func (s *serverV6) identity(ctx context.Context, typeName string) tftypes.Type {
	return s.schemas.identity(typeName, func() {
		types := map[string]tftypes.Type{}
		if resp, err := s.ProviderServer.GetResourceIdentitySchemas(ctx, &tfprotov6.GetResourceIdentitySchemasRequest{}); err == nil && resp != nil {
			for k, v := range resp.IdentitySchemas {
				if v != nil && len(v.IdentityAttributes) > 0 {
					types[k] = v.ValueType()
				}
			}
		}
		s.schemas.addIdentities(types)
	})
}

// identityData unwraps ResourceIdentityData.
func identityData6(d *tfprotov6.ResourceIdentityData) (dyn, bool) {
	if d == nil {
		return nil, false
	}
	return d.IdentityData, true
}

func (s *serverV6) remember(resp *tfprotov6.GetProviderSchemaResponse) {
	if resp != nil {
		s.schemas.add(resp.ResourceSchemas, resp.DataSourceSchemas)
	}
}

func (s *serverV6) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	resp, err := s.ProviderServer.GetProviderSchema(ctx, req)
	if err == nil {
		s.remember(resp)
	}
	return resp, err
}

func hasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d != nil && d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func (s *serverV6) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp, err := s.ProviderServer.PlanResourceChange(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.planChecks(req.TypeName, sch, req.Config, req.PriorState, resp.PlannedState, resp.RequiresReplace)
		}
	}
	return resp, err
}

func (s *serverV6) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp, err := s.ProviderServer.ApplyResourceChange(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.applyChecks(req.TypeName, sch, req.PlannedState, resp.NewState)
			if !isNullDyn(req.PlannedState, sch) {
				data, ok := identityData6(resp.NewIdentity)
				before, _ := identityData6(req.PlannedIdentity)
				s.c.identityChecks("ApplyResourceChange", req.TypeName, s.identity(ctx, req.TypeName), data, ok, before)
			}
		}
	}
	return resp, err
}

func (s *serverV6) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp, err := s.ProviderServer.ReadResource(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.readChecks(req.TypeName, sch, resp.NewState)
			if !isNullDyn(resp.NewState, sch) {
				data, ok := identityData6(resp.NewIdentity)
				before, _ := identityData6(req.CurrentIdentity)
				s.c.identityChecks("ReadResource", req.TypeName, s.identity(ctx, req.TypeName), data, ok, before)
			}
		}
	}
	return resp, err
}

func (s *serverV6) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	resp, err := s.ProviderServer.ReadDataSource(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) && resp.Deferred == nil {
		if sch := s.schema(ctx, req.TypeName, true); sch != nil {
			s.c.readDataChecks(req.TypeName, sch, resp.State)
		}
	}
	return resp, err
}

func (s *serverV6) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp, err := s.ProviderServer.UpgradeResourceState(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TypeName, false); sch != nil {
			s.c.upgradeChecks(req.TypeName, sch, resp.UpgradedState)
		}
	}
	return resp, err
}

func (s *serverV6) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	resp, err := s.ProviderServer.ImportResourceState(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) && resp.Deferred == nil {
		var irs []imported
		for _, ir := range resp.ImportedResources {
			if ir != nil {
				irs = append(irs, imported{ir.TypeName, s.schema(ctx, ir.TypeName, false), ir.State})
			}
		}
		s.c.importChecks(req.TypeName, irs)
	}
	return resp, err
}

func (s *serverV6) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	resp, err := s.ProviderServer.MoveResourceState(ctx, req)
	if err == nil && resp != nil && !hasError(resp.Diagnostics) {
		if sch := s.schema(ctx, req.TargetTypeName, false); sch != nil {
			s.c.moveChecks(req.TargetTypeName, sch, resp.TargetState)
		}
	}
	return resp, err
}

// Validation and configuration calls are passed on unchanged; their order
// tells an initial plan from a final one (see PlanStore).

func (s *serverV6) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	s.c.validated()
	return s.ProviderServer.ValidateResourceConfig(ctx, req)
}

func (s *serverV6) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	s.c.validated()
	return s.ProviderServer.ValidateDataResourceConfig(ctx, req)
}

func (s *serverV6) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	s.c.configured()
	return s.ProviderServer.ConfigureProvider(ctx, req)
}
