package contract

import (
	"context"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// WrapV6 returns a server that forwards every call to s unchanged and checks
// the responses against the contract.
func WrapV6(s tfprotov6.ProviderServer, opts ...Option) tfprotov6.ProviderServer {
	return &serverV6{ProviderServer: s, c: newChecker(opts), resources: map[string]*tfprotov6.Schema{}, data: map[string]*tfprotov6.Schema{}}
}

type serverV6 struct {
	tfprotov6.ProviderServer
	c *checker

	mu        sync.Mutex
	loaded    bool
	resources map[string]*tfprotov6.Schema
	data      map[string]*tfprotov6.Schema
}

func (s *serverV6) remember(resp *tfprotov6.GetProviderSchemaResponse) {
	if resp == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, v := range resp.ResourceSchemas {
		s.resources[k] = v
	}
	for k, v := range resp.DataSourceSchemas {
		s.data[k] = v
	}
	s.loaded = true
}

// schema returns a resource (or data source) schema, asking the provider for
// its schemas when the caller never did.
func (s *serverV6) schema(ctx context.Context, typeName string, data bool) *tfprotov6.Schema {
	s.mu.Lock()
	loaded := s.loaded
	s.mu.Unlock()
	if !loaded {
		resp, err := s.ProviderServer.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
		if err == nil {
			s.remember(resp)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if data {
		return s.data[typeName]
	}
	return s.resources[typeName]
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

// decode unmarshals a DynamicValue; a nil one is a null object.
func decode(dv *tfprotov6.DynamicValue, typ tftypes.Type) (tftypes.Value, error) {
	if dv == nil {
		return tftypes.NewValue(typ, nil), nil
	}
	return dv.Unmarshal(typ)
}

// decodeAll decodes values, reporting the first that does not fit the schema.
func (f *finder) decodeAll(rule rules.ID, typ tftypes.Type, named map[string]*tfprotov6.DynamicValue) (map[string]tftypes.Value, bool) {
	out := map[string]tftypes.Value{}
	for name, dv := range named {
		v, err := decode(dv, typ)
		if err != nil {
			f.add(rule, "", "%s does not conform to the schema: %v", name, err)
			return nil, false
		}
		out[name] = v
	}
	return out, true
}

func (s *serverV6) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp, err := s.ProviderServer.PlanResourceChange(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) {
		return resp, err
	}
	s.c.guard("PlanResourceChange", req.TypeName, func() []Violation {
		sch := s.schema(ctx, req.TypeName, false)
		if sch == nil {
			return nil
		}
		f := &finder{rpc: "PlanResourceChange", typeName: req.TypeName}
		vs, ok := f.decodeAll("PLAN-4", sch.ValueType(), map[string]*tfprotov6.DynamicValue{
			"config": req.Config, "prior state": req.PriorState, "planned state": resp.PlannedState})
		if !ok {
			return f.out
		}
		cfg, prior, plan := vs["config"], vs["prior state"], vs["planned state"]
		f.checkPlanned(sch, cfg, prior, plan, resp.RequiresReplace)
		return f.out
	})
	return resp, err
}

func (f *finder) checkPlanned(sch *tfprotov6.Schema, cfg, prior, plan tftypes.Value, replace []*tftypes.AttributePath) {
	if cfg.IsNull() != plan.IsNull() {
		f.add("PLAN-4", "", "config is %s but the planned object is %s", nullness(cfg), nullness(plan))
		return
	}
	if plan.IsNull() {
		return
	}
	f.checkPlan(sch.Block, cfg, prior, plan, "") // PLAN-6 included
	for _, p := range replace {
		if p == nil {
			continue
		}
		_, _, errPlan := tftypes.WalkAttributePath(plan, p)
		_, _, errPrior := tftypes.WalkAttributePath(prior, p)
		if errPlan != nil && errPrior != nil {
			f.add("PLAN-7", p.String(), "RequiresReplace names a path that exists in neither the prior nor the planned object")
		}
	}
}

func (s *serverV6) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp, err := s.ProviderServer.ApplyResourceChange(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) {
		return resp, err
	}
	s.c.guard("ApplyResourceChange", req.TypeName, func() []Violation {
		sch := s.schema(ctx, req.TypeName, false)
		if sch == nil {
			return nil
		}
		f := &finder{rpc: "ApplyResourceChange", typeName: req.TypeName}
		vs, ok := f.decodeAll("APPLY-1", sch.ValueType(), map[string]*tfprotov6.DynamicValue{
			"planned state": req.PlannedState, "new state": resp.NewState})
		if ok {
			f.checkNewState(sch, vs["planned state"], vs["new state"])
		}
		return f.out
	})
	return resp, err
}

func (f *finder) checkNewState(sch *tfprotov6.Schema, plan, state tftypes.Value) {
	switch {
	case plan.IsNull() && !state.IsNull():
		f.add("APPLY-3", "", "destroy returned a non-null new state")
		return
	case plan.IsNull():
		return
	case state.IsNull():
		f.add("APPLY-3", "", "create or update returned a null new state without an error")
		return
	}
	f.checkKnown("APPLY-1", state, "new state value")
	f.checkApplied(sch.Block, plan, state, "")
	f.checkWriteOnlyNull("APPLY-4", sch.Block, state, "", "new state")
}

func (s *serverV6) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp, err := s.ProviderServer.ReadResource(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) {
		return resp, err
	}
	s.c.guard("ReadResource", req.TypeName, func() []Violation {
		sch := s.schema(ctx, req.TypeName, false)
		if sch == nil {
			return nil
		}
		f := &finder{rpc: "ReadResource", typeName: req.TypeName}
		vs, ok := f.decodeAll("READ-1", sch.ValueType(), map[string]*tfprotov6.DynamicValue{"new state": resp.NewState})
		if ok && !vs["new state"].IsNull() {
			f.checkKnown("READ-1", vs["new state"], "state value")
			f.checkWriteOnlyNull("READ-5", sch.Block, vs["new state"], "", "state")
		}
		return f.out
	})
	return resp, err
}

func (s *serverV6) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	resp, err := s.ProviderServer.ReadDataSource(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) || resp.Deferred != nil {
		return resp, err
	}
	s.c.guard("ReadDataSource", req.TypeName, func() []Violation {
		sch := s.schema(ctx, req.TypeName, true)
		if sch == nil {
			return nil
		}
		f := &finder{rpc: "ReadDataSource", typeName: req.TypeName}
		vs, ok := f.decodeAll("READ-1", sch.ValueType(), map[string]*tfprotov6.DynamicValue{"state": resp.State})
		switch {
		case !ok:
		case vs["state"].IsNull():
			f.add("READ-4", "", "data source returned a null state without an error")
		default:
			f.checkKnown("READ-1", vs["state"], "state value")
		}
		return f.out
	})
	return resp, err
}

func (s *serverV6) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp, err := s.ProviderServer.UpgradeResourceState(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) {
		return resp, err
	}
	s.c.guard("UpgradeResourceState", req.TypeName, func() []Violation {
		sch := s.schema(ctx, req.TypeName, false)
		if sch == nil {
			return nil
		}
		f := &finder{rpc: "UpgradeResourceState", typeName: req.TypeName}
		vs, ok := f.decodeAll("UPGRADE-1", sch.ValueType(), map[string]*tfprotov6.DynamicValue{"upgraded state": resp.UpgradedState})
		if ok {
			f.checkKnown("UPGRADE-1", vs["upgraded state"], "upgraded state value")
		}
		return f.out
	})
	return resp, err
}

func (s *serverV6) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	resp, err := s.ProviderServer.ImportResourceState(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) || resp.Deferred != nil {
		return resp, err
	}
	s.c.guard("ImportResourceState", req.TypeName, func() []Violation {
		f := &finder{rpc: "ImportResourceState", typeName: req.TypeName}
		if len(resp.ImportedResources) == 0 {
			f.add("IMPORT-1", "", "import returned no resource and no error")
		}
		for _, ir := range resp.ImportedResources {
			if ir == nil {
				continue
			}
			sch := s.schema(ctx, ir.TypeName, false)
			if sch == nil {
				continue
			}
			f.typeName = ir.TypeName
			vs, ok := f.decodeAll("IMPORT-2", sch.ValueType(), map[string]*tfprotov6.DynamicValue{"import stub": ir.State})
			switch {
			case !ok:
			case vs["import stub"].IsNull():
				f.add("IMPORT-1", "", "import returned a null state")
			default:
				f.checkKnown("IMPORT-2", vs["import stub"], "import stub value")
				f.checkWriteOnlyNull("IMPORT-2", sch.Block, vs["import stub"], "", "import stub")
			}
		}
		return f.out
	})
	return resp, err
}

func (s *serverV6) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	resp, err := s.ProviderServer.MoveResourceState(ctx, req)
	if err != nil || resp == nil || hasError(resp.Diagnostics) {
		return resp, err
	}
	s.c.guard("MoveResourceState", req.TargetTypeName, func() []Violation {
		sch := s.schema(ctx, req.TargetTypeName, false)
		if sch == nil {
			return nil
		}
		f := &finder{rpc: "MoveResourceState", typeName: req.TargetTypeName}
		vs, ok := f.decodeAll("MOVE-1", sch.ValueType(), map[string]*tfprotov6.DynamicValue{"target state": resp.TargetState})
		switch {
		case !ok:
		case vs["target state"].IsNull():
			f.add("MOVE-1", "", "move returned a null target state")
		default:
			f.checkKnown("MOVE-1", vs["target state"], "target state value")
		}
		return f.out
	})
	return resp, err
}
