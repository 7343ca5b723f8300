package setnewnoncomputed

import (
	"fmt"
	"go/constant"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports d.SetNew/SetNewComputed/Clear on keys the SDK refuses.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	byName, all := tfssa.ByName(funcs)
	rep := lint.NewReporter(pass)
	reported := map[string]bool{}
	for _, r := range model.SDK {
		if !r.CustomizeDiff || !r.SchemaResolved || len(r.Schema.Attributes) == 0 {
			continue
		}
		// customdiff.ComputedIf(k, f) calls d.SetNewComputed(k) when f holds.
		// A key the schema lacks is left out: its condition is then often
		// on another missing key (copied code), and never holds.
		for _, dk := range r.DiffKeysWith("computed") {
			if _, found := facts.Lookup(r.Schema.Attributes, dk.Key); !found && !strings.Contains(dk.Key, ".") {
				continue
			}
			if msg, ok := refusal(r, "SetNewComputed", dk.Key); ok {
				msg = strings.Replace(msg, fmt.Sprintf("d.SetNewComputed(%q)", dk.Key), fmt.Sprintf("customdiff.ComputedIf(%q) (d.SetNewComputed)", dk.Key), 1)
				rep.Report(lint.Finding{Rule: "PLAN-2", Pos: dk.Pos, Message: msg, Related: []analysis.RelatedInformation{lint.Related(r.Pos, "resource declared here")}})
			}
		}
		for _, fn := range tfssa.CustomizeDiffFuncs(r, byName, all) {
			for _, c := range keyCalls(fn) {
				k, _ := key(c)
				msg, ok := refusal(r, c.Call.StaticCallee().Name(), k)
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
func refusal(r *facts.SDKResource, method, k string) (string, bool) {
	nested := method == "Clear"
	if !nested && strings.Contains(k, ".") {
		return fmt.Sprintf("d.%s(%q) in the CustomizeDiff of %s: %s only accepts a top-level attribute, and fails at plan time with \"invalid key\"", method, k, r.Name, method), true
	}
	a, found := facts.Lookup(r.Schema.Attributes, k)
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
