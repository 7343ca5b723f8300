package contract

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// sdkFake answers like an SDKv2 provider (protocol 5, legacy type system)
// whose plan rewrites a configured value and whose apply normalises it: what
// Terraform only logs as a warning for such providers.
type sdkFake struct {
	tfprotov5.ProviderServer
	planned, applied tftypes.Value
}

var sdkType = tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "name": tftypes.String}}

func sdkObj(id, name any) tftypes.Value {
	return tftypes.NewValue(sdkType, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, id), "name": tftypes.NewValue(tftypes.String, name)})
}

func dv5(v tftypes.Value) *tfprotov5.DynamicValue {
	d, err := tfprotov5.NewDynamicValue(v.Type(), v)
	if err != nil {
		panic(err)
	}
	return &d
}

func (f *sdkFake) GetProviderSchema(context.Context, *tfprotov5.GetProviderSchemaRequest) (*tfprotov5.GetProviderSchemaResponse, error) {
	return &tfprotov5.GetProviderSchemaResponse{ResourceSchemas: map[string]*tfprotov5.Schema{"sdk_thing": {Block: &tfprotov5.SchemaBlock{
		Attributes: []*tfprotov5.SchemaAttribute{
			{Name: "id", Type: tftypes.String, Optional: true, Computed: true},
			{Name: "name", Type: tftypes.String, Required: true},
		},
	}}}}, nil
}

func (f *sdkFake) PlanResourceChange(context.Context, *tfprotov5.PlanResourceChangeRequest) (*tfprotov5.PlanResourceChangeResponse, error) {
	return &tfprotov5.PlanResourceChangeResponse{PlannedState: dv5(f.planned), UnsafeToUseLegacyTypeSystem: true}, nil
}

func (f *sdkFake) ApplyResourceChange(context.Context, *tfprotov5.ApplyResourceChangeRequest) (*tfprotov5.ApplyResourceChangeResponse, error) {
	return &tfprotov5.ApplyResourceChangeResponse{NewState: dv5(f.applied), UnsafeToUseLegacyTypeSystem: true}, nil
}

func legacyRun(t *testing.T, applied tftypes.Value, opts ...Option) []Violation {
	t.Helper()
	var got []Violation
	cfg, planned := sdkObj(nil, "a"), sdkObj(tftypes.UnknownValue, "A")
	s := WrapV5(&sdkFake{planned: planned, applied: applied}, append(opts, Collect(&got))...)
	ctx := context.Background()
	if _, err := s.PlanResourceChange(ctx, &tfprotov5.PlanResourceChangeRequest{TypeName: "sdk_thing",
		Config: dv5(cfg), PriorState: dv5(tftypes.NewValue(sdkType, nil)), ProposedNewState: dv5(cfg)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplyResourceChange(ctx, &tfprotov5.ApplyResourceChangeRequest{TypeName: "sdk_thing",
		Config: dv5(cfg), PlannedState: dv5(sdkObj(tftypes.UnknownValue, "a"))}); err != nil {
		t.Fatal(err)
	}
	return got
}

func legacyTolerated() []rules.ID {
	var ids []rules.ID
	for _, r := range rules.All() {
		if r.LegacyTolerated {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// The rules Terraform tolerates from SDKv2 providers are reported by
// default, even when the provider declares the legacy type system: that is
// what the checker adds to Terraform. Allow accepts them, and only them.
func TestLegacyToleratedReportedByDefault(t *testing.T) {
	normalised := sdkObj("1", "A")
	expect(t, legacyRun(t, normalised), "PLAN-1 name", "APPLY-2 name")
	expect(t, legacyRun(t, normalised, Allow(legacyTolerated()...)))
	// A rule Terraform enforces for every provider stays reported.
	expect(t, legacyRun(t, tftypes.NewValue(sdkType, nil), Allow(legacyTolerated()...)), "APPLY-3 ")
}

func TestLegacyToleratedCatalogue(t *testing.T) {
	want := map[rules.ID]bool{"PLAN-1": true, "PLAN-2": true, "PLAN-3": true, "PLAN-5": true, "APPLY-2": true}
	for _, id := range legacyTolerated() {
		if !want[id] {
			t.Errorf("%s is marked legacy-tolerated; Terraform enforces it for every provider", id)
		}
		delete(want, id)
	}
	for id := range want {
		t.Errorf("%s is not marked legacy-tolerated; Terraform only logs it for SDKv2 providers", id)
	}
}
