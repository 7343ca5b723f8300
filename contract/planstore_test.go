package contract

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// procFake is one provider process: it also answers validation and
// configuration, whose order tells initial plans from final ones.
type procFake struct{ fake }

func (p *procFake) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (p *procFake) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

// planned is one PlanResourceChange: its request and the provider's answer.
type planned struct {
	cfg, plan tftypes.Value
	replace   bool
}

// session plays one Terraform command against a new wrapper sharing dir.
type session struct {
	t   *testing.T
	dir string
	got *[]Violation
}

func (s session) plan(srv tfprotov6.ProviderServer, prior tftypes.Value, p planned) {
	resp := &tfprotov6.PlanResourceChangeResponse{PlannedState: dv(s.t, p.plan)}
	if p.replace {
		resp.RequiresReplace = []*tftypes.AttributePath{tftypes.NewAttributePath().WithAttributeName("name")}
	}
	srv.(*serverV6).ProviderServer.(*procFake).plan = resp
	_, _ = srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: "test_thing", Config: dv(s.t, p.cfg), PriorState: dv(s.t, prior)})
}

func (s session) wrapper() tfprotov6.ProviderServer {
	return WrapV6(&procFake{}, Collect(s.got), PlanStore(s.dir))
}

func (s session) validate(srv tfprotov6.ProviderServer) {
	_, _ = srv.ValidateResourceConfig(context.Background(), &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_thing"})
}

func (s session) configure(srv tfprotov6.ProviderServer) {
	_, _ = srv.ConfigureProvider(context.Background(), &tfprotov6.ConfigureProviderRequest{})
}

// planCommand is `terraform plan`: validation walk, then the planning walk.
func (s session) planCommand(prior tftypes.Value, p planned) {
	srv := s.wrapper()
	s.validate(srv)
	s.configure(srv)
	s.validate(srv) // Terraform validates again just before planning
	s.plan(srv, prior, p)
}

// applySaved is `terraform apply PLANFILE`: no validation walk.
func (s session) applySaved(prior tftypes.Value, p planned) {
	srv := s.wrapper()
	s.configure(srv)
	s.validate(srv)
	s.plan(srv, prior, p)
}

// applyDirect is `terraform apply` with no plan file: validation, the
// planning walk, then the apply walk in the same process.
func (s session) applyDirect(prior tftypes.Value, initial, final planned) {
	srv := s.wrapper()
	s.validate(srv)
	s.configure(srv)
	s.plan(srv, prior, initial)
	s.configure(srv)
	s.plan(srv, prior, final)
}

func TestPlanStorePairing(t *testing.T) {
	u := tftypes.UnknownValue
	prior := thing(map[string]any{"name": "a", "id": "1", "size": 5})
	unknownName := thing(map[string]any{"name": u})
	named := thing(map[string]any{"name": "b"})
	initial := planned{unknownName, thing(map[string]any{"name": u, "id": "1", "size": 5}), false}
	kept := planned{named, thing(map[string]any{"name": "b", "id": "1", "size": 5}), false}
	changed := planned{named, thing(map[string]any{"name": "b", "id": "1", "size": 6}), false}
	replaced := planned{named, thing(map[string]any{"name": "b", "id": "1", "size": 5}), true}
	noop := planned{thing(map[string]any{"name": "a"}), prior, false}
	cases := []struct {
		name string
		run  func(s session)
		want []string
	}{
		{"saved plan: final keeps the initial plan", func(s session) {
			s.planCommand(prior, initial)
			s.applySaved(prior, kept)
		}, nil},
		{"saved plan: a known value changed", func(s session) {
			s.planCommand(prior, initial)
			s.applySaved(prior, changed)
		}, []string{"PLAN-8 size"}},
		{"saved plan: update became replace", func(s session) {
			s.planCommand(prior, kept)
			s.applySaved(prior, replaced)
		}, []string{"PLAN-8 "}},
		{"saved plan: update may become no-op", func(s session) {
			s.planCommand(prior, planned{unknownName, thing(map[string]any{"name": u, "id": "1", "size": 5}), false})
			s.applySaved(prior, planned{thing(map[string]any{"name": "a"}), prior, false})
		}, nil},
		{"saved plan: no initial plan kept, nothing to say", func(s session) {
			s.applySaved(prior, changed)
		}, nil},
		{"saved plan: one of two candidates agrees", func(s session) {
			s.planCommand(prior, changed)
			s.planCommand(prior, kept)
			s.applySaved(prior, kept)
		}, nil},
		{"two plan commands over the same prior state differ", func(s session) {
			s.planCommand(prior, noop)
			s.planCommand(prior, planned{noop.cfg, thing(map[string]any{"name": "a", "id": "1", "size": u}), true})
		}, nil},
		{"plan commands then an apply of one of them", func(s session) {
			s.planCommand(prior, noop)
			s.planCommand(prior, kept)
			s.applySaved(prior, changed)
		}, []string{"PLAN-8 size"}},
		{"one-command apply: final breaks initial", func(s session) {
			s.applyDirect(prior, initial, changed)
		}, []string{"PLAN-8 size"}},
		{"one-command apply: final keeps initial", func(s session) {
			s.applyDirect(prior, initial, kept)
		}, nil},
		{"one-command apply pairs only within its process", func(s session) {
			s.planCommand(prior, kept)
			s.applyDirect(prior, changed, changed)
		}, nil},
		{"plans before any configure are neither kept nor judged", func(s session) {
			srv := s.wrapper()
			s.plan(srv, prior, kept)
			s.applySaved(prior, changed)
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []Violation
			c.run(session{t: t, dir: t.TempDir(), got: &got})
			expect(t, got, c.want...)
		})
	}
}

// Without PlanStore the order of calls is passed on and nothing is paired.
func TestNoPlanStoreNoPairing(t *testing.T) {
	var got []Violation
	prior := thing(map[string]any{"name": "a", "id": "1", "size": 5})
	srv := WrapV6(&procFake{}, Collect(&got))
	s := session{t: t, got: &got}
	s.validate(srv)
	s.configure(srv)
	s.plan(srv, prior, planned{thing(map[string]any{"name": "b"}), thing(map[string]any{"name": "b", "id": "1", "size": 5}), false})
	s.configure(srv)
	s.plan(srv, prior, planned{thing(map[string]any{"name": "b"}), thing(map[string]any{"name": "b", "id": "1", "size": 6}), false})
	expect(t, got)
}

// fake5 is a protocol 5 process with one attribute.
type fake5 struct {
	tfprotov5.ProviderServer
	planned tftypes.Value
}

var schema5 = &tfprotov5.Schema{Block: &tfprotov5.SchemaBlock{Attributes: []*tfprotov5.SchemaAttribute{
	{Name: "name", Type: tftypes.String, Required: true},
	{Name: "stamp", Type: tftypes.String, Computed: true},
}}}

func (f *fake5) GetProviderSchema(context.Context, *tfprotov5.GetProviderSchemaRequest) (*tfprotov5.GetProviderSchemaResponse, error) {
	return &tfprotov5.GetProviderSchemaResponse{ResourceSchemas: map[string]*tfprotov5.Schema{"test_five": schema5}}, nil
}

func (f *fake5) ValidateResourceTypeConfig(context.Context, *tfprotov5.ValidateResourceTypeConfigRequest) (*tfprotov5.ValidateResourceTypeConfigResponse, error) {
	return &tfprotov5.ValidateResourceTypeConfigResponse{}, nil
}

func (f *fake5) ConfigureProvider(context.Context, *tfprotov5.ConfigureProviderRequest) (*tfprotov5.ConfigureProviderResponse, error) {
	return &tfprotov5.ConfigureProviderResponse{}, nil
}

func (f *fake5) PlanResourceChange(context.Context, *tfprotov5.PlanResourceChangeRequest) (*tfprotov5.PlanResourceChangeResponse, error) {
	d, err := tfprotov5.NewDynamicValue(f.planned.Type(), f.planned)
	return &tfprotov5.PlanResourceChangeResponse{PlannedState: &d}, err
}

// The protocol 5 wrapper follows the same calls.
func TestPlanStoreV5(t *testing.T) {
	typ := schema5.ValueType()
	obj := func(name, stamp any) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"name": tftypes.NewValue(tftypes.String, name), "stamp": tftypes.NewValue(tftypes.String, stamp)})
	}
	dv5 := func(v tftypes.Value) *tfprotov5.DynamicValue {
		d, err := tfprotov5.NewDynamicValue(v.Type(), v)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	prior, cfg := tftypes.NewValue(typ, nil), obj("a", nil)
	command := func(dir string, got *[]Violation, validateFirst bool, plan tftypes.Value) {
		srv := WrapV5(&fake5{planned: plan}, Collect(got), PlanStore(dir))
		ctx := context.Background()
		if validateFirst {
			_, _ = srv.ValidateResourceTypeConfig(ctx, &tfprotov5.ValidateResourceTypeConfigRequest{TypeName: "test_five"})
		}
		_, _ = srv.ConfigureProvider(ctx, &tfprotov5.ConfigureProviderRequest{})
		_, _ = srv.PlanResourceChange(ctx, &tfprotov5.PlanResourceChangeRequest{TypeName: "test_five", Config: dv5(cfg), PriorState: dv5(prior)})
	}
	var got []Violation
	dir := t.TempDir()
	command(dir, &got, true, obj("a", "noon"))
	command(dir, &got, true, obj("a", "night")) // another plan: not compared
	if len(got) != 0 {
		t.Fatalf("two plan commands compared: %v", got)
	}
	command(dir, &got, false, obj("a", "midnight")) // a saved plan applied
	if len(got) != 1 || got[0].Rule != "PLAN-8" || got[0].Path != "stamp" {
		t.Errorf("final plan against both initial plans: got %v, want one PLAN-8 stamp", got)
	}
}
