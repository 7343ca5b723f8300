package setnewnoncomputed

import (
	"fmt"
	"go/constant"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/flow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Analyzer reports d.SetNew/SetNewComputed/Clear on keys the SDK refuses.
var Analyzer = lint.NewAnalyzer(Doc, run, facts.Analyzer, flow.Analyzer)

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[facts.Analyzer].(*facts.Model)
	if len(model.SDK) == 0 {
		return nil, nil
	}
	funcs := pass.ResultOf[flow.Analyzer].(*flow.Lazy).Funcs()
	if funcs == nil {
		return nil, nil
	}
	byName := map[string]*ssa.Function{}
	var all []*ssa.Function
	for obj, fn := range funcs {
		byName[facts.FuncName(obj)] = fn
		all = append(all, fn)
	}
	rep := lint.NewReporter(pass)
	reported := map[string]bool{}
	for _, r := range model.SDK {
		if !r.CustomizeDiff || !r.SchemaResolved || len(r.Schema.Attributes) == 0 {
			continue
		}
		for _, fn := range diffFuncs(r, byName, all) {
			for _, c := range keyCalls(fn) {
				msg, ok := refusal(r, c)
				id := fmt.Sprint(c.Pos(), msg)
				if !ok || reported[id] {
					continue
				}
				reported[id] = true
				rep.Report(lint.Finding{Rule: "PLAN-2", Pos: c.Pos(), Message: msg})
			}
		}
	}
	return nil, nil
}

// diffFuncs: the functions of r's CustomizeDiff — those it names and the
// literals inside it, their closures, and package functions they hand the
// *schema.ResourceDiff to (two calls deep).
func diffFuncs(r *facts.SDKResource, byName map[string]*ssa.Function, all []*ssa.Function) []*ssa.Function {
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	var add func(fn *ssa.Function, depth int)
	add = func(fn *ssa.Function, depth int) {
		if fn == nil || seen[fn] || depth > 3 {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon, depth)
		}
		for _, callee := range handedDiff(fn) {
			add(callee, depth+1)
		}
	}
	for _, name := range r.CustomizeDiffFuncs {
		add(byName[name], 0)
	}
	span := r.CustomizeDiffSpan
	for _, fn := range all {
		for _, anon := range fn.AnonFuncs {
			if span[0].IsValid() && anon.Pos() >= span[0] && anon.Pos() < span[1] {
				add(anon, 0)
			}
		}
	}
	return out
}

// handedDiff: package functions fn calls with its ResourceDiff as an argument.
func handedDiff(fn *ssa.Function) []*ssa.Function {
	d := diffValue(fn)
	if d == nil {
		return nil
	}
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := c.Common().StaticCallee()
			if callee == nil || callee.Pkg != fn.Pkg || callee.Blocks == nil {
				continue
			}
			for _, a := range c.Common().Args {
				if a == d {
					out = append(out, callee)
					break
				}
			}
		}
	}
	return out
}

func diffValue(fn *ssa.Function) ssa.Value {
	for _, p := range fn.Params {
		if tfapi.IsResourceDiff(p.Type()) {
			return p
		}
	}
	for _, fv := range fn.FreeVars {
		if tfapi.IsResourceDiff(fv.Type()) {
			return fv
		}
	}
	return nil
}

// keyCalls: d.SetNew, d.SetNewComputed and d.Clear calls with a constant key.
func keyCalls(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil || callee.Signature.Recv() == nil || !tfapi.IsResourceDiff(callee.Signature.Recv().Type()) {
				continue
			}
			switch callee.Name() {
			case "SetNew", "SetNewComputed", "Clear":
				if _, ok := key(c); ok {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

func key(c *ssa.Call) (string, bool) {
	if len(c.Call.Args) < 2 {
		return "", false
	}
	k, ok := c.Call.Args[1].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// refusal says why the SDK refuses the call for resource r, if it does.
func refusal(r *facts.SDKResource, c *ssa.Call) (string, bool) {
	k, _ := key(c)
	method := c.Call.StaticCallee().Name()
	nested := method == "Clear"
	if !nested && strings.Contains(k, ".") {
		return fmt.Sprintf("d.%s(%q) in the CustomizeDiff of %s: %s only accepts a top-level attribute, and fails at plan time with \"invalid key\"", method, k, r.Name, method), true
	}
	a, found := lookup(r.Schema.Attributes, strings.Split(k, "."))
	if !found {
		if r.Schema.Complete && !nested {
			return fmt.Sprintf("d.%s(%q) in the CustomizeDiff of %s: %q is not in the schema, and the call fails at plan time with \"invalid key\"", method, k, r.Name, k), true
		}
		return "", false
	}
	if a == nil || a.Uncertain || a.Computed {
		return "", false
	}
	return fmt.Sprintf("d.%s(%q) in the CustomizeDiff of %s: %q is not Computed, so the SDK refuses it at plan time (\"%s only operates on computed keys\"); a provider may plan values only for Computed attributes", method, k, r.Name, k, method), true
}

// lookup finds a dotted key ("block.0.name") in the schema; found is false
// when it is not there, a is nil when the path cannot be followed.
func lookup(attrs []facts.Attribute, parts []string) (a *facts.Attribute, found bool) {
	for i := range attrs {
		if attrs[i].Name != parts[0] {
			continue
		}
		a = &attrs[i]
		rest := parts[1:]
		if len(rest) > 0 && isIndex(rest[0]) {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return a, true
		}
		if a.Incomplete || len(a.Nested) == 0 {
			return nil, true
		}
		return lookup(a.Nested, rest)
	}
	return nil, false
}

func isIndex(s string) bool {
	if s == "#" || s == "%" || s == "" {
		return true
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
