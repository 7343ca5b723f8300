package tfssa_test

import (
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const requestSrc = `package p

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type Model struct {
	ID types.String ` + "`tfsdk:\"id\"`" + `
}

type M struct{}

func cond() bool { return true }
func use(v any)  {}

func (M) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	use(req.PlanValue)
	var plan Model
	req.Plan.Get(ctx, &plan)
	var state types.String
	req.State.GetAttribute(ctx, path.Root("id"), &state)
	var p *Model
	if cond() {
		p = &Model{}
	}
	req.Config.Get(ctx, p)
	var other Model
	resp.PlanValue = types.StringValue("x")
	use(other)
}

func newModel() *Model { return nil }

func roots(ctx context.Context, req resource.ModifyPlanRequest) {
	var a Model
	req.Plan.Get(ctx, &a)
	var b *Model
	if cond() {
		b = &Model{}
	}
	req.Plan.Get(ctx, b)
	var c *Model
	if cond() {
		c = &Model{}
	} else {
		c = &Model{}
	}
	req.Plan.Get(ctx, c)
	req.Plan.Get(ctx, newModel())
}

func (M) spilled(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r := &req
	use(r)
	use(req.Plan)
	var m Model
	req.State.Get(ctx, &m)
}
`

func TestRequestModels(t *testing.T) {
	s := testutil.Load(t, requestSrc)
	for _, tc := range []struct {
		fn   string
		want string // the models found, as "local:part"
	}{
		// Get and GetAttribute on Plan, State and Config; the phi of nil
		// and one alloc is that alloc; other is never filled.
		{"M.PlanModifyString", "complit:Config plan:Plan state:State"},
		// req spilled to a local because its address is taken.
		{"M.spilled", "m:State"},
	} {
		fn := s.Func(t, tc.fn)
		r := tfssa.NewRequest(fn, fn.Params[2])
		var got []string
		for v, part := range r.Models {
			got = append(got, localName(v)+":"+part)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: models %v, want %s", tc.fn, got, tc.want)
		}
	}
}

// localName names the local an alloc was made for (its comment).
func localName(v ssa.Value) string {
	if a, ok := v.(*ssa.Alloc); ok {
		return a.Comment
	}
	return v.Name()
}

func TestRequestField(t *testing.T) {
	s := testutil.Load(t, requestSrc)
	for _, tc := range []struct {
		fn   string
		want string // the request fields the function's values read
	}{
		{"M.PlanModifyString", "Config PlanValue Plan State"},
		{"M.spilled", "Plan State"},
	} {
		fn := s.Func(t, tc.fn)
		r := tfssa.NewRequest(fn, fn.Params[2])
		seen := map[string]bool{}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok {
					if f := r.Field(v); f != "" {
						seen[f] = true
						if _, ok := r.FieldIndex(v); !ok {
							t.Errorf("%s: Field %s without FieldIndex", tc.fn, f)
						}
					}
				}
			}
		}
		var got []string
		for f := range seen {
			got = append(got, f)
		}
		sort.Strings(got)
		want := strings.Fields(tc.want)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: fields read %v, want %v", tc.fn, got, want)
		}
	}
}

// ModelRoot finds the local a Get fills: &a; the one alloc a phi merges
// with nil; not a choice between two allocs, nor a function's result.
func TestModelRoot(t *testing.T) {
	fn := testutil.Load(t, requestSrc).Func(t, "roots")
	var got []string
	for _, c := range testutil.Calls(fn, "Get") {
		root := tfssa.ModelRoot(c.Common().Args[2])
		if root == nil {
			got = append(got, "-")
			continue
		}
		got = append(got, localName(root))
	}
	if strings.Join(got, " ") != "a complit - -" {
		t.Errorf("ModelRoot of the Get targets: %v, want [a complit - -]", got)
	}
}
