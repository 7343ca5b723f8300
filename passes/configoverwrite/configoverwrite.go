package configoverwrite

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

// Analyzer reports configured attributes saved in the API's form.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework|tfssa.SDK)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	reported := map[token.Pos]bool{}
	byName, _ := tfssa.ByName(funcs)
	checkSDK(rep, model, byName, reported)
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		cands := map[string]*facts.Attribute{}
		for i := range r.Schema.Attributes {
			a := &r.Schema.Attributes[i]
			if !a.Computed && (a.Required || a.Optional) && !a.CustomType && !a.Uncertain && !a.Block && !a.WriteOnly {
				cands[a.Name] = a
			}
		}
		if len(cands) == 0 {
			continue
		}
		models := map[string]bool{}
		for _, m := range r.Models {
			models[m] = true
		}
		for _, method := range []string{"Create", "Update"} {
			fn := funcs[facts.Method(pass.Pkg, r.TypeName, method)]
			for _, w := range writes(fn, models) {
				a := cands[w.attr]
				if a == nil || reported[w.pos] || (w.list != (a.Type == "list" || a.Type == "set")) {
					continue
				}
				if w.list && a.Required {
					continue // configured lists are never null: an empty answer matches []
				}
				reported[w.pos] = true
				rep.Report(finding(r, method, a, w))
			}
		}
	}
	return nil, nil
}

func finding(r *facts.FrameworkResource, method string, a *facts.Attribute, w write) lint.Finding {
	why := "a string built by a normalising step (re-marshalled, converted, reformatted)"
	if w.list {
		why = "a list built from the API's answer with no len(...) > 0 test, so an empty answer saves [] where the configuration has none"
	}
	return lint.Finding{Rule: "APPLY-2", Pos: w.pos,
		Message: fmt.Sprintf("%s.%s saves %q (%s, not Computed) as %s instead of the planned value: when it differs from the configuration, Terraform fails with \"Provider produced inconsistent result after apply\"; save the plan's value and normalise in Read", r.TypeName, method, a.Name, flags(a), why),
		Related: []analysis.RelatedInformation{lint.Related(a.Pos, "%q is declared here", a.Name)}}
}

func flags(a *facts.Attribute) string {
	if a.Required {
		return "Required"
	}
	return "Optional"
}

type write struct {
	attr string
	pos  token.Pos
	list bool
}

// writes: stores into fields of the resource's models, in fn and the package
// functions it calls (two deep), of a normalised string or an unguarded list.
func writes(fn *ssa.Function, models map[string]bool) []write {
	var out []write
	if fn == nil {
		return nil
	}
	tfssa.EachInstr(fn, 2, false, func(instr ssa.Instruction) {
		in, ok := instr.(*ssa.Store)
		if !ok {
			return
		}
		fa, ok := in.Addr.(*ssa.FieldAddr)
		if !ok || !models[tfssa.StructName(fa.X.Type())] {
			return
		}
		tag := modelflow.FieldTag(fa)
		switch {
		case tag == "":
		case normalisedString(in.Val):
			out = append(out, write{tag, in.Pos(), false})
		case apiList(in.Val) && !lenGuarded(in.Block()):
			out = append(out, write{tag, in.Pos(), true})
		}
	})
	return out
}

// normalisedString: types.StringValue(string(b)) for a []byte b, or of a
// package function's result (json formatting, case folding) — not a getter.
func normalisedString(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok || !isFrameworkCtor(c, "StringValue") || len(c.Call.Args) != 1 {
		return false
	}
	return normalisedArg(c.Call.Args[0])
}

// normalisedArg: string(b) for a []byte b, or a normalising package
// function's result.
func normalisedArg(v ssa.Value) bool {
	switch a := v.(type) {
	case *ssa.Convert:
		if s, ok := a.X.Type().Underlying().(*types.Slice); ok {
			if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return true
			}
		}
	case *ssa.Call:
		fn := a.Call.StaticCallee()
		return fn != nil && fn.Signature.Recv() == nil && fn.Pkg != nil && isNormaliser(fn)
	}
	return false
}

// isNormaliser: functions that reformat a value (strings.ToLower,
// json formatting helpers), by their package or name.
func isNormaliser(fn *ssa.Function) bool {
	p := fn.Pkg.Pkg.Path()
	if p == "strings" {
		return strings.HasPrefix(fn.Name(), "To") || strings.HasPrefix(fn.Name(), "Trim")
	}
	n := strings.ToLower(fn.Name())
	return strings.Contains(n, "normali") || strings.Contains(n, "marshal") || strings.Contains(n, "canonical")
}

func isFrameworkCtor(c *ssa.Call, suffix string) bool {
	fn := c.Call.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Signature.Recv() == nil &&
		strings.Contains(fn.Pkg.Pkg.Path(), "terraform-plugin-framework") && strings.HasSuffix(fn.Name(), suffix)
}

// apiList: a fresh slice (make) or types.ListValueFrom/SetValueFrom of one.
func apiList(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.MakeSlice:
		return true
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && (isFrameworkCtor(c, "ListValueFrom") || isFrameworkCtor(c, "SetValueFrom")) {
			return true
		}
	}
	return false
}

// lenGuarded: b is dominated by the true edge of len(x) > 0 / != 0, or the
// false edge of len(x) == 0.
func lenGuarded(b *ssa.BasicBlock) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || !isLen(cmp.X) {
			continue
		}
		switch {
		case (cmp.Op == token.GTR || cmp.Op == token.NEQ) && p.Succs[0] == d,
			cmp.Op == token.EQL && p.Succs[1] == d:
			return true
		}
	}
	return false
}

func isLen(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	bi, ok := c.Call.Value.(*ssa.Builtin)
	return ok && bi.Name() == "len"
}
