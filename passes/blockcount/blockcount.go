package blockcount

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports block lists rebuilt from the API in Create/Update.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	reported := map[token.Pos]bool{}
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		blocks := map[string]*facts.Attribute{}
		for i := range r.Schema.Attributes {
			a := &r.Schema.Attributes[i]
			if a.Block && (a.Nesting == "list" || a.Nesting == "set") && !a.Uncertain {
				blocks[a.Name] = a
			}
		}
		if len(blocks) == 0 {
			continue
		}
		models := map[string]bool{}
		for _, m := range r.Models {
			models[m] = true
		}
		for _, method := range []string{"Create", "Update"} {
			for _, st := range stores(funcs[facts.Method(pass.Pkg, r.TypeName, method)], models) {
				tag := modelflow.FieldTag(st.Addr.(*ssa.FieldAddr))
				a := blocks[tag]
				if a == nil || reported[st.Pos()] || !rebuilt(st.Val) || fromModel(st.Val, tag, models) || !filtered(st.Val, 0) {
					continue
				}
				reported[st.Pos()] = true
				rep.Report(lint.Finding{Rule: "PLAN-5", Pos: st.Pos(),
					Related: []analysis.RelatedInformation{lint.Related(a.Pos, "block %q is declared here", a.Name)},
					Message: fmt.Sprintf("%s.%s saves the %s of %q blocks rebuilt from the API's answer, skipping some of its elements, not from the planned blocks: when a configured block is skipped (or the API adds or merges elements), the number of blocks differs from the plan and Terraform fails with \"Provider produced inconsistent result after apply\"; build the blocks from the plan and fill in only their Computed attributes", r.TypeName, method, a.Nesting, a.Name)})
			}
		}
	}
	return nil, nil
}

// filtered: v is (or is built, through ListValueFrom/SetValueFrom or a
// package function's result, from) a slice accumulated in a loop where some
// iteration appends nothing — the answer's elements are filtered.
func filtered(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return filtered(x.X, depth+1)
	case *ssa.ChangeType:
		return filtered(x.X, depth+1)
	case *ssa.Extract:
		return filtered(x.Tuple, depth+1)
	case *ssa.Phi:
		if skipsIteration(x) {
			return true
		}
		for _, e := range x.Edges {
			if filtered(e, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return filtered(x.Call.Args[0], depth+1)
		}
		if fn == nil {
			return false
		}
		if fn.Signature.Recv() == nil && fn.Pkg != nil && strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") {
			args := x.Call.Args
			return len(args) > 0 && filtered(args[len(args)-1], depth+1)
		}
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 && filtered(ret.Results[0], depth+1) {
				return true
			}
		}
	}
	return false
}

// skipsIteration: the loop accumulator p can come back to itself through
// φ-nodes only, i.e. along a path of the loop that appends nothing.
func skipsIteration(p *ssa.Phi) bool {
	seen := map[*ssa.Phi]bool{}
	var back func(q *ssa.Phi, depth int) bool
	back = func(q *ssa.Phi, depth int) bool {
		if seen[q] || depth > 8 {
			return false
		}
		seen[q] = true
		for _, e := range q.Edges {
			if e == p {
				return true
			}
			if inner, ok := e.(*ssa.Phi); ok && back(inner, depth+1) {
				return true
			}
			if c, ok := e.(*ssa.Call); ok && isAppend(c) {
				if inner, ok := c.Call.Args[0].(*ssa.Phi); ok && inner != p && back(inner, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return back(p, 0)
}

func isAppend(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append"
}

// stores: stores into fields of the resource's models in fn and the package
// functions it calls (two deep).
func stores(fn *ssa.Function, models map[string]bool) []*ssa.Store {
	var out []*ssa.Store
	tfssa.EachInstr(fn, 2, false, func(instr ssa.Instruction) {
		if in, ok := instr.(*ssa.Store); ok {
			if fa, ok := in.Addr.(*ssa.FieldAddr); ok && models[tfssa.StructName(fa.X.Type())] {
				out = append(out, in)
			}
		}
	})
	return out
}

// rebuilt: a list or set built from elements (ListValueFrom, SetValue, ...)
// or a Go slice — not a null, unknown or copied value.
func rebuilt(v ssa.Value) bool {
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple
	}
	if c, ok := v.(*ssa.Call); ok {
		fn := c.Call.StaticCallee()
		if fn != nil && fn.Pkg != nil && fn.Signature.Recv() == nil && strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") {
			switch fn.Name() {
			case "ListValueFrom", "SetValueFrom", "ListValue", "SetValue", "ListValueMust", "SetValueMust":
				return true
			}
			return false
		}
	}
	_, isSlice := v.Type().Underlying().(*types.Slice)
	return isSlice && !isNil(v)
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// fromModel: something v is built from was read from field tag of a model
// (plan.Rules, directly or through ElementsAs into a slice).
func fromModel(v ssa.Value, tag string, models map[string]bool) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if v == nil || seen[v] || depth > 16 {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if models[tfssa.StructName(x.X.Type())] && modelflow.FieldTag(x) == tag {
				return true
			}
		case *ssa.Field:
			if st := tfssa.StructName(x.X.Type()); models[st] && fieldTag(x) == tag {
				return true
			}
		case *ssa.Alloc:
			return walkAlloc(x, func(u ssa.Value) bool { return walk(u, depth+1) })
		}
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		for _, op := range instr.Operands(nil) {
			if *op != nil && walk(*op, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(v, 0)
}

// walkAlloc follows what is written into a local: stored values (also into
// its fields and elements) and the arguments of calls it is handed to
// (ElementsAs(ctx, &rules, false) fills it from the receiver).
func walkAlloc(a *ssa.Alloc, walk func(ssa.Value) bool) bool {
	refs := a.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a && walk(r.Val) {
				return true
			}
		case *ssa.FieldAddr, *ssa.IndexAddr:
			if inner := r.(ssa.Value).Referrers(); inner != nil {
				for _, rr := range *inner {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r.(ssa.Value) && walk(st.Val) {
						return true
					}
				}
			}
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert:
			if handedTo(r.(ssa.Value), a, walk) {
				return true
			}
		case ssa.CallInstruction:
			if handedTo(a, a, walk) {
				return true
			}
		}
	}
	return false
}

// handedTo: the other arguments (and receiver) of calls v, the address of
// local a, is passed to.
func handedTo(v ssa.Value, a *ssa.Alloc, walk func(ssa.Value) bool) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		for _, arg := range c.Common().Args {
			if arg != v && arg != a && walk(arg) {
				return true
			}
		}
	}
	return false
}

func fieldTag(f *ssa.Field) string {
	st, ok := f.X.Type().Underlying().(*types.Struct)
	if !ok || f.Field >= st.NumFields() {
		return ""
	}
	tag := st.Tag(f.Field)
	const key = `tfsdk:"`
	i := strings.Index(tag, key)
	if i < 0 {
		return ""
	}
	rest := tag[i+len(key):]
	if j := strings.IndexByte(rest, '"'); j >= 0 {
		return rest[:j]
	}
	return ""
}
