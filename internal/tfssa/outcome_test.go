package tfssa_test

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const outcomeSrc = `package p

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type Client struct{}

func (Client) Delete(id string) error { return nil }

func drop(d *schema.ResourceData) {}
func keep(d *schema.ResourceData) {}

func (r *R) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	resp.State.RemoveResource(ctx)
}

type R struct{}

func sdkRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	id := d.Id()
	d.SetId("")
	d.SetId("x")
	d.SetId(id)
	drop(d)
	keep(d)
	if d.IsNewResource() {
		return nil
	}
	return nil
}

func calls(ctx context.Context, d *schema.ResourceData, c Client, s types.String, err error, f func()) {
	log.Printf("x")
	_ = fmt.Errorf("x: %w", err)
	_ = errors.New("x")
	tflog.Debug(ctx, "x")
	_ = d.Get("name")
	_ = d.Set("name", "x")
	_ = s.ValueString()
	_ = err.Error()
	_ = len(d.Id())
	_ = c.Delete("x")
	f()
}

func returns(d *schema.ResourceData, err error, diags diag.Diagnostics) diag.Diagnostics {
	switch d.Id() {
	case "nil":
		return nil // @nil
	case "empty":
		return diag.Diagnostics{} // @empty
	case "fromErr":
		return diag.FromErr(err) // @call
	case "append":
		return append(diags, diag.Diagnostic{}) // @append
	case "appendError":
		return append(diags, diag.Diagnostic{Severity: diag.Error, Summary: "x"}) // @appendError
	case "appendWarning":
		return append(diags, diag.Diagnostic{Severity: diag.Warning, Summary: "x"}) // @appendWarning
	}
	return diags // @param
}

func errReturns(c Client) error {
	if err := c.Delete("x"); err != nil {
		return err // @extract
	}
	return nil
}

func roots(resp *resource.ReadResponse, req resource.ReadRequest) {
	_ = &resp.State.Raw
	s := &req.State
	_ = s
}
`

func TestRemoval(t *testing.T) {
	s := testutil.Load(t, outcomeSrc)
	removes := func(fn *types.Func) bool { return fn.Name() == "drop" }
	fw := s.Func(t, "(*R).Read")
	if got := callsWhere(fw, func(i ssa.Instruction) bool { return tfssa.Removal(i, nil) }); strings.Join(got, " ") != "RemoveResource" {
		t.Errorf("framework Read: removals %v, want RemoveResource", got)
	}
	sdk := s.Func(t, "sdkRead")
	var got []string
	for _, b := range sdk.Blocks {
		for _, instr := range b.Instrs {
			if tfssa.Removal(instr, removes) {
				got = append(got, instr.String())
			}
		}
	}
	// SetId("") and the helper summarised as removing; not SetId("x") nor
	// SetId(id), nor the helper that keeps.
	if len(got) != 2 || !strings.Contains(got[0], `SetId`) || !strings.Contains(got[0], `""`) || !strings.Contains(got[1], "drop") {
		t.Errorf("SDK Read: removals %q, want SetId(\"\") and drop(d)", got)
	}
	if got := callsWhere(sdk, tfssa.IsNewResourceCall); strings.Join(got, " ") != "IsNewResource" {
		t.Errorf("IsNewResourceCall holds for %v", got)
	}
}

func TestBenign(t *testing.T) {
	fn := testutil.Load(t, outcomeSrc).Func(t, "calls")
	want := map[string]bool{
		"Printf": true, "Errorf": true, "New": true, "Debug": true,
		"Get": true, "Set": false, "ValueString": true, "Error": true,
		"len": true, "Delete": false, "f()": false,
	}
	seen := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			name := "f()"
			if cc := c.Common(); cc.IsInvoke() {
				name = cc.Method.Name()
			} else if callee := cc.StaticCallee(); callee != nil {
				name = callee.Name()
			} else if bi, ok := cc.Value.(*ssa.Builtin); ok {
				name = bi.Name()
			}
			w, known := want[name]
			if !known {
				continue // Sprintf's boxing and the like
			}
			seen++
			if got := tfssa.Benign(c.Common()); got != w {
				t.Errorf("Benign(%s) = %v, want %v", name, got, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("checked %d calls, want %d", seen, len(want))
	}
}

func TestReturnKind(t *testing.T) {
	s := testutil.Load(t, outcomeSrc)
	markers := testutil.Markers(outcomeSrc)
	want := map[string]string{
		"nil": "success", "empty": "success", "call": "error",
		"append": "", "param": "", "extract": "error",
		"appendError": "error", "appendWarning": "",
	}
	seen := map[string]bool{}
	for _, name := range []string{"returns", "errReturns"} {
		for _, b := range s.Func(t, name).Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			m := markers[s.Fset.Position(ret.Pos()).Line]
			if m == "" {
				continue
			}
			seen[m] = true
			if got := tfssa.ReturnKind(ret); got != want[m] {
				t.Errorf("%s: ReturnKind %q, want %q", m, got, want[m])
			}
		}
	}
	if len(seen) != len(want) {
		t.Errorf("returns seen: %v", seen)
	}
	if got := tfssa.ReturnKind(&ssa.Return{}); got != "" {
		t.Errorf("bare return: %q", got)
	}
}

func TestRoot(t *testing.T) {
	fn := testutil.Load(t, outcomeSrc).Func(t, "roots")
	resp, req := fn.Params[0], fn.Params[1]
	var addrs []*ssa.FieldAddr
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok {
				addrs = append(addrs, fa)
			}
		}
	}
	// &resp.State.Raw: two field addresses down to resp.
	var deepest *ssa.FieldAddr
	for _, fa := range addrs {
		if _, inner := fa.X.(*ssa.FieldAddr); inner {
			deepest = fa
		}
	}
	if deepest == nil || tfssa.Root(deepest) != resp || tfssa.RootLoad(deepest) != resp {
		t.Errorf("Root(&resp.State.Raw) = %v, want resp", deepest)
	}
	// &req.State: req is spilled to a local, so Root stops at the local and
	// RootLoad does too (the local is not loaded from).
	for _, fa := range addrs {
		if alloc, ok := fa.X.(*ssa.Alloc); ok {
			if tfssa.Root(fa) != alloc {
				t.Errorf("Root(&req.State) = %v, want the local %v", tfssa.Root(fa), alloc)
			}
			stored := false
			for _, r := range *alloc.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Val == req {
					stored = true
				}
			}
			if !stored {
				t.Errorf("the local %v does not hold req", alloc)
			}
		}
	}
}
