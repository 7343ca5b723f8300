package modelflow_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
)

// Each method of R is a Create; modelflow.Run reports which tfsdk fields
// may still hold a plan value or an XxxUnknown() at resp.State.Set.
const src = `package p

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type Model struct {
	ID   types.String ` + "`tfsdk:\"id\"`" + `
	Name types.String ` + "`tfsdk:\"name\"`" + `
	Note string
}

type Outer struct {
	Model
}

type Wrapper struct {
	ID    types.String ` + "`tfsdk:\"id\"`" + `
	Inner Model        ` + "`tfsdk:\"inner\"`" + `
}

type R struct{}

type (
	Req  = resource.CreateRequest
	Resp = resource.CreateResponse
	Ctx  = context.Context
)

func cond() bool             { return true }
func fill(m *Model)          { m.ID = types.StringValue("x") }
func noop(m *Model)          {}
func newID() types.String    { return types.StringValue("x") }
func build(m Model) *Model   { m.Name = types.StringValue("n"); return &m }

func load(m Model) (*Model, error) {
	if cond() {
		return nil, errors.New("x")
	}
	m.ID = types.StringValue("x")
	return &m, nil
}

func either(m Model) (*Model, error) {
	if cond() {
		m.Name = types.StringValue("n")
		return &m, nil
	}
	m.ID = types.StringValue("x")
	return &m, nil
}

func (R) planToState(ctx Ctx, req Req, resp *Resp) {
	var m Model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...) // @get
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...) // @set
}

func (R) setsID(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	m.ID = types.StringValue("x")
	resp.State.Set(ctx, &m)
}

func (R) setsOnOnePath(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	if cond() {
		m.ID = types.StringValue("x")
	}
	resp.State.Set(ctx, &m)
}

func (R) unknownGuard(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	if m.ID.IsUnknown() {
		m.ID = newID()
	}
	resp.State.Set(ctx, &m)
}

func (R) nullGuard(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	if !m.Name.IsNull() {
		m.Name = types.StringValue("x")
	}
	resp.State.Set(ctx, &m)
}

func (R) valueGuard(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	if m.Name.ValueString() == "" {
		m.Name = types.StringValue("x")
	}
	resp.State.Set(ctx, &m)
}

func (R) unknownCtor(ctx Ctx, req Req, resp *Resp) {
	var m Model
	m.ID = types.StringValue("x")
	m.Name = types.StringUnknown() // @unknown
	resp.State.Set(ctx, &m)
}

func (R) failedPath(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	resp.Diagnostics.AddError("a", "b")
	resp.State.Set(ctx, &m)
}

func (R) hasErrorGuard(ctx Ctx, req Req, resp *Resp) {
	var m Model
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		resp.State.Set(ctx, &m)
		return
	}
	m.ID = types.StringValue("x")
	m.Name = types.StringValue("x")
	resp.State.Set(ctx, &m)
}

func (R) helperFills(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	fill(&m)
	resp.State.Set(ctx, &m)
}

func (R) helperNoop(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	noop(&m)
	resp.State.Set(ctx, &m)
}

func (R) helperReturns(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	out := build(m)
	resp.State.Set(ctx, out)
}

func (R) opaque(ctx Ctx, req Req, resp *Resp, b []byte) {
	var m Model
	req.Plan.Get(ctx, &m)
	json.Unmarshal(b, &m)
	resp.State.Set(ctx, &m)
}

func (R) setAttribute(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	resp.State.SetAttribute(ctx, path.Root("name"), m.Name)
	resp.State.SetAttribute(ctx, path.Root("other"), m.ID)
}

func (R) closure(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	func() { m.ID = types.StringValue("x") }()
	resp.State.Set(ctx, &m)
}

func (R) closureHandsOn(ctx Ctx, req Req, resp *Resp, b []byte) {
	var m Model
	req.Plan.Get(ctx, &m)
	func() { json.Unmarshal(b, &m) }()
	resp.State.Set(ctx, &m)
}

func (R) closureBoth(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	func() {
		m.ID = types.StringValue("x")
		m.Name = types.StringValue(m.ID.ValueString())
	}()
	resp.State.Set(ctx, &m)
}

func (R) embedded(ctx Ctx, req Req, resp *Resp) {
	var o Outer
	req.Plan.Get(ctx, &o)
	o.Model.ID = types.StringValue("x")
	resp.State.Set(ctx, &o)
}

func (R) phiKnown(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	id := m.ID
	if id.IsUnknown() {
		id = types.StringValue("x")
	}
	m.ID = id
	name := m.Name
	if name.IsNull() || name.IsUnknown() {
		name = types.StringValue("n")
	}
	m.Name = name
	resp.State.Set(ctx, &m)
}

func (R) phiUntested(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	id := m.ID
	if cond() {
		id = types.StringValue("x")
	}
	m.ID = id
	m.Name = types.StringValue("n")
	resp.State.Set(ctx, &m)
}

func (R) tupleHelper(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	out, err := load(m)
	if err != nil {
		return
	}
	resp.State.Set(ctx, out)
}

func (R) tupleEither(ctx Ctx, req Req, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	out, _ := either(m)
	resp.State.Set(ctx, out)
}

func (R) nested(ctx Ctx, req Req, resp *Resp) {
	var src Model
	req.Plan.Get(ctx, &src)
	var w Wrapper
	w.ID = types.StringValue("x")
	w.Inner = src
	resp.State.Set(ctx, &w)
}

func (R) nestedWritten(ctx Ctx, req Req, resp *Resp) {
	var src Model
	req.Plan.Get(ctx, &src)
	var w Wrapper
	w.ID = types.StringValue("x")
	w.Inner = src
	w.Inner.ID = types.StringValue("x")
	resp.State.Set(ctx, &w)
}

func (R) notRespState(ctx Ctx, req Req, other *Resp, resp *Resp) {
	var m Model
	req.Plan.Get(ctx, &m)
	other.State.Set(ctx, &m)
}
`

var fromPlan = map[string]bool{"id": true, "name": true}

func describe(s *testutil.Snippet, markers map[int]string, sinks []modelflow.Sink) string {
	var parts []string
	for _, sink := range sinks {
		for attr, t := range sink.Attrs {
			from := "plan:" + t.Attr
			if t.Unknown {
				from = "unknown"
			}
			parts = append(parts, fmt.Sprintf("%s<-%s@%s", attr, from, markers[s.Fset.Position(t.Pos).Line]))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

func TestRun(t *testing.T) {
	s := testutil.Load(t, src)
	markers := testutil.Markers(src)
	for _, tc := range []struct {
		fn         string
		plan, read string // what reaches the state in a Create (the plan a source) and a Read
	}{
		{"planToState", "id<-plan:id@get name<-plan:name@get", ""},
		{"setsID", "name<-plan:name@", ""},
		// A field resolved on some path only is left alone: precision first.
		{"setsOnOnePath", "name<-plan:name@", ""},
		{"unknownGuard", "name<-plan:name@", ""},
		// A null value is known; the else-branch writes the field.
		{"nullGuard", "id<-plan:id@", ""},
		// A non-zero ValueString() is known; the zero branch writes it.
		{"valueGuard", "id<-plan:id@", ""},
		{"unknownCtor", "name<-unknown@unknown", "name<-unknown@unknown"},
		{"failedPath", "", ""},
		{"hasErrorGuard", "", ""},
		{"helperFills", "name<-plan:name@", ""},
		{"helperNoop", "id<-plan:id@ name<-plan:name@", ""},
		// The helper's result carries what it did not resolve.
		{"helperReturns", "id<-plan:id@", ""},
		{"opaque", "", ""},
		{"setAttribute", "name<-plan:name@ other<-plan:id@", ""},
		// A closure storing into the model resolves what it stores; one
		// handing the model on may fill any of it.
		{"closure", "name<-plan:name@", ""},
		{"closureHandsOn", "", ""},
		{"closureBoth", "", ""},
		{"embedded", "name<-plan:name@", ""},
		{"notRespState", "", ""},
		// A value tested known on the way to a phi is known there.
		{"phiKnown", "", ""},
		{"phiUntested", "id<-plan:id@", ""},
		// Only the helper's success returns count, intersected.
		{"tupleHelper", "name<-plan:name@", ""},
		{"tupleEither", "", ""},
		// A model stored into a tagged field: its attributes are nested;
		// a store anywhere into the nested model's field resolves it.
		{"nested", "inner.id<-plan:id@ inner.name<-plan:name@", ""},
		{"nestedWritten", "inner.name<-plan:name@", ""},
	} {
		fn := s.Func(t, "R."+tc.fn)
		for _, mode := range []struct {
			name string
			spec modelflow.Spec
			want string
		}{{"Create", modelflow.Spec{Candidates: fromPlan}, tc.plan}, {"Read", modelflow.Spec{}, tc.read}} {
			got := describe(s, markers, modelflow.Run(fn, mode.spec))
			// Plan taints are all placed at the Get; only planToState marks it.
			want := mode.want
			if tc.fn != "planToState" {
				got = stripMarker(got, "get")
			}
			if got != want {
				t.Errorf("%s as %s: %q, want %q", tc.fn, mode.name, got, want)
			}
		}
	}
}

func stripMarker(s, m string) string { return strings.ReplaceAll(s, "@"+m, "@") }

// The sink is the resp.State.Set call, and its attributes carry the plan read.
func TestRunSink(t *testing.T) {
	s := testutil.Load(t, src)
	fn := s.Func(t, "R.planToState")
	sinks := modelflow.Run(fn, modelflow.Spec{Candidates: fromPlan})
	set := testutil.Calls(fn, "Set")
	if len(sinks) != 1 || len(set) != 1 || sinks[0].Call != set[0].(*ssa.Call) {
		t.Fatalf("sinks %+v, want the one Set call", sinks)
	}
	if modelflow.Run(nil, modelflow.Spec{}) != nil {
		t.Error("Run(nil) found sinks")
	}
}

func TestFieldTagAndPathRoot(t *testing.T) {
	s := testutil.Load(t, src)
	var tags []string
	for _, b := range s.Func(t, "R.embedded").Blocks {
		for _, instr := range b.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok {
				tags = append(tags, fmt.Sprintf("%q", modelflow.FieldTag(fa)))
			}
		}
	}
	// &req.Plan, &o.Model (untagged), &o.Model.ID, &resp.State.
	if strings.Join(tags, " ") != `"" "" "id" ""` {
		t.Errorf("FieldTag: %s", strings.Join(tags, " "))
	}
	var roots []string
	for _, c := range testutil.Calls(s.Func(t, "R.setAttribute"), "SetAttribute") {
		roots = append(roots, modelflow.PathRoot(c.Common().Args[2]))
	}
	if strings.Join(roots, " ") != "name other" {
		t.Errorf("PathRoot: %v", roots)
	}
	if got := modelflow.PathRoot(s.Func(t, "R.setAttribute").Params[0]); got != "" {
		t.Errorf("PathRoot(ctx) = %q", got)
	}
}
