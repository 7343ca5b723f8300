package planrewrite

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
	"github.com/tflifecyclelint/tflifecyclelint/internal/modelflow"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

// Analyzer reports plan writes that break the configuration's values.
var Analyzer = lint.NewAnalyzer(Doc, run, tfssa.Requires...)

// write is one planned value: its attribute ("" in a plan modifier), class
// and the guards that hold where it is written.
type write struct {
	attr   string
	class  string
	guards map[guard]bool
	pos    token.Pos
	konst  string // the constant planned (types.StringValue("x")), if any
	count  int    // the elements of a list built with a fixed number of them, else 0
}

func run(pass *analysis.Pass) (any, error) {
	model, funcs, ok := tfssa.Prepare(pass, tfssa.Framework)
	if !ok {
		return nil, nil
	}
	rep := lint.NewReporter(pass)
	checkModifiers(pass, rep, model, funcs)
	for _, r := range model.Framework {
		if r.Kind != facts.KindResource || !r.SchemaResolved {
			continue
		}
		fn := funcs[facts.Method(pass.Pkg, r.TypeName, "ModifyPlan")]
		if fn == nil || len(fn.Params) < 4 {
			continue
		}
		validated := validatedNames(pass, funcs, r)
		compared := comparedConsts(fn)
		for _, w := range modifyPlanWrites(fn) {
			a := lookup(r.Schema.Attributes, w.attr)
			// A validation may restrict which values are configured; it
			// cannot make a block count the configuration does not have.
			if a == nil || validated[w.attr] && !listBlock(a) {
				continue
			}
			// A constant the attribute's own value is compared with may
			// be the configured value, planned as written.
			if w.konst != "" && compared[w.attr][w.konst] {
				continue
			}
			if rule, why, ok := decide(a, w); ok {
				rep.Report(lint.Finding{Rule: rule, Pos: w.pos,
					Message: fmt.Sprintf("%s.ModifyPlan plans %q as %s: %s", r.TypeName, w.attr, describe(w.class), why),
					Related: []analysis.RelatedInformation{lint.Related(a.Pos, "%q is declared here (%s)", w.attr, flags(a))}})
			}
		}
	}
	return nil, nil
}

// validatedNames: the attributes the resource's ValidateConfig or
// ConfigValidators name. A ModifyPlan that plans its own value for such an
// attribute under some condition is usually matched by a validation that
// rejects any other configured value there (clickhouse's UDF sandbox_type);
// which values are allowed is beyond this check, so it stays quiet.
func validatedNames(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function, r *facts.FrameworkResource) map[string]bool {
	all := map[string]bool{}
	for _, m := range []string{"ValidateConfig", "ConfigValidators"} {
		if fn := funcs[facts.Method(pass.Pkg, r.TypeName, m)]; fn != nil {
			names, _ := tfssa.NamesIn(fn, nil)
			for n := range names {
				all[n] = true
			}
		}
	}
	return all
}

// use is one attribute a custom plan modifier is attached to.
type use struct {
	res  string
	path string
	attr *facts.Attribute
}

func checkModifiers(pass *analysis.Pass, rep *lint.Reporter, model *facts.Model, funcs map[*types.Func]*ssa.Function) {
	uses := map[string][]use{}
	for _, r := range model.Framework {
		var walk func(prefix string, attrs []facts.Attribute)
		walk = func(prefix string, attrs []facts.Attribute) {
			for i := range attrs {
				a := &attrs[i]
				for _, t := range a.CustomModifiers {
					uses[t] = append(uses[t], use{r.TypeName, prefix + a.Name, a})
				}
				// Terraform cannot match set elements between config and
				// plan, so it does not check the attributes inside them.
				if a.Nesting != "set" {
					walk(prefix+a.Name+".", a.Nested)
				}
			}
		}
		walk("", r.Schema.Attributes)
	}
	names := make([]string, 0, len(uses))
	for t := range uses {
		names = append(names, t)
	}
	sort.Strings(names)
	for _, t := range names {
		for _, fn := range modifierMethods(pass, funcs, t) {
			for _, w := range modifierWrites(fn) {
				reportModifierWrite(rep, fn, w, uses[t])
			}
		}
	}
}

// reportModifierWrite reports one write of a modifier once, under the rule
// of the first attribute it breaks, naming every attribute of that
// resource and rule it breaks the same way (a modifier shared by "url" and
// "sha" whose write for one cannot be told from the other's).
func reportModifierWrite(rep *lint.Reporter, fn *ssa.Function, w write, us []use) {
	var first *use
	var rule rules.ID
	var why string
	var names []string
	var related []analysis.RelatedInformation
	for i := range us {
		u := &us[i]
		r, y, ok := decide(u.attr, w)
		if !ok || u.attr.Uncertain || first != nil && (r != rule || u.res != first.res) {
			continue
		}
		if first == nil {
			first, rule, why = u, r, y
		}
		names = append(names, fmt.Sprintf("%q", u.path))
		related = append(related, lint.Related(u.attr.Pos, "the modifier is attached to %q here (%s)", u.path, flags(u.attr)))
	}
	if first == nil {
		return
	}
	rep.Report(lint.Finding{Rule: rule, Pos: w.pos, Related: related,
		Message: fmt.Sprintf("plan modifier %s plans %s for %s of %s: %s", fn.Name(), describe(w.class), strings.Join(names, " and "), first.res, why)})
}

// modifierMethods: the PlanModifyXxx methods of the named type "pkg.T", when
// it is declared in this package.
func modifierMethods(pass *analysis.Pass, funcs map[*types.Func]*ssa.Function, qualified string) []*ssa.Function {
	name, ok := strings.CutPrefix(qualified, pass.Pkg.Path()+".")
	if !ok {
		return nil
	}
	tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	var out []*ssa.Function
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	for i := 0; i < ms.Len(); i++ {
		m := ms.At(i).Obj().(*types.Func)
		if strings.HasPrefix(m.Name(), "PlanModify") {
			if fn := funcs[m]; fn != nil {
				out = append(out, fn)
			}
		}
	}
	return out
}

// modifierWrites: the stores to resp.PlanValue in a PlanModifyXxx method.
func modifierWrites(fn *ssa.Function) []write {
	if len(fn.Params) < 4 {
		return nil
	}
	s := newScope(fn, fn.Params[2])
	resp := fn.Params[3]
	s.resp = resp
	known := s.facts(fn)
	var out []write
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok || fa.X != resp || fieldName(fa) != "PlanValue" {
				continue
			}
			out = append(out, write{class: s.class(st.Val, 0), guards: known[b], pos: st.Pos()})
		}
	}
	return out
}

func fieldName(fa *ssa.FieldAddr) string {
	ptr, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return st.Field(fa.Field).Name()
}

// modifyPlanWrites: in ModifyPlan, fields of a model stored before the model
// is handed to resp.Plan.Set, and resp.Plan.SetAttribute(path.Root("x"), v).
func modifyPlanWrites(fn *ssa.Function) []write {
	s := newScope(fn, fn.Params[2])
	resp := fn.Params[3]
	known := s.facts(fn)
	var sets []*ssa.Call
	var out []write
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || len(c.Call.Args) < 2 {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil {
				continue
			}
			fa, ok := c.Call.Args[0].(*ssa.FieldAddr)
			if !ok || fa.X != resp || fieldName(fa) != "Plan" {
				continue
			}
			switch callee.Name() {
			case "Set":
				sets = append(sets, c)
			case "SetAttribute":
				if len(c.Call.Args) == 4 {
					if attr := modelflow.PathRoot(c.Call.Args[2]); attr != "" {
						out = append(out, write{attr: attr, class: s.class(c.Call.Args[3], 0), guards: known[b], pos: c.Pos(), konst: constOf(c.Call.Args[3], 0), count: fixedCount(c.Call.Args[3], 0)})
					}
				}
			}
		}
	}
	for _, set := range sets {
		m := tfssa.ModelRoot(set.Call.Args[2])
		if m == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for i, instr := range b.Instrs {
				if !reaches(b, i, set) {
					continue
				}
				switch instr := instr.(type) {
				case *ssa.Store:
					out = append(out, s.fieldWrites(instr, m, known[b])...)
				case *ssa.Call:
					out = append(out, helperWrites(fn, s, instr, m, known[b])...)
				}
			}
		}
	}
	return out
}

// fieldWrites: a store into a field of model m.
func (s *scope) fieldWrites(st *ssa.Store, m ssa.Value, guards map[guard]bool) []write {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok || s.root(fa.X) != m {
		return nil
	}
	attr := modelflow.FieldTag(fa)
	if attr == "" {
		return nil
	}
	return []write{{attr: attr, class: s.class(st.Val, 0), guards: guards, pos: st.Pos(), konst: constOf(st.Val, 0), count: fixedCount(st.Val, 0)}}
}

// helperWrites: the stores into the plan model m made by a function of the
// package that ModifyPlan hands the model to (one level deep), classed
// with the helper's own tests of the config, plan and state models it is
// handed too, and holding the guards of the call site.
func helperWrites(fn *ssa.Function, s *scope, call *ssa.Call, m ssa.Value, at map[guard]bool) []write {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != fn.Pkg || len(callee.Blocks) == 0 || len(callee.Params) != len(call.Call.Args) {
		return nil
	}
	hs := &scope{Request: tfssa.NewRequest(callee, nil), models: map[ssa.Value]string{}}
	var plan ssa.Value
	for i, arg := range call.Call.Args {
		r := s.root(arg)
		if r == nil {
			continue
		}
		if r == m {
			plan = callee.Params[i]
			hs.models[plan] = fromPlan
		} else if src, ok := s.models[r]; ok {
			hs.models[callee.Params[i]] = src
		}
	}
	if plan == nil {
		return nil
	}
	known := hs.facts(callee)
	var out []write
	for _, b := range callee.Blocks {
		guards := map[guard]bool{}
		for g := range at {
			guards[g] = true
		}
		for g := range known[b] {
			guards[g] = true
		}
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			for _, w := range hs.fieldWrites(st, plan, guards) {
				// A value the helper computes from what it was handed may be
				// the configured one re-expressed (a timestamp parsed and
				// formatted again): not followed that far, so not decided.
				if w.class != other {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// reaches: the instruction at b.Instrs[i] can be followed by the call.
func reaches(b *ssa.BasicBlock, i int, call *ssa.Call) bool {
	if call.Block() == b {
		for _, instr := range b.Instrs[i+1:] {
			if instr == call {
				return true
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if x == call.Block() {
			return true
		}
		stack = append(stack, x.Succs...)
	}
	return false
}

// decide applies PLAN-1/2/3 to one write of attribute a, PLAN-5 to a
// list block's.
func decide(a *facts.Attribute, w write) (rules.ID, string, bool) {
	if listBlock(a) {
		return decideBlock(a, w)
	}
	// Terraform cannot match the elements of a set of nested objects
	// between config and plan, so it does not check inside them.
	if a.Uncertain || a.Block || a.Nesting == "set" {
		return "", "", false
	}
	for gd := range w.guards {
		if p, ok := strings.CutPrefix(gd.fact, "path="); ok && gd.attr == "" && p != a.Name {
			return "", "", false // the write is for another attribute
		}
		// Under a test that another attribute is or is not configured, the
		// rule that ties the two (a validator, a ConflictsWith) is out of sight.
		if gd.attr != "" && gd.attr != a.Name && otherSet[gd.fact] {
			return "", "", false
		}
	}
	// A plan modifier's own value has attr ""; a field of a model it reads
	// carries the attribute's name.
	g := func(fact string) bool { return w.guards[guard{w.attr, fact}] || w.guards[guard{a.Name, fact}] }
	cfgNull := g("config.null") || g("plan.null") || g("config.absent")
	cfgSet := a.Required || g("config.notnull") || g("config.unknown") || (!a.Computed && (g("plan.notnull") || g("plan.unknown")))
	configurable := a.Required || a.Optional
	if !configurable {
		return "", "", false
	}
	switch w.class {
	case other, isUnknown:
	case fromState:
		return decideState(a, g)
	default:
		return "", "", false // the config's or the plan's value, or null
	}
	if !a.Computed && !cfgSet {
		return "PLAN-2", "the attribute is not Computed, so when the configuration leaves it null the plan must be null too; Terraform rejects the plan (\"Provider produced invalid plan\")", true
	}
	if w.class == other && mayBeUnknown(g) && !g("plan.absent") {
		return "PLAN-1", "this branch is taken when the configuration is null or not yet known: a configured value not known until apply must stay unknown in the plan, and a value of the provider's own there makes Terraform reject the plan (\"Provider produced invalid plan\"); return when req.ConfigValue.IsUnknown()", true
	}
	if cfgNull {
		return "", "", false
	}
	// A rebuilt nested object or list may keep every configured part and
	// fill only its Computed parts; the check cannot tell.
	if w.class == other && len(a.Nested) > 0 {
		return "", "", false
	}
	if w.class == isUnknown {
		if g("config.unknown") {
			return "", "", false
		}
		return "PLAN-3", "when the configuration sets this attribute, its known value must be planned as written, never as unknown; Terraform rejects the plan (\"Provider produced invalid plan\"); act only when req.ConfigValue.IsNull()", true
	}
	if g("plan.absent") {
		return "PLAN-1", "a null or unknown plan value does not mean the configuration leaves it unset: when the configuration sets it to a value not known until apply, the plan must stay unknown, and Terraform rejects this one (\"Provider produced invalid plan\"); test the configuration (req.Config, IsNull) instead", true
	}
	return "PLAN-1", "when the configuration sets this attribute, the plan must keep the configured value (or the prior state's); a rewritten value makes Terraform reject the plan (\"Provider produced invalid plan\"); act only when the configuration leaves it null, or normalise with a custom type's semantic equality", true
}

// otherSet: the facts about another attribute under which a rule tying
// the two may decide this one.
var otherSet = map[string]bool{"config.null": true, "config.absent": true, "config.notnull": true, "plan.notnull": true}

// mayBeUnknown: the branch is taken when the configuration is null or not
// yet known (`!IsNull() && !IsUnknown()` returned earlier, or only the plan
// was tested), and nothing excludes the unknown case.
func mayBeUnknown(g func(string) bool) bool {
	if g("config.null") || g("config.notunknown") || g("plan.null") || g("plan.notunknown") {
		return false
	}
	return g("config.absent") || g("config.unknown") || g("plan.absent") || g("plan.unknown")
}

// decideState: the prior state's value planned for a configurable attribute.
// Terraform accepts it while the configuration is set (an equal form kept),
// but not for an attribute that is not Computed when the configuration is
// null, and not while the configuration is unknown: the final plan made
// at apply, with the value known, then differs from this one.
func decideState(a *facts.Attribute, g func(string) bool) (rules.ID, string, bool) {
	null := g("config.null") || g("plan.null") ||
		((g("config.absent") || g("plan.absent")) && !g("config.unknown") && !g("plan.unknown"))
	if !a.Computed && !a.Required && null && !g("config.notnull") && !g("plan.notnull") {
		return "PLAN-2", "the attribute is not Computed, so when the configuration leaves it null the plan must be null too, not the prior state's value; Terraform rejects the plan (\"Provider produced invalid plan\")", true
	}
	if mayBeUnknown(g) {
		return "PLAN-8", "this branch is taken when the configuration is not yet known: the plan promises the prior state's value, and when the configured value becomes known at apply the final plan differs (\"Provider produced inconsistent final plan\"); return when req.ConfigValue.IsUnknown(), as UseStateForUnknown does", true
	}
	return "", "", false
}

func describe(class string) string {
	switch class {
	case isUnknown:
		return "an unknown value"
	case fromState:
		return "the prior state's value"
	}
	return "a value of its own"
}

func flags(a *facts.Attribute) string {
	if a.Block {
		return a.Nesting + " block"
	}
	var fs []string
	for _, f := range []struct {
		on   bool
		name string
	}{{a.Required, "Required"}, {a.Optional, "Optional"}, {a.Computed, "Computed"}} {
		if f.on {
			fs = append(fs, f.name)
		}
	}
	return strings.Join(fs, "+")
}

func lookup(attrs []facts.Attribute, name string) *facts.Attribute {
	for i := range attrs {
		if attrs[i].Name == name {
			return &attrs[i]
		}
	}
	return nil
}

// constOf: the constant v is, directly or wrapped by a framework
// constructor (types.StringValue("x")); "" otherwise.
func constOf(v ssa.Value, depth int) string {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil {
			return x.Value.ExactString()
		}
	case *ssa.MakeInterface:
		return constOf(x.X, depth+1)
	case *ssa.ChangeType:
		return constOf(x.X, depth+1)
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && fn.Signature.Recv() == nil && len(x.Call.Args) == 1 && depth < 3 {
			return constOf(x.Call.Args[0], depth+1)
		}
	}
	return ""
}

// comparedConsts: for each attribute, the constants its value (a model
// field's ValueXxx()) is compared with in fn and the package functions fn
// calls: switch config.Mode.ValueString() { case "horizontal": ... }.
func comparedConsts(fn *ssa.Function) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	scan := func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				bin, ok := instr.(*ssa.BinOp)
				if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
					continue
				}
				for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
					k, ok := pair[1].(*ssa.Const)
					if !ok || k.Value == nil {
						continue
					}
					if attr := valueOfField(pair[0]); attr != "" {
						if out[attr] == nil {
							out[attr] = map[string]bool{}
						}
						out[attr][k.Value.ExactString()] = true
					}
				}
			}
		}
	}
	scan(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if callee := c.Call.StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && callee != fn {
					scan(callee)
				}
			}
		}
	}
	return out
}

// valueOfField: the attribute whose model field v.ValueXxx() reads.
func valueOfField(v ssa.Value) string {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return ""
	}
	if m := c.Call.StaticCallee(); m == nil || m.Signature.Recv() == nil || !strings.HasPrefix(m.Name(), "Value") {
		return ""
	}
	return modelflow.LoadedTag(c.Call.Args[0])
}
