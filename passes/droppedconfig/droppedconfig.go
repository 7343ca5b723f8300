package droppedconfig

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/zerovalue"
)

// Analyzer reports models saved without a configurable attribute's field.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	for _, m := range []string{"Create", "Update"} {
		for _, t := range tfssa.Targets(pass, model, funcs, m, facts.KindResource) {
			if !t.SDK && t.FW.SchemaResolved {
				check(rep, t.FW, t.Name+"."+m, t.Fn)
			}
		}
	}
	return nil, nil
}

func check(rep *lint.Reporter, r *facts.FrameworkResource, name string, fn *ssa.Function) {
	later := setAttributes(fn)
	for _, sv := range zerovalue.SavedUnset(fn, isScalar) {
		var names []string
		for _, f := range sv.Fields {
			if a := configurable(r, f.Tag); a != nil && !later[f.Tag] {
				names = append(names, fmt.Sprintf("%q (%s)", f.Tag, flags(a)))
			}
		}
		if len(names) == 0 {
			continue
		}
		rep.Report(lint.Finding{Rule: "APPLY-2", Pos: sv.Call.Pos(),
			Related: []analysis.RelatedInformation{lint.Related(sv.Alloc.Pos(), "the model is built here, and nothing writes %s", strings.Join(names, ", "))},
			Message: fmt.Sprintf("%s saves a model it built without %s: the field stays null, so when the configuration sets the attribute Terraform fails with \"Provider produced inconsistent result after apply\"; copy the planned value (state.X = plan.X) when the API's answer does not hold it", name, strings.Join(names, ", "))})
	}
}

// configurable: the top-level attribute of the tag, when it is Required or
// Optional and not write-only.
func configurable(r *facts.FrameworkResource, tag string) *facts.Attribute {
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if a.Name == tag && (a.Required || a.Optional) && !a.WriteOnly && !a.Uncertain && !a.Block {
			return a
		}
	}
	return nil
}

func flags(a *facts.Attribute) string {
	switch {
	case a.Required:
		return "Required"
	case a.Computed:
		return "Optional, Computed"
	}
	return "Optional"
}

var scalars = map[string]bool{"StringValue": true, "BoolValue": true, "Int64Value": true, "Int32Value": true,
	"Float64Value": true, "Float32Value": true, "NumberValue": true}

// isScalar: a basetypes scalar value, whose zero value is null.
func isScalar(t types.Type) bool {
	if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		return false
	}
	pkg, name := tfapi.Named(t)
	return pkg == "github.com/hashicorp/terraform-plugin-framework/types/basetypes" && scalars[name]
}

// setAttributes: the top-level attributes fn saves one by one with
// resp.State.SetAttribute(ctx, path.Root("name"), v).
func setAttributes(fn *ssa.Function) map[string]bool {
	out := map[string]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || len(call.Call.Args) < 3 {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Name() != "SetAttribute" || callee.Signature.Recv() == nil || !tfapi.IsFramework(callee.Signature.Recv().Type(), "tfsdk", "State") {
				continue
			}
			if root, ok := call.Call.Args[2].(*ssa.Call); ok && root.Call.StaticCallee() != nil && root.Call.StaticCallee().Name() == "Root" && len(root.Call.Args) == 1 {
				if name, ok := tfssa.ConstString(root.Call.Args[0]); ok {
					out[name] = true
				}
			}
		}
	}
	return out
}
