package contract

import (
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// The schema of "test_thing" used throughout.
var thingSchema = &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{
	Attributes: []*tfprotov6.SchemaAttribute{
		{Name: "id", Type: tftypes.String, Computed: true},
		{Name: "name", Type: tftypes.String, Required: true},
		{Name: "size", Type: tftypes.Number, Optional: true, Computed: true},
		{Name: "secret", Type: tftypes.String, Optional: true, Sensitive: true},
		{Name: "token", Type: tftypes.String, Optional: true, WriteOnly: true},
		{Name: "tags", Type: tftypes.Map{ElementType: tftypes.String}, Optional: true},
	},
	BlockTypes: []*tfprotov6.SchemaNestedBlock{{
		TypeName: "rule",
		Nesting:  tfprotov6.SchemaNestedBlockNestingModeList,
		Block:    &tfprotov6.SchemaBlock{Attributes: []*tfprotov6.SchemaAttribute{{Name: "port", Type: tftypes.Number, Optional: true}}},
	}},
}}

var (
	thingType = thingSchema.ValueType().(tftypes.Object)
	ruleType  = thingType.AttributeTypes["rule"].(tftypes.List).ElementType
)

// thing builds an object; attributes not given are null.
func thing(vals map[string]any) tftypes.Value {
	m := map[string]tftypes.Value{}
	for name, t := range thingType.AttributeTypes {
		v, ok := vals[name]
		switch {
		case !ok && name == "rule":
			m[name] = rulesOf() // block lists are empty, never null
		case !ok:
			m[name] = tftypes.NewValue(t, nil)
		case v == tftypes.UnknownValue:
			m[name] = tftypes.NewValue(t, tftypes.UnknownValue)
		default:
			if tv, isVal := v.(tftypes.Value); isVal {
				m[name] = tv
			} else {
				m[name] = tftypes.NewValue(t, v)
			}
		}
	}
	return tftypes.NewValue(thingType, m)
}

func rulesOf(ports ...int) tftypes.Value {
	var l []tftypes.Value
	for _, p := range ports {
		l = append(l, tftypes.NewValue(ruleType, map[string]tftypes.Value{"port": tftypes.NewValue(tftypes.Number, p)}))
	}
	return tftypes.NewValue(tftypes.List{ElementType: ruleType}, l)
}

func tags(kv ...string) tftypes.Value {
	m := map[string]tftypes.Value{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = tftypes.NewValue(tftypes.String, kv[i+1])
	}
	return tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, m)
}

var null = tftypes.NewValue(thingType, nil)

func dv(t *testing.T, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	d, err := tfprotov6.NewDynamicValue(v.Type(), v)
	if err != nil {
		t.Fatal(err)
	}
	return &d
}

// fake answers with canned responses; other methods panic (unused).
type fake struct {
	tfprotov6.ProviderServer
	identity *tfprotov6.ResourceIdentitySchema
	plan     *tfprotov6.PlanResourceChangeResponse
	apply    *tfprotov6.ApplyResourceChangeResponse
	read     *tfprotov6.ReadResourceResponse
	data     *tfprotov6.ReadDataSourceResponse
	upgrade  *tfprotov6.UpgradeResourceStateResponse
	imp      *tfprotov6.ImportResourceStateResponse
	move     *tfprotov6.MoveResourceStateResponse
}

func (f *fake) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{
		ResourceSchemas:   map[string]*tfprotov6.Schema{"test_thing": thingSchema},
		DataSourceSchemas: map[string]*tfprotov6.Schema{"test_thing": thingSchema},
	}, nil
}
func (f *fake) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	resp := &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: map[string]*tfprotov6.ResourceIdentitySchema{}}
	if f.identity != nil {
		resp.IdentitySchemas["test_thing"] = f.identity
	}
	return resp, nil
}
func (f *fake) PlanResourceChange(context.Context, *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return f.plan, nil
}
func (f *fake) ApplyResourceChange(context.Context, *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return f.apply, nil
}
func (f *fake) ReadResource(context.Context, *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return f.read, nil
}
func (f *fake) ReadDataSource(context.Context, *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return f.data, nil
}
func (f *fake) UpgradeResourceState(context.Context, *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return f.upgrade, nil
}
func (f *fake) ImportResourceState(context.Context, *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return f.imp, nil
}
func (f *fake) MoveResourceState(context.Context, *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return f.move, nil
}

func plan(t *testing.T, cfg, prior, planned tftypes.Value, replace ...*tftypes.AttributePath) []Violation {
	var got []Violation
	f := &fake{plan: &tfprotov6.PlanResourceChangeResponse{PlannedState: dv(t, planned), RequiresReplace: replace}}
	_, err := WrapV6(f, Collect(&got)).PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: "test_thing", Config: dv(t, cfg), PriorState: dv(t, prior), ProposedNewState: dv(t, cfg)})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func apply(t *testing.T, planned, state tftypes.Value) []Violation {
	var got []Violation
	f := &fake{apply: &tfprotov6.ApplyResourceChangeResponse{NewState: dv(t, state)}}
	_, err := WrapV6(f, Collect(&got)).ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PlannedState: dv(t, planned)})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// expect asserts exactly the given rules were reported, at the given paths.
func expect(t *testing.T, got []Violation, want ...string) {
	t.Helper()
	var g []string
	for _, v := range got {
		g = append(g, string(v.Rule)+" "+v.Path)
	}
	if strings.Join(g, "; ") != strings.Join(want, "; ") {
		t.Errorf("violations:\n got  %q\n want %q\n%v", g, want, got)
	}
}

func TestPlanRules(t *testing.T) {
	u := tftypes.UnknownValue
	cases := []struct {
		name                string
		cfg, prior, planned tftypes.Value
		replace             []*tftypes.AttributePath
		want                []string
	}{
		{"PLAN-1 config value rewritten", thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "A", "id": u, "size": u}), nil, []string{"PLAN-1 name"}},
		{"PLAN-1 ok: config value kept", thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "a", "id": u, "size": u}), nil, nil},
		{"PLAN-1 ok: prior value kept", thing(map[string]any{"name": "a"}), thing(map[string]any{"name": "A", "id": "1"}), thing(map[string]any{"name": "A", "id": "1"}), nil, nil},
		{"PLAN-2 non-computed filled in", thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "a", "secret": "s3cr3t"}), nil, []string{"PLAN-2 secret"}},
		{"PLAN-2 ok: computed filled in", thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "a", "size": 3}), nil, nil},
		{"PLAN-3 configured value planned unknown", thing(map[string]any{"name": "a", "size": 2}), null, thing(map[string]any{"name": "a", "size": u}), nil, []string{"PLAN-3 size"}},
		{"PLAN-3 ok: unknown config stays unknown", thing(map[string]any{"name": u}), null, thing(map[string]any{"name": u}), nil, nil},
		{"PLAN-4 destroy planned non-null", null, thing(map[string]any{"name": "a"}), thing(map[string]any{"name": "a"}), nil, []string{"PLAN-4 "}},
		{"PLAN-4 ok: destroy planned null", null, thing(map[string]any{"name": "a"}), null, nil, nil},
		{"PLAN-5 block count changed", thing(map[string]any{"name": "a", "rule": rulesOf(1, 2)}), null, thing(map[string]any{"name": "a", "rule": rulesOf(1)}), nil, []string{"PLAN-5 rule"}},
		{"PLAN-1 inside a block", thing(map[string]any{"name": "a", "rule": rulesOf(1, 2)}), null, thing(map[string]any{"name": "a", "rule": rulesOf(1, 3)}), nil, []string{"PLAN-1 rule[1].port"}},
		{"PLAN-5 ok: blocks kept", thing(map[string]any{"name": "a", "rule": rulesOf(1, 2)}), null, thing(map[string]any{"name": "a", "rule": rulesOf(1, 2)}), nil, nil},
		{"PLAN-6 write-only planned", thing(map[string]any{"name": "a", "token": "t"}), null, thing(map[string]any{"name": "a", "token": "t"}), nil, []string{"PLAN-6 token"}},
		{"PLAN-6 ok: write-only null", thing(map[string]any{"name": "a", "token": "t"}), null, thing(map[string]any{"name": "a"}), nil, nil},
		{"PLAN-7 replace path missing", thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "a"}), []*tftypes.AttributePath{tftypes.NewAttributePath().WithAttributeName("nope")}, []string{"PLAN-7 nope"}},
		{"PLAN-7 ok: replace path exists", thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "a"}), []*tftypes.AttributePath{tftypes.NewAttributePath().WithAttributeName("name")}, nil},
		{"PLAN-1 map element rewritten", thing(map[string]any{"name": "a", "tags": tags("k", "v")}), null, thing(map[string]any{"name": "a", "tags": tags("k", "V")}), nil, []string{"PLAN-1 tags"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, plan(t, c.cfg, c.prior, c.planned, c.replace...), c.want...)
		})
	}
}

func TestApplyRules(t *testing.T) {
	u := tftypes.UnknownValue
	planned := thing(map[string]any{"name": "a", "id": u, "size": u, "tags": tags("k", "v"), "rule": rulesOf(1)})
	good := thing(map[string]any{"name": "a", "id": "1", "size": 1, "tags": tags("k", "v"), "rule": rulesOf(1)})
	cases := []struct {
		name           string
		planned, state tftypes.Value
		want           []string
	}{
		{"ok", planned, good, nil},
		{"APPLY-1 unknown left", planned, thing(map[string]any{"name": "a", "id": u, "size": 1, "tags": tags("k", "v"), "rule": rulesOf(1)}), []string{"APPLY-1 id"}},
		{"APPLY-2 normalised value", planned, thing(map[string]any{"name": "A", "id": "1", "size": 1, "tags": tags("k", "v"), "rule": rulesOf(1)}), []string{"APPLY-2 name"}},
		{"APPLY-2 map element appeared", planned, thing(map[string]any{"name": "a", "id": "1", "size": 1, "tags": tags("k", "v", "x", "y"), "rule": rulesOf(1)}), []string{`APPLY-2 tags["x"]`}},
		{"APPLY-2 block count", planned, thing(map[string]any{"name": "a", "id": "1", "size": 1, "tags": tags("k", "v"), "rule": rulesOf(1, 2)}), []string{"APPLY-2 rule"}},
		{"APPLY-3 create returned null", planned, null, []string{"APPLY-3 "}},
		{"APPLY-3 destroy returned state", null, good, []string{"APPLY-3 "}},
		{"APPLY-3 ok: destroy null", null, null, nil},
		{"APPLY-4 write-only stored", thing(map[string]any{"name": "a", "id": "1"}), thing(map[string]any{"name": "a", "id": "1", "token": "t"}), []string{"APPLY-4 token"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, apply(t, c.planned, c.state), c.want...)
		})
	}
}

func TestOtherRPCs(t *testing.T) {
	u := tftypes.UnknownValue
	ctx := context.Background()
	known := thing(map[string]any{"name": "a", "id": "1"})
	unknownID := thing(map[string]any{"name": "a", "id": u})
	withToken := thing(map[string]any{"name": "a", "id": "1", "token": "t"})
	run := func(f *fake, call func(tfprotov6.ProviderServer)) []Violation {
		var got []Violation
		call(WrapV6(f, Collect(&got)))
		return got
	}
	read := func(v tftypes.Value) []Violation {
		return run(&fake{read: &tfprotov6.ReadResourceResponse{NewState: dv(t, v)}}, func(s tfprotov6.ProviderServer) {
			s.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: "test_thing"})
		})
	}
	expect(t, read(known))
	expect(t, read(null)) // removed from state: fine
	expect(t, read(unknownID), "READ-1 id")
	expect(t, read(withToken), "READ-5 token")

	data := func(v tftypes.Value) []Violation {
		return run(&fake{data: &tfprotov6.ReadDataSourceResponse{State: dv(t, v)}}, func(s tfprotov6.ProviderServer) {
			s.ReadDataSource(ctx, &tfprotov6.ReadDataSourceRequest{TypeName: "test_thing"})
		})
	}
	expect(t, data(known))
	expect(t, data(null), "READ-4 ")
	expect(t, data(unknownID), "READ-1 id")

	upgrade := func(v tftypes.Value) []Violation {
		return run(&fake{upgrade: &tfprotov6.UpgradeResourceStateResponse{UpgradedState: dv(t, v)}}, func(s tfprotov6.ProviderServer) {
			s.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: "test_thing"})
		})
	}
	expect(t, upgrade(known))
	expect(t, upgrade(unknownID), "UPGRADE-1 id")
	wrongShape := tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String}}, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, "1")})
	expect(t, upgrade(wrongShape), "UPGRADE-1 ")

	imp := func(vs ...tftypes.Value) []Violation {
		var irs []*tfprotov6.ImportedResource
		for _, v := range vs {
			irs = append(irs, &tfprotov6.ImportedResource{TypeName: "test_thing", State: dv(t, v)})
		}
		return run(&fake{imp: &tfprotov6.ImportResourceStateResponse{ImportedResources: irs}}, func(s tfprotov6.ProviderServer) {
			s.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: "test_thing", ID: "1"})
		})
	}
	expect(t, imp(known))
	expect(t, imp(), "IMPORT-1 ")
	expect(t, imp(null), "IMPORT-1 ")
	expect(t, imp(unknownID), "IMPORT-2 id")
	expect(t, imp(withToken), "IMPORT-2 token")

	move := func(v tftypes.Value) []Violation {
		return run(&fake{move: &tfprotov6.MoveResourceStateResponse{TargetState: dv(t, v)}}, func(s tfprotov6.ProviderServer) {
			s.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{TargetTypeName: "test_thing"})
		})
	}
	expect(t, move(known))
	expect(t, move(null), "MOVE-1 ")
	expect(t, move(unknownID), "MOVE-1 id")
}

// Sensitive and write-only values never appear in messages.
func TestSecretsNotPrinted(t *testing.T) {
	got := plan(t, thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "a", "secret": "hunter2"}))
	if len(got) != 1 || strings.Contains(got[0].String(), "hunter2") {
		t.Errorf("got %v; the sensitive value must not be printed", got)
	}
	got = plan(t, thing(map[string]any{"name": "a"}), null, thing(map[string]any{"name": "b"}))
	if len(got) != 1 || !strings.Contains(got[0].String(), `"a"`) || !strings.Contains(got[0].String(), `"b"`) {
		t.Errorf("got %v; a plain value's two sides should be printed", got)
	}
}

func TestAllow(t *testing.T) {
	var got []Violation
	f := &fake{apply: &tfprotov6.ApplyResourceChangeResponse{NewState: dv(t, thing(map[string]any{"name": "A", "id": "1"}))}}
	WrapV6(f, Collect(&got), Allow("APPLY-2")).ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: "test_thing", PlannedState: dv(t, thing(map[string]any{"name": "a", "id": "1"}))})
	expect(t, got)
}

// A panic in a check is reported, never propagated to the provider.
func TestPanicRecovered(t *testing.T) {
	var got []Violation
	c := newChecker([]Option{Collect(&got)})
	c.guard("ApplyResourceChange", "test_thing", func() []Violation { panic("boom") })
	if len(got) != 1 || got[0].Rule != "INTERNAL" || !strings.Contains(got[0].Message, "boom") {
		t.Errorf("got %v", got)
	}
}

// Responses through the wrapper are the provider's own, unchanged.
func TestTransparent(t *testing.T) {
	f := &fake{
		plan:  &tfprotov6.PlanResourceChangeResponse{PlannedState: dv(t, thing(map[string]any{"name": "A"}))},
		apply: &tfprotov6.ApplyResourceChangeResponse{NewState: dv(t, null), Private: []byte("p")},
	}
	var got []Violation
	w := WrapV6(f, Collect(&got))
	ctx := context.Background()
	preq := &tfprotov6.PlanResourceChangeRequest{TypeName: "test_thing", Config: dv(t, thing(map[string]any{"name": "a"})), PriorState: dv(t, null)}
	want, _ := f.PlanResourceChange(ctx, preq)
	resp, err := w.PlanResourceChange(ctx, preq)
	if err != nil || resp != want || !reflect.DeepEqual(resp, want) {
		t.Errorf("plan response changed by the wrapper")
	}
	areq := &tfprotov6.ApplyResourceChangeRequest{TypeName: "test_thing", PlannedState: dv(t, thing(map[string]any{"name": "a"}))}
	wantA, _ := f.ApplyResourceChange(ctx, areq)
	respA, err := w.ApplyResourceChange(ctx, areq)
	if err != nil || respA != wantA || !reflect.DeepEqual(respA, wantA) || string(respA.Private) != "p" {
		t.Errorf("apply response changed by the wrapper")
	}
	if len(got) != 2 { // the violations are still reported
		t.Errorf("got %d violations, want 2: %v", len(got), got)
	}
}

// Terraform calls in parallel; run with -race.
func TestConcurrent(t *testing.T) {
	var got []Violation
	f := &fake{apply: &tfprotov6.ApplyResourceChangeResponse{NewState: dv(t, thing(map[string]any{"name": "A", "id": "1"}))}}
	w := WrapV6(f, Collect(&got))
	req := &tfprotov6.ApplyResourceChangeRequest{TypeName: "test_thing", PlannedState: dv(t, thing(map[string]any{"name": "a", "id": "1"}))}
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.ApplyResourceChange(context.Background(), req)
		}()
	}
	wg.Wait()
	if len(got) != 16 {
		t.Errorf("got %d violations, want 16", len(got))
	}
}

func TestRuleIDsAreCatalogued(t *testing.T) {
	for _, id := range []rules.ID{"PLAN-1", "PLAN-2", "PLAN-3", "PLAN-4", "PLAN-5", "PLAN-6", "PLAN-7", "APPLY-1", "APPLY-2", "APPLY-3", "APPLY-4",
		"READ-1", "READ-4", "READ-5", "UPGRADE-1", "IMPORT-1", "IMPORT-2", "MOVE-1"} {
		if _, ok := rules.Lookup(id); !ok {
			t.Errorf("%s is not in the catalogue", id)
		}
	}
}

func TestIdentity(t *testing.T) {
	idSchema := &tfprotov6.ResourceIdentitySchema{IdentityAttributes: []*tfprotov6.ResourceIdentitySchemaAttribute{{Name: "id", Type: tftypes.String, RequiredForImport: true}}}
	idType := idSchema.ValueType()
	ident := func(v any) *tfprotov6.ResourceIdentityData {
		val := tftypes.NewValue(idType, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, v)})
		return &tfprotov6.ResourceIdentityData{IdentityData: dv(t, val)}
	}
	state := thing(map[string]any{"name": "a", "id": "1"})
	cases := []struct {
		name     string
		identity *tfprotov6.ResourceIdentityData
		want     []string
	}{
		{"ok", ident("1"), nil},
		{"missing", nil, []string{"IDENTITY-1 "}},
		{"unknown", ident(tftypes.UnknownValue), []string{"IDENTITY-1 id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []Violation
			f := &fake{identity: idSchema,
				apply: &tfprotov6.ApplyResourceChangeResponse{NewState: dv(t, state), NewIdentity: c.identity},
				read:  &tfprotov6.ReadResourceResponse{NewState: dv(t, state), NewIdentity: c.identity}}
			w := WrapV6(f, Collect(&got))
			w.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{TypeName: "test_thing", PlannedState: dv(t, state)})
			w.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "test_thing"})
			var want []string
			for _, w := range c.want {
				want = append(want, w, w) // once after apply, once after read
			}
			expect(t, got, want...)
		})
	}
	// An identity may not change unless the resource type is declared mutable.
	for _, mutable := range []bool{false, true} {
		var got []Violation
		f := &fake{identity: idSchema, read: &tfprotov6.ReadResourceResponse{NewState: dv(t, state), NewIdentity: ident("2")}}
		opts := []Option{Collect(&got)}
		if mutable {
			opts = append(opts, MutableIdentity("test_thing"))
		}
		WrapV6(f, opts...).ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "test_thing", CurrentIdentity: ident("1")})
		if mutable {
			expect(t, got)
		} else {
			expect(t, got, "IDENTITY-1 ")
		}
	}
	// Without an identity schema nothing is required.
	var got []Violation
	f := &fake{read: &tfprotov6.ReadResourceResponse{NewState: dv(t, state)}}
	WrapV6(f, Collect(&got)).ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: "test_thing"})
	expect(t, got)
}
