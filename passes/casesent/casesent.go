package casesent

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports configurable attributes sent case-converted and read
// back from the API.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	// Create and Update of each resource, as the model resolves them.
	lifecycle := map[*facts.SDKResource][]*ssa.Function{}
	for _, m := range []string{"Create", "Update"} {
		for _, t := range tfssa.Targets(pass, model, funcs, m, facts.KindResource) {
			if t.SDK {
				lifecycle[t.SDKRes] = append(lifecycle[t.SDKRes], t.Fn)
			}
		}
	}
	for _, t := range tfssa.Targets(pass, model, funcs, "Read", facts.KindResource) {
		if !t.SDK || !t.SDKRes.SchemaResolved {
			continue
		}
		saves := attruse.SDK(t.Fn, nil, attruse.SetsOnly, model)
		reads := attruse.SDK(t.Fn, nil, attruse.Uses, model)
		for _, f := range findings(t.SDKRes, saves, reads, t.Fn, lifecycle[t.SDKRes]) {
			rep.Report(f)
		}
	}
	return nil, nil
}

func findings(r *facts.SDKResource, saves, reads attruse.Keys, read *ssa.Function, writers []*ssa.Function) []lint.Finding {
	sent := map[string]*ssa.Call{}
	for _, fn := range writers {
		caseSends(fn, read, sent)
	}
	var out []lint.Finding
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		call := sent[a.Name]
		if call == nil || a.Type != "string" || !attruse.Configurable(a) || a.Normalised || a.HasValidators || a.Uncertain {
			continue
		}
		if !saves.Named[a.Name] || reads.Named[a.Name] {
			continue
		}
		rel := []analysis.RelatedInformation{lint.Related(call.Pos(), "the configured value is sent through %s here", call.Call.StaticCallee().Name())}
		if at := saves.At[a.Name]; at.IsValid() {
			rel = append(rel, lint.Related(at, "Read saves the API's value under %q here", a.Name))
		}
		out = append(out, lint.Finding{Rule: "APPLY-2", Pos: a.Pos, Related: rel,
			Message: fmt.Sprintf("%q of %s is sent to the API through strings.%s while Read saves the API's value back, and the schema neither normalises it (StateFunc, DiffSuppressFunc) nor restricts it (a validator): a configuration in another case differs from the state after every apply; add a DiffSuppressFunc comparing with strings.EqualFold, or a validator holding the value to one case", a.Name, r.Name, call.Call.StaticCallee().Name())})
	}
	return out
}

// caseSends records, by key, the strings.ToLower/ToUpper/ToTitle calls fn
// (its closures and the package functions it calls) applies to d.Get(key)
// and whose result is sent on.
func caseSends(fn, read *ssa.Function, out map[string]*ssa.Call) {
	if fn == nil {
		return
	}
	tfssa.EachInstr(fn, 3, true, func(instr ssa.Instruction) {
		call, ok := instr.(*ssa.Call)
		if ok && call.Parent() == read {
			return
		}
		if !ok || !caseCall(call) || len(call.Call.Args) != 1 {
			return
		}
		key, ok := getKey(call.Call.Args[0])
		if ok && out[key] == nil && sentOn(call, 0) {
			out[key] = call
		}
	})
}

func caseCall(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "strings" {
		return false
	}
	switch fn.Name() {
	case "ToLower", "ToUpper", "ToTitle":
		return true
	}
	return false
}

// getKey: v is d.Get(key).(string) or the value of d.GetOk(key), asserted.
func getKey(v ssa.Value) (string, bool) {
	ta, ok := v.(*ssa.TypeAssert)
	if !ok {
		return "", false
	}
	x := ta.X
	if e, ok := x.(*ssa.Extract); ok && e.Index == 0 {
		x = e.Tuple
	}
	call, ok := x.(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return "", false
	}
	switch attruse.ResourceDataMethod(call.Common()) {
	case "Get", "GetOk", "GetOkExists":
		return tfssa.ConstString(call.Call.Args[1])
	}
	return "", false
}

// sentOn: v goes somewhere other than a comparison or a map lookup: stored,
// handed to a call (not another function of package strings), returned.
func sentOn(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.BinOp, *ssa.If, *ssa.DebugRef:
		case *ssa.Lookup:
			if r.X == v {
				return true // a string indexed: its bytes go on
			}
		case *ssa.Phi, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface:
			if sentOn(r.(ssa.Value), depth+1) {
				return true
			}
		case *ssa.Call:
			if fn := r.Call.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" {
				continue
			}
			return true
		case *ssa.Store, *ssa.Return, *ssa.MapUpdate, *ssa.Go, *ssa.Defer:
			return true
		}
	}
	return false
}
