package tfssa_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const diagsSrc = `package p

import (
	"context"
	"errors"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type Model struct {
	ID types.String ` + "`tfsdk:\"id\"`" + `
}

type Obj struct{}

func cond() bool                                        { return true }
func work()                                             {}
func ok(d *diag.Diagnostics) bool                       { return true }
func addErr(d *diag.Diagnostics, err error)             {}
func create(ctx context.Context, d *diag.Diagnostics) error { return nil }
func build(d *diag.Diagnostics) *Obj                    { return nil }
func fromSource(d *diag.Diagnostics) *Obj               { return nil }
func newHandler(d *diag.Diagnostics) *Obj               { return nil }
func save(h *Obj) error                                 { return nil }
func accumulate(a any) bool                             { return true }

func failing(resp *resource.CreateResponse) {
	resp.Diagnostics.AddWarning("a", "b")
	resp.Diagnostics.AddError("a", "b")
	resp.Diagnostics.AddAttributeError(path.Root("x"), "a", "b")
	if cond() {
		resp.Diagnostics.Append(diag.NewErrorDiagnostic("a", "b"))
		return
	}
	resp.Diagnostics.Append(diag.NewWarningDiagnostic("a", "b"))
	if cond() {
		work()
		return
	}
	if cond() {
		addErr(&resp.Diagnostics, nil)
		return
	}
	addErr(&resp.Diagnostics, nil)
	if cond() {
		log.Print("x")
	}
}

func branches(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m Model
	if resp.Diagnostics.HasError() { // @hasError
		return
	}
	if diags := req.Plan.Get(ctx, &m); diags.HasError() { // @getHasError
		return
	}
	if !ok(&resp.Diagnostics) { // @notOk
		return
	}
	if ok(&resp.Diagnostics) { // @okElse
		work()
	} else {
		return
	}
	if !ok(&resp.Diagnostics) { // @notOkLogged
		log.Print("x")
		return
	}
	if ok(&resp.Diagnostics) { // @okLogged
		work()
	} else {
		log.Print("x")
		return
	}
	if err := create(ctx, &resp.Diagnostics); err != nil { // @errNotNil
		return
	}
	if err := create(ctx, &resp.Diagnostics); err == nil { // @errNil
		work()
	} else {
		return
	}
	if obj := build(&resp.Diagnostics); obj == nil { // @objNil
		return
	}
	if obj := build(&resp.Diagnostics); obj != nil { // @objNotNil
		work()
	} else {
		return
	}
	var o *Obj
	if cond() { // @plain
		o = build(&resp.Diagnostics)
	} else {
		o = fromSource(&resp.Diagnostics)
	}
	if o == nil { // @phiNil
		return
	}
	var o2 *Obj
	if cond() { // @plain2
		o2 = build(&resp.Diagnostics)
	} else {
		o2 = &Obj{}
	}
	if o2 == nil { // @phiMixed
		return
	}
	if err := save(newHandler(&resp.Diagnostics)); err != nil { // @carrier
		return
	}
	if !accumulate(&resp.Diagnostics) { // @iface
		return
	}
	if err := errors.New("x"); err != nil { // @unrelated
		return
	}
	if m.ID.IsNull() { // @notDiags
		return
	}
}
`

// calleeNames lists, in order, the callees of fn's calls that pred holds for.
func callsWhere(fn *ssa.Function, pred func(ssa.Instruction) bool) []string {
	var out []string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && pred(instr) {
				out = append(out, c.Common().StaticCallee().Name())
			}
		}
	}
	return out
}

func TestFails(t *testing.T) {
	fn := testutil.Load(t, diagsSrc).Func(t, "failing")
	for _, tc := range []struct {
		name string
		pred func(ssa.Instruction) bool
		want string
	}{
		// The first Append is followed by a return; the second is not;
		// AddWarning never fails a path.
		{"Fails", tfssa.Fails, "AddError AddAttributeError Append"},
		// Also the helper handed the diagnostics just before a return, not
		// the one whose block goes on, nor work() before a return.
		{"FailsOrDelegates", tfssa.FailsOrDelegates, "AddError AddAttributeError Append addErr"},
	} {
		if got := strings.Join(callsWhere(fn, tc.pred), " "); got != tc.want {
			t.Errorf("%s holds for %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestFailedSucc(t *testing.T) {
	want := map[string]string{
		"hasError":    "then",
		"getHasError": "then",
		"notOk":       "then", // the branch that just returns
		"okElse":      "else",
		"notOkLogged": "then", // no bare return: the branch where the helper said no
		"okLogged":    "else",
		"errNotNil":   "then",
		"errNil":      "else",
		"objNil":      "then", // a nil object from a helper handed the diagnostics
		"objNotNil":   "else",
		"plain":       "none",
		"phiNil":      "then", // both helpers were handed the diagnostics
		"plain2":      "none",
		"phiMixed":    "none", // one side is not a helper's result
		"carrier":     "then", // the helper got a carrier made from the diagnostics
		"iface":       "then", // the diagnostics handed as an interface
		"unrelated":   "none",
		"notDiags":    "none",
	}
	s := testutil.Load(t, diagsSrc)
	markers := testutil.Markers(diagsSrc)
	seen := map[string]bool{}
	for _, ifi := range testutil.Ifs(s.Func(t, "branches")) {
		m := markers[s.Fset.Position(tfssa.CondPos(ifi)).Line]
		if m == "" {
			continue
		}
		seen[m] = true
		got := "none"
		if i := tfssa.FailedSucc(ifi); i >= 0 {
			got = side(ifi.Block().Succs[i])
		}
		if got != want[m] {
			t.Errorf("%s: failure successor %s, want %s", m, got, want[m])
		}
	}
	for m := range want {
		if !seen[m] {
			t.Errorf("%s: no branch found", m)
		}
	}
}

// side names a successor by the source branch it starts: "then" or "else"
// (the else-branch, or what follows an if without one).
func side(b *ssa.BasicBlock) string {
	if b.Comment == "if.then" {
		return "then"
	}
	return "else"
}
