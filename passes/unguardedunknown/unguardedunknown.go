package unguardedunknown

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports CustomizeDiff code that errors on values that may be unknown.
var Analyzer = lint.NewAnalyzer(Doc, run, flow.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	if !importsSDK(pass) {
		return nil, nil
	}
	funcs := pass.ResultOf[flow.Analyzer].(*flow.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	seen := map[*ssa.Function]bool{}
	var all []*ssa.Function
	var add func(*ssa.Function)
	add = func(fn *ssa.Function) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		all = append(all, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range funcs {
		add(fn)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Pos() < all[j].Pos() })
	for _, fn := range all {
		if d := diffParam(fn); d != nil {
			check(rep, fn, d)
		}
	}
	return nil, nil
}

func importsSDK(pass *analysis.Pass) bool {
	for _, p := range pass.Pkg.Imports() {
		if tfapi.SDKSchemaPkgs[p.Path()] != "" {
			return true
		}
	}
	return false
}

// diffParam returns the *schema.ResourceDiff parameter (or free variable) of fn.
func diffParam(fn *ssa.Function) ssa.Value {
	for _, p := range fn.Params {
		if isResourceDiff(p.Type()) {
			return p
		}
	}
	for _, fv := range fn.FreeVars {
		if isResourceDiff(fv.Type()) {
			return fv
		}
	}
	return nil
}

func isResourceDiff(t types.Type) bool {
	p, n := tfapi.Named(t)
	return n == "ResourceDiff" && tfapi.SDKSchemaPkgs[p] != ""
}

// read is one d.Get/GetOk/GetChange whose value decides a branch.
type read struct {
	key    ssa.Value // the key argument
	name   string    // its constant value, or ""
	pos    token.Pos
	branch token.Pos
}

func check(rep *lint.Reporter, fn *ssa.Function, d ssa.Value) {
	var reads []read
	known := map[string]bool{}
	knownVals := map[ssa.Value]bool{}
	errs := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok && failing(ret) {
				errs = true
			}
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) < 2 || c.Call.Args[0] != d {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil {
				continue
			}
			key := c.Call.Args[1]
			switch callee.Name() {
			case "NewValueKnown":
				knownVals[key] = true
				if s, ok := constString(key); ok {
					known[s] = true
				}
			case "Get", "GetOk", "GetChange":
				if br, ok := decides(c); ok {
					s, _ := constString(key)
					reads = append(reads, read{key: key, name: s, pos: c.Pos(), branch: br})
				}
			}
		}
	}
	if !errs {
		return
	}
	reported := map[string]bool{}
	for _, r := range reads {
		if knownVals[r.key] || (r.name != "" && known[r.name]) {
			continue
		}
		label := r.name
		if label == "" {
			label = "a key held in a variable"
		} else {
			label = fmt.Sprintf("%q", label)
		}
		if reported[label] {
			continue
		}
		reported[label] = true
		rep.Report(lint.Finding{Rule: "VALIDATE-1", Pos: r.pos,
			Related: []analysis.RelatedInformation{lint.Related(r.branch, "the value decides this branch of a function that can return an error")},
			Message: fmt.Sprintf("CustomizeDiff code decides on %s without asking d.NewValueKnown first: at plan time a value from another resource is unknown, reads as zero or unset, and a valid configuration is rejected", label)})
	}
}

// decides returns the position of a branch whose condition is derived from
// the call's result (through extracts, type assertions, comparisons, len,
// negation), or NoPos.
func decides(call *ssa.Call) (token.Pos, bool) {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) (token.Pos, bool)
	walk = func(v ssa.Value, depth int) (token.Pos, bool) {
		if seen[v] || depth > 6 || v.Referrers() == nil {
			return token.NoPos, false
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.If:
				if decidesError(r) {
					return lint.FirstValid(tfssa.CondPos(r), v.Pos(), call.Pos()), true
				}
			case *ssa.Extract, *ssa.TypeAssert, *ssa.BinOp, *ssa.UnOp, *ssa.ChangeType, *ssa.Convert:
				if p, ok := walk(r.(ssa.Value), depth+1); ok {
					return p, true
				}
			case *ssa.Call:
				if b, ok := r.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
					if p, ok := walk(r, depth+1); ok {
						return p, true
					}
				}
			}
		}
		return token.NoPos, false
	}
	return walk(call, 0)
}

func constString(v ssa.Value) (string, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// decidesError: an error return is reachable from one successor of the
// branch and not from the other — the condition decides whether it fails.
func decidesError(ifi *ssa.If) bool {
	succs := ifi.Block().Succs
	if len(succs) != 2 {
		return false
	}
	a, b := errorReturns(succs[0]), errorReturns(succs[1])
	for r := range a {
		if !b[r] {
			return true
		}
	}
	for r := range b {
		if !a[r] {
			return true
		}
	}
	return false
}

func errorReturns(from *ssa.BasicBlock) map[*ssa.Return]bool {
	out := map[*ssa.Return]bool{}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && failing(ret) {
			out[ret] = true
		}
		stack = append(stack, b.Succs...)
	}
	return out
}

// failing: a return of an error, other than the result of d.ForceNew,
// d.SetNew and the like (which fail only on misuse).
func failing(ret *ssa.Return) bool {
	if tfssa.ReturnKind(ret) != "error" {
		return false
	}
	if c, ok := ret.Results[len(ret.Results)-1].(*ssa.Call); ok {
		if fn := c.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && isResourceDiff(fn.Signature.Recv().Type()) {
			return false
		}
	}
	return true
}
