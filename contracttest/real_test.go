package contracttest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract"
)

// upperProvider (e2e_test.go) stores the remote system's upper-cased name:
// Terraform only logs this for SDKv2 (legacy type system); the wrapper
// reports it as APPLY-2.
func TestSDKv2LegacyToleratedViolationIsCaught(t *testing.T) {
	var got []contract.Violation
	factories := contract.CheckV5Factories(t, map[string]func() (tfprotov5.ProviderServer, error){
		"test": func() (tfprotov5.ProviderServer, error) { return upperProvider().GRPCProvider(), nil },
	}, contract.Collect(&got))
	srv, err := factories["test"]()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	schemaResp, err := srv.GetProviderSchema(ctx, &tfprotov5.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	typ := schemaResp.ResourceSchemas["fakesdk_upper"].ValueType()
	obj := func(vals map[string]tftypes.Value) *tfprotov5.DynamicValue {
		v, err := tfprotov5.NewDynamicValue(typ, tftypes.NewValue(typ, vals))
		if err != nil {
			t.Fatal(err)
		}
		return &v
	}
	null, _ := tfprotov5.NewDynamicValue(typ, tftypes.NewValue(typ, nil))
	config := obj(map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, nil), "name": tftypes.NewValue(tftypes.String, "logs")})
	if _, err := srv.ConfigureProvider(ctx, &tfprotov5.ConfigureProviderRequest{Config: &null}); err != nil {
		t.Fatal(err)
	}
	plan, err := srv.PlanResourceChange(ctx, &tfprotov5.PlanResourceChangeRequest{TypeName: "fakesdk_upper", Config: config, PriorState: &null, ProposedNewState: config})
	if err != nil || len(plan.Diagnostics) > 0 {
		t.Fatalf("plan: %v %v", err, plan.Diagnostics)
	}
	apply, err := srv.ApplyResourceChange(ctx, &tfprotov5.ApplyResourceChangeRequest{TypeName: "fakesdk_upper", Config: config, PriorState: &null, PlannedState: plan.PlannedState, PlannedPrivate: plan.PlannedPrivate})
	if err != nil || len(apply.Diagnostics) > 0 {
		t.Fatalf("apply: %v %v", err, apply.Diagnostics)
	}
	if !apply.UnsafeToUseLegacyTypeSystem {
		t.Log("note: the SDK no longer flags legacy type system")
	}
	var rulesSeen []string
	for _, v := range got {
		rulesSeen = append(rulesSeen, v.String())
	}
	joined := strings.Join(rulesSeen, "\n")
	if len(got) != 1 || got[0].Rule != "APPLY-2" || got[0].Path != "name" || !strings.Contains(joined, `"LOGS"`) {
		t.Errorf("want one APPLY-2 on name showing \"LOGS\", got:\n%s", joined)
	}
}

// The Driver runs SDKv2 (protocol 5) providers too.
func TestDriverV5(t *testing.T) {
	var got []contract.Violation
	d := contract.NewDriverV5(t, upperProvider().GRPCProvider(), "fakesdk_upper", contract.Collect(&got))
	if err := d.Apply(d.Config(`{"name": "logs"}`)); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Rule != "APPLY-2" || got[0].Path != "name" {
		t.Errorf("want one APPLY-2 on name, got %v", got)
	}
	if err := d.Destroy(); err != nil {
		t.Fatal(err)
	}
}
