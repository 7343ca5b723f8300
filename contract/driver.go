package contract

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
)

// Driver plays Terraform's part for one resource type, without Terraform:
// Validate → Plan (with the Proposed New State) → Apply → Read → re-Plan,
// which must be empty, then updates, import and destroy. Every call goes
// through the checking wrapper; the driver adds the checks that span calls.
type Driver struct {
	tb       testing.TB
	srv      *serverV6
	typeName string
	schema   *tfprotov6.Schema
	// State is the managed state after the last step (null before create).
	State   tftypes.Value
	private []byte
}

// NewDriver wraps srv (violations fail tb unless opts say otherwise),
// configures the provider with a null configuration, and drives typeName.
func NewDriver(tb testing.TB, srv tfprotov6.ProviderServer, typeName string, opts ...Option) *Driver {
	tb.Helper()
	w := WrapV6(srv, defaultToFail(tb, opts)...).(*serverV6)
	ctx := context.Background()
	schemas, err := w.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		tb.Fatalf("GetProviderSchema: %v", err)
	}
	sch := schemas.ResourceSchemas[typeName]
	if sch == nil {
		tb.Fatalf("the provider has no resource %q", typeName)
	}
	cfg := tftypes.NewValue(tftypes.Object{}, nil)
	if schemas.Provider != nil {
		cfg = tftypes.NewValue(schemas.Provider.ValueType(), nil)
	}
	pc, _ := tfprotov6.NewDynamicValue(cfg.Type(), cfg)
	if resp, err := w.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: &pc}); err != nil || hasError(resp.Diagnostics) {
		tb.Fatalf("ConfigureProvider: %v %v", err, diagText(resp))
	}
	return &Driver{tb: tb, srv: w, typeName: typeName, schema: sch, State: tftypes.NewValue(sch.ValueType(), nil)}
}

// Config builds a configuration from its JSON form; omitted attributes are
// null and omitted block collections empty, as Terraform sends them.
func (d *Driver) Config(js string) tftypes.Value {
	d.tb.Helper()
	v, err := tftypes.ValueFromJSON([]byte(js), d.schema.ValueType())
	if err != nil {
		d.tb.Fatalf("config %s: %v", js, err)
	}
	return emptyBlocks(d.schema.Block, v)
}

func emptyBlocks(b *tfprotov6.SchemaBlock, v tftypes.Value) tftypes.Value {
	m := attrs(v)
	if m == nil {
		return v
	}
	for _, bt := range b.BlockTypes {
		x := m[bt.TypeName]
		switch {
		case x.IsNull() && bt.Nesting != tfprotov6.SchemaNestedBlockNestingModeSingle && bt.Nesting != tfprotov6.SchemaNestedBlockNestingModeGroup:
			m[bt.TypeName] = tftypes.NewValue(x.Type(), []tftypes.Value{})
			if bt.Nesting == tfprotov6.SchemaNestedBlockNestingModeMap {
				m[bt.TypeName] = tftypes.NewValue(x.Type(), map[string]tftypes.Value{})
			}
		case bt.Nesting == tfprotov6.SchemaNestedBlockNestingModeList || bt.Nesting == tfprotov6.SchemaNestedBlockNestingModeSet:
			var es []tftypes.Value
			for _, e := range elems(x) {
				es = append(es, emptyBlocks(bt.Block, e))
			}
			if es != nil {
				m[bt.TypeName] = tftypes.NewValue(x.Type(), es)
			}
		case bt.Nesting == tfprotov6.SchemaNestedBlockNestingModeSingle:
			m[bt.TypeName] = emptyBlocks(bt.Block, x)
		}
	}
	return tftypes.NewValue(v.Type(), m)
}

func (d *Driver) dv(v tftypes.Value) *tfprotov6.DynamicValue {
	out, err := tfprotov6.NewDynamicValue(v.Type(), v)
	if err != nil {
		d.tb.Fatalf("encoding %s: %v", v, err)
	}
	return &out
}

func (d *Driver) decode(v *tfprotov6.DynamicValue) tftypes.Value {
	out, err := decode(v, d.schema.ValueType())
	if err != nil {
		d.tb.Fatalf("decoding: %v", err)
	}
	return out
}

func diagText(resp any) string {
	var ds []*tfprotov6.Diagnostic
	switch r := resp.(type) {
	case *tfprotov6.ConfigureProviderResponse:
		if r != nil {
			ds = r.Diagnostics
		}
	}
	return fmtDiags(ds)
}

func fmtDiags(ds []*tfprotov6.Diagnostic) string {
	s := ""
	for _, d := range ds {
		if d != nil && d.Severity == tfprotov6.DiagnosticSeverityError {
			s += d.Summary + ": " + d.Detail + "; "
		}
	}
	return s
}

// Apply validates, plans and applies config against the current state, reads
// the result back, and plans again: that last plan must change nothing.
func (d *Driver) Apply(config tftypes.Value) error {
	d.tb.Helper()
	ctx := context.Background()
	if v, err := d.srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: d.typeName, Config: d.dv(config)}); err != nil || hasError(v.Diagnostics) {
		return fmt.Errorf("validate: %v %s", err, fmtDiags(v.Diagnostics))
	}
	planned, private, err := d.plan(config)
	if err != nil {
		return err
	}
	resp, err := d.srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: d.typeName,
		PriorState: d.dv(d.State), PlannedState: d.dv(planned), Config: d.dv(config), PlannedPrivate: private})
	if err != nil || hasError(resp.Diagnostics) {
		return fmt.Errorf("apply: %v %s", err, fmtDiags(resp.Diagnostics))
	}
	d.State, d.private = d.decode(resp.NewState), resp.Private
	if d.State.IsNull() {
		return nil
	}
	if err := d.Refresh(); err != nil {
		return err
	}
	again, _, err := d.plan(config)
	if err != nil {
		return err
	}
	f := &finder{rpc: "PlanResourceChange", typeName: d.typeName}
	f.diffPaths("READ-3", d.State, again, "", "perpetual diff: the plan after apply and refresh changes this attribute")
	d.srv.c.report(f.out)
	return nil
}

func (d *Driver) plan(config tftypes.Value) (tftypes.Value, []byte, error) {
	resp, err := d.srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: d.typeName,
		PriorState: d.dv(d.State), ProposedNewState: d.dv(ProposedNew(d.schema, d.State, config)), Config: d.dv(config), PriorPrivate: d.private})
	if err != nil || hasError(resp.Diagnostics) {
		return tftypes.Value{}, nil, fmt.Errorf("plan: %v %s", err, fmtDiags(resp.Diagnostics))
	}
	return d.decode(resp.PlannedState), resp.PlannedPrivate, nil
}

// Refresh reads the resource. When the remote object is gone, Read must
// return a null state and no error (READ-2); the state is then null.
func (d *Driver) Refresh() error {
	d.tb.Helper()
	resp, err := d.srv.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{TypeName: d.typeName,
		CurrentState: d.dv(d.State), Private: d.private})
	if err != nil {
		return err
	}
	if hasError(resp.Diagnostics) {
		return fmt.Errorf("read: %s", fmtDiags(resp.Diagnostics))
	}
	d.State, d.private = d.decode(resp.NewState), resp.Private
	return nil
}

// RefreshVanished reads after the test removed the remote object behind the
// provider's back: Read must drop it from state without an error (READ-2).
func (d *Driver) RefreshVanished() {
	d.tb.Helper()
	err := d.Refresh()
	f := &finder{rpc: "ReadResource", typeName: d.typeName}
	switch {
	case err != nil:
		f.add("READ-2", "", "Read returned an error for a vanished object instead of removing it from state: %v", err)
	case !d.State.IsNull():
		f.add("READ-2", "", "Read kept a vanished object in state")
	}
	d.srv.c.report(f.out)
}

// Import imports id, reads the stub, and compares the result with the
// managed state (IMPORT-3); ignore lists attributes import cannot know.
func (d *Driver) Import(id string, ignore ...string) error {
	d.tb.Helper()
	ctx := context.Background()
	resp, err := d.srv.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: d.typeName, ID: id})
	if err != nil || hasError(resp.Diagnostics) {
		return fmt.Errorf("import: %v %s", err, fmtDiags(resp.Diagnostics))
	}
	for _, ir := range resp.ImportedResources {
		if ir == nil || ir.TypeName != d.typeName {
			continue
		}
		read, err := d.srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: d.typeName, CurrentState: ir.State, Private: ir.Private})
		if err != nil || hasError(read.Diagnostics) {
			return fmt.Errorf("read after import: %v %s", err, fmtDiags(read.Diagnostics))
		}
		got := d.decode(read.NewState)
		f := &finder{rpc: "ImportResourceState", typeName: d.typeName}
		f.diffPaths("IMPORT-3", d.State, got, "", "after import and Read this differs from the managed state", ignore...)
		d.srv.c.report(f.out)
	}
	return nil
}

// Destroy plans and applies a null configuration.
func (d *Driver) Destroy() error {
	d.tb.Helper()
	null := tftypes.NewValue(d.schema.ValueType(), nil)
	planned, private, err := d.plan(null)
	if err != nil {
		return err
	}
	resp, err := d.srv.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{TypeName: d.typeName,
		PriorState: d.dv(d.State), PlannedState: d.dv(planned), Config: d.dv(null), PlannedPrivate: private})
	if err != nil || hasError(resp.Diagnostics) {
		return fmt.Errorf("destroy: %v %s", err, fmtDiags(resp.Diagnostics))
	}
	d.State = d.decode(resp.NewState)
	return nil
}

// diffPaths reports the top-level attributes and blocks where two objects differ.
func (f *finder) diffPaths(rule string, want, got tftypes.Value, path, msg string, ignore ...string) {
	skip := map[string]bool{}
	for _, i := range ignore {
		skip[i] = true
	}
	wm, gm := attrs(want), attrs(got)
	if wm == nil || gm == nil {
		if !equal(want, got) {
			f.add(ruleID(rule), path, "%s (%s vs %s)", msg, nullness(want), nullness(got))
		}
		return
	}
	for _, k := range sortedKeys(wm) {
		if !skip[k] && !equal(wm[k], gm[k]) {
			f.add(ruleID(rule), join(path, k), "%s", msg)
		}
	}
}

func ruleID(s string) rules.ID { return rules.ID(s) }
