package updaterejects

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports attributes that can change in place while Update fails
// whenever they change.
var Analyzer = attruse.NewAnalyzer(Doc, findings)

// rejection is where Update tests for a change and the error it returns.
type rejection struct{ test, ret token.Pos }

func findings(u *attruse.Resource) []lint.Finding {
	if u.Update == nil {
		return nil
	}
	rejected := rejections(u.Update)
	var out []lint.Finding
	for i := range u.Attrs {
		a := &u.Attrs[i]
		r, ok := rejected[a.Name]
		// A CustomizeDiff that mentions it may force a new resource or
		// reject the change at plan time.
		if !ok || !attruse.Configurable(a) || a.ForceNew || u.DiffMentions.Named[a.Name] || attruse.MayReplace(a) {
			continue
		}
		out = append(out, lint.Finding{Rule: "SCHEMA-3", Pos: a.Pos,
			Related: []analysis.RelatedInformation{
				lint.Related(r.test, "%s tests for a change of %q here", attruse.FuncName(u.Update), a.Name),
				lint.Related(r.ret, "and fails on every path from there"),
			},
			Message: message(u, a)})
	}
	return out
}

func message(u *attruse.Resource, a *facts.Attribute) string {
	how, fix := "no RequiresReplace", "add RequiresReplace, or reject the change at plan time in ModifyPlan or a validator"
	if u.SDK {
		how, fix = "not ForceNew", "mark it ForceNew, or reject the change at plan time in CustomizeDiff"
	}
	return fmt.Sprintf("%q of %s can change in place (%s, %s), but %s fails whenever it changes: the plan promises an update that apply refuses; %s", a.Name, u.Name, attruse.Flags(a), how, attruse.FuncName(u.Update), fix)
}

// rejections: the keys Update (and the package functions it calls) tests
// with d.HasChange/HasChanges in a condition whose true branch can only
// fail with an error built there, without asking the API anything.
func rejections(update *ssa.Function) map[string]rejection {
	out := map[string]rejection{}
	tfssa.EachInstr(update, 2, true, func(instr ssa.Instruction) {
		ifi, ok := instr.(*ssa.If)
		if !ok {
			return
		}
		keys, succ := changed(ifi.Cond), 0
		if len(keys) == 0 {
			keys, succ = changedField(ifi.Cond)
		}
		if len(keys) == 0 {
			return
		}
		ret, ok := onlyFails(ifi.Block().Succs[succ])
		if !ok {
			return
		}
		for _, k := range keys {
			if _, seen := out[k]; !seen {
				out[k] = rejection{tfssa.CondPos(ifi), ret}
			}
		}
	})
	return out
}

// changed: the top-level keys of a condition that is d.HasChange(k) or
// d.HasChanges(k...) itself, k a constant or an element of a local literal
// list ranged over (for _, k := range []string{"a", "b"}).
func changed(cond ssa.Value) []string {
	call, ok := cond.(*ssa.Call)
	if !ok {
		return nil
	}
	switch attruse.ResourceDataMethod(call.Common()) {
	case "HasChange", "HasChanges":
	default:
		return nil
	}
	var keys []string
	args := call.Common().Args[1:]
	if len(args) == 1 {
		args = append(tfssa.Varargs(args[0]), args[0])
	}
	for _, a := range args {
		if k, ok := tfssa.ConstString(a); ok {
			keys = append(keys, top(k))
			continue
		}
		for _, k := range rangedLiteral(a) {
			keys = append(keys, top(k))
		}
	}
	return keys
}

func top(k string) string {
	name, _, _ := strings.Cut(k, ".")
	return name
}

// rangedLiteral: the constant strings of a local array literal v is an
// element of (loaded through &arr[i] or &arr[:][i]).
func rangedLiteral(v ssa.Value) []string {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	ia, ok := load.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	x := ia.X
	if s, ok := x.(*ssa.Slice); ok {
		x = s.X
	}
	arr, ok := x.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return nil
	}
	var keys []string
	for _, r := range *arr.Referrers() {
		el, ok := r.(*ssa.IndexAddr)
		if !ok || el.Referrers() == nil {
			continue
		}
		for _, u := range *el.Referrers() {
			if st, ok := u.(*ssa.Store); ok {
				if k, ok := tfssa.ConstString(st.Val); ok {
					keys = append(keys, k)
				}
			}
		}
	}
	return keys
}

// changedField: the attribute a framework condition compares between two
// models (the plan and the prior state), and the successor taken when it
// changed: plan.X.Equal(state.X) (the builder turns !c into swapped
// branches), plan.X.ValueString() != state.X.ValueString().
func changedField(cond ssa.Value) ([]string, int) {
	switch c := cond.(type) {
	case *ssa.Call:
		callee := c.Call.StaticCallee()
		if callee == nil || callee.Name() != "Equal" || len(c.Call.Args) != 2 {
			return nil, 0
		}
		return sameTag(c.Call.Args[0], c.Call.Args[1]), 1
	case *ssa.BinOp:
		switch c.Op {
		case token.NEQ:
			return sameTag(modelflow.ValueReceiver(c.X), modelflow.ValueReceiver(c.Y)), 0
		case token.EQL:
			return sameTag(modelflow.ValueReceiver(c.X), modelflow.ValueReceiver(c.Y)), 1
		}
	}
	return nil, 0
}

func sameTag(a, b ssa.Value) []string {
	ta, tb := modelflow.LoadedTag(a), modelflow.LoadedTag(b)
	if ta == "" || ta != tb {
		return nil
	}
	return []string{ta}
}

// onlyFails: every path from b fails — returns an error built on the way,
// or returns after adding an error diagnostic — calling nothing but
// formatting, logging and error building; ret is one such return.
func onlyFails(b *ssa.BasicBlock) (ret token.Pos, ok bool) {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, failed bool) bool
	walk = func(b *ssa.BasicBlock, failed bool) bool {
		if seen[b] {
			return true // a loop inside the branch: its exits decide
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			failed = failed || tfssa.Fails(instr)
			if c, isCall := instr.(ssa.CallInstruction); isCall && !quiet(c) {
				return false
			}
		}
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			if len(last.Results) == 0 && !failed || len(last.Results) > 0 && !tfssa.BuiltError(last.Results[len(last.Results)-1]) {
				return false
			}
			if !ret.IsValid() {
				ret = last.Pos()
			}
			return true
		case *ssa.Panic:
			return false
		}
		for _, s := range b.Succs {
			if !walk(s, failed) {
				return false
			}
		}
		return len(b.Succs) > 0
	}
	ok = walk(b, false)
	return ret, ok
}

// quiet: a call that neither asks the API nor changes anything: logging,
// formatting, building the error, reading d.
func quiet(c ssa.CallInstruction) bool {
	if tfssa.Benign(c.Common()) {
		return true
	}
	if call, ok := c.(*ssa.Call); ok && tfssa.BuiltError(call) {
		return true
	}
	switch attruse.ResourceDataMethod(c.Common()) {
	case "Get", "GetOk", "GetChange", "HasChange", "HasChanges", "Id":
		return true
	}
	fn := c.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() {
	case "strings", "strconv", "sort", "slices", "maps", "github.com/hashicorp/terraform-plugin-framework/path":
		return true
	}
	return false
}
