package datasourceremove

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/attruse"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// checkNoID reports SDK data sources whose Read never gives them an ID:
// ResourceData.State() is nil without one, so the data source reads as null
// just as if it had cleared its ID (READ-4).
func checkNoID(pass *analysis.Pass, rep *lint.Reporter, model *facts.Model) {
	_, funcs, ok := tfssa.Prepare(pass, tfssa.SDK)
	if !ok {
		return
	}
	byName, _ := tfssa.ByName(funcs)
	for _, r := range model.SDK {
		ref, ok := r.Funcs["Read"]
		if r.Kind != facts.KindDataSource || !ok || !r.Resolved {
			continue
		}
		read := byName[ref.Key()]
		if read == nil || !ref.Pos.IsValid() {
			continue
		}
		if sets, known := setsID(read); known && !sets && !tfssa.AlwaysFails(read) {
			rep.Report(lint.Finding{Rule: "READ-4", Pos: read.Pos(),
				Related: []analysis.RelatedInformation{lint.Related(ref.Pos, "Read of data source %s", r.Name)},
				Message: fmt.Sprintf("data source %s never sets an ID in Read: without one the SDK returns no state, so every attribute reads as null however the lookup went; set an ID (the object's, or one derived from the query) once the lookup succeeds", r.Name)})
		}
	}
}

// setsID: fn, its closures or the package functions it hands d to call
// d.SetId with something other than "". known is false when d reaches code
// out of sight.
func setsID(fn *ssa.Function) (sets, known bool) {
	known = true
	tfssa.EachInstr(fn, 3, true, func(instr ssa.Instruction) {
		c, ok := instr.(ssa.CallInstruction)
		if !ok {
			return
		}
		com := c.Common()
		if attruse.ResourceDataMethod(com) == "SetId" {
			sets = sets || len(com.Args) == 2 && !tfssa.EmptyString(com.Args[1])
			return
		}
		if !tfssa.HandsResourceData(com) {
			return
		}
		callee := com.StaticCallee()
		if callee == nil || callee.Pkg != fn.Pkg && !tfapi.IsPluginLib(tfssa.PkgPath(callee)) {
			known = false
		}
	})
	return sets, known
}
