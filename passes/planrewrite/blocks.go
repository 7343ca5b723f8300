package planrewrite

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// decideBlock: a list block planned with a fixed number of elements of the
// provider's own. Terraform requires the plan to hold exactly as many
// blocks as the configuration (PLAN-5), whatever other attributes say, so
// only a test that the configuration holds the block excuses it.
func decideBlock(a *facts.Attribute, w write) (rules.ID, string, bool) {
	if w.class != other || w.count < 1 {
		return "", "", false
	}
	for gd := range w.guards {
		if p, ok := strings.CutPrefix(gd.fact, "path="); ok && gd.attr == "" && p != a.Name {
			return "", "", false
		}
	}
	g := func(fact string) bool { return w.guards[guard{w.attr, fact}] || w.guards[guard{a.Name, fact}] }
	if g("config.notnull") || g("plan.notnull") {
		return "", "", false // the configuration holds blocks; their number is out of sight
	}
	return "PLAN-5", fmt.Sprintf("it is a block, and the plan must hold exactly as many blocks as the configuration: %d of the provider's own, when the configuration has none (or another number), makes Terraform reject the plan (\"Provider produced invalid plan\"), the block count in the plan disagreeing with the count in the configuration; make it an Optional+Computed nested attribute to fill it, or leave the blocks as configured", w.count), true
}

func listBlock(a *facts.Attribute) bool {
	return a.Block && a.Nesting == "list" && !a.Uncertain
}

// fixedCount: the number of elements of a list value built from a slice
// literal (types.ListValue(t, []attr.Value{x}), ListValueFrom of a literal
// slice), directly or by a package function every return of which builds
// one; 0 when it is anything else.
func fixedCount(v ssa.Value, depth int) int {
	if depth > 3 {
		return 0
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return fixedCount(x.X, depth+1)
	case *ssa.ChangeType:
		return fixedCount(x.X, depth+1)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return callCount(c, depth)
		}
	case *ssa.Call:
		return callCount(x, depth)
	}
	return 0
}

func callCount(c *ssa.Call, depth int) int {
	callee := c.Call.StaticCallee()
	if callee == nil {
		return 0
	}
	args := c.Call.Args
	if callee.Pkg != nil && tfapi.IsPluginLib(callee.Pkg.Pkg.Path()) {
		switch callee.Name() {
		case "ListValue", "ListValueMust":
			if len(args) == 2 {
				return literalLen(args[1])
			}
		case "ListValueFrom":
			if len(args) == 3 {
				return literalLen(args[2])
			}
		}
		return 0
	}
	if callee.Pkg != c.Parent().Pkg || len(callee.Blocks) == 0 {
		return 0
	}
	n := 0
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		k := fixedCount(ret.Results[0], depth+1)
		if k == 0 || n != 0 && k != n {
			return 0
		}
		n = k
	}
	return n
}

// literalLen: the length of a slice made from an array the function
// allocates ([]attr.Value{a, b} is a slice of a new [2]attr.Value).
func literalLen(v ssa.Value) int {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return 0
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return 0
	}
	ptr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return 0
	}
	if arr, ok := ptr.Elem().Underlying().(*types.Array); ok {
		return int(arr.Len())
	}
	return 0
}
