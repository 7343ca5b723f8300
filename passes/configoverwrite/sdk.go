package configoverwrite

import (
	"fmt"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkSDK reports d.Set of a configured, non-Computed top-level key with a
// normalised string in an SDK Create or Update, or a package helper they hand
// d to — Read, where normalising belongs, is not followed.
func checkSDK(rep *lint.Reporter, model *facts.Model, byName map[string]*ssa.Function, reported map[token.Pos]bool) {
	for _, r := range model.SDK {
		if r.Kind != facts.KindResource || !r.Resolved || !r.SchemaResolved {
			continue
		}
		read := byName[r.Funcs["Read"].Key()]
		for _, method := range []string{"Create", "Update"} {
			ref, ok := r.Funcs[method]
			if !ok {
				continue
			}
			for _, c := range sdkSets(byName[ref.Key()], read) {
				a := sdkCandidate(r, c)
				if a == nil || reported[c.Pos()] {
					continue
				}
				reported[c.Pos()] = true
				rep.Report(lint.Finding{Rule: "APPLY-2", Pos: c.Pos(),
					Message: fmt.Sprintf("%s of %s saves %q (%s, not Computed) as a string built by a normalising step instead of the configured value: when it differs, the new state differs from the plan — Terraform only logs this for an SDK provider — and the next plan shows a change; save d.Get(%q) and normalise in Read, or suppress the difference with a DiffSuppressFunc", ref.Field, r.Name, a.Name, flags(a), a.Name),
					Related: []analysis.RelatedInformation{lint.Related(a.Pos, "%q is declared here", a.Name), lint.Related(ref.Pos, "%s is %s", ref.Field, ref.Name())}})
			}
		}
	}
}

func sdkCandidate(r *facts.SDKResource, c *ssa.Call) *facts.Attribute {
	k, ok := c.Call.Args[1].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return nil
	}
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if a.Name == constant.StringVal(k.Value) && !a.Computed && (a.Required || a.Optional) && !a.Uncertain && !a.Block && !a.WriteOnly && !a.Normalised {
			return a
		}
	}
	return nil
}

// sdkSets: d.Set calls of a normalised string in fn, its closures and the
// package functions it hands d to (two deep), skipping read.
func sdkSets(fn, read *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	seen := map[*ssa.Function]bool{read: true}
	var visit func(f *ssa.Function, depth int)
	visit = func(f *ssa.Function, depth int) {
		if f == nil || seen[f] || depth > 2 {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := c.Call.StaticCallee()
				switch {
				case callee == nil:
				case isDataSet(callee) && len(c.Call.Args) == 3 && normalisedSDK(c.Call.Args[2]):
					out = append(out, c)
				case callee.Pkg == f.Pkg && callee.Blocks != nil && tfssa.HandsResourceData(c.Common()):
					visit(callee, depth+1)
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon, depth)
		}
	}
	visit(fn, 0)
	return out
}

func isDataSet(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	return fn.Name() == "Set" && recv != nil && tfapi.IsResourceData(recv.Type())
}

// normalisedSDK: the interface argument of d.Set holds string(b) for a
// []byte b, or a normalising package function's string result.
func normalisedSDK(v ssa.Value) bool {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return false
	}
	return normalisedArg(mi.X) && !caseFolded(mi.X)
}

// caseFolded: strings.ToLower/ToUpper of an API enum mostly gives back the
// form the configuration was validated in; only re-encoding is reported.
func caseFolded(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" && (fn.Name() == "ToLower" || fn.Name() == "ToUpper")
}
