package tfssa

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

// Target is one lifecycle function of a resource in the model, in SSA form.
type Target struct {
	Name string // the framework type name or the SDK resource's name
	SDK  bool
	Fn   *ssa.Function
	// Subject is resp (framework: the last parameter) or d (SDK: the
	// *schema.ResourceData parameter).
	Subject *ssa.Parameter
	// Exists is set for SDK resources with an Exists function.
	Exists bool
	// Wrapped: the SDK field hands the function to a decorator that may
	// remove the resource itself (a not-found handler around Read), or one
	// the model cannot see into.
	Wrapped bool
	// ParentKeys names the top-level attributes that are Required and
	// ForceNew (framework: RequiresReplace), places (region, zone) aside:
	// references to the object this one lives in (project_id), which can be
	// deleted too.
	ParentKeys map[string]bool
	// Create is the resource's Create, for a Read target; nil when unknown.
	Create *ssa.Function
	// FW or SDKRes is the resource in the model the function belongs to.
	FW     *facts.FrameworkResource
	SDKRes *facts.SDKResource
}

// Targets returns, once per function, the method (Create, Read, Update, ...) of every resource
// of the given kind in the model whose function
// is declared in this package and was built in funcs.
func Targets(pass *analysis.Pass, model *facts.Model, funcs map[*types.Func]*ssa.Function, method string, kind facts.Kind) []Target {
	var out []Target
	seen := map[*ssa.Function]bool{}
	add := func(t Target) {
		if !seen[t.Fn] {
			seen[t.Fn] = true
			out = append(out, t)
		}
	}
	for _, r := range model.Framework {
		if r.Kind != kind {
			continue
		}
		if fn := funcs[facts.Method(pass.Pkg, r.TypeName, method)]; fn != nil && len(fn.Params) > 0 {
			t := Target{Name: r.TypeName, Fn: fn, Subject: fn.Params[len(fn.Params)-1], ParentKeys: frameworkParentKeys(r), FW: r}
			if method == "Read" {
				t.Create = funcs[facts.Method(pass.Pkg, r.TypeName, "Create")]
			}
			add(t)
		}
	}
	byName, _ := ByName(funcs)
	for _, r := range model.SDK {
		ref, ok := r.Funcs[method]
		if r.Kind != kind || !r.Resolved || !ok || byName[ref.Key()] == nil {
			continue
		}
		fn := byName[ref.Key()]
		wrapped := mayRemoveAround(ref.Wrapper, byName, model)
		if g, w := forwarded(fn, model); g != nil {
			fn, wrapped = g, wrapped || w
		}
		for _, p := range fn.Params {
			if tfapi.IsResourceData(p.Type()) {
				_, exists := r.Funcs["Exists"]
				t := Target{Name: r.Name, SDK: true, Fn: fn, Subject: p, Exists: exists, Wrapped: wrapped, ParentKeys: parentKeys(r), SDKRes: r}
				if c, ok := r.Funcs["Create"]; ok && method == "Read" {
					t.Create = unforwarded(byName[c.Key()], model)
				}
				add(t)
				break
			}
		}
	}
	return out
}

// parentKeys: r's Required, ForceNew top-level attributes, when its schema
// is known.
func parentKeys(r *facts.SDKResource) map[string]bool {
	if !r.SchemaResolved {
		return nil
	}
	out := map[string]bool{}
	for _, a := range r.Schema.Attributes {
		if a.Required && a.ForceNew && !a.Uncertain && !place(a.Name) {
			out[a.Name] = true
		}
	}
	return out
}

// Sibling is t with another function of the same resource (its Create,
// its Update) in place of t's.
func (t Target) Sibling(fn *ssa.Function) Target {
	s := Target{Name: t.Name, SDK: t.SDK, Fn: fn, ParentKeys: t.ParentKeys}
	if fn == nil || len(fn.Params) == 0 {
		s.Fn = nil
		return s
	}
	if !t.SDK {
		s.Subject = fn.Params[len(fn.Params)-1]
		return s
	}
	for _, p := range fn.Params {
		if tfapi.IsResourceData(p.Type()) {
			s.Subject = p
			return s
		}
	}
	s.Fn = nil
	return s
}

// frameworkParentKeys: r's Required top-level attributes whose change
// replaces the resource, when its schema is known.
func frameworkParentKeys(r *facts.FrameworkResource) map[string]bool {
	if !r.SchemaResolved {
		return nil
	}
	out := map[string]bool{}
	for i := range r.Schema.Attributes {
		a := &r.Schema.Attributes[i]
		if a.Required && a.HasPlanModifier("RequiresReplace") && !a.Uncertain && !place(a.Name) {
			out[a.Name] = true
		}
	}
	return out
}

// place: an attribute naming where the object lives (a region, a zone),
// not an object of its own: it is not deleted.
func place(name string) bool {
	for _, p := range []string{"region", "zone", "location", "datacenter"} {
		if name == p || strings.HasSuffix(name, "_"+p) {
			return true
		}
	}
	return false
}

// forwarded: fn only hands d and a function of its package to a wrapper
// that runs it (return readiness.Retry(read, ctx, d, meta)); that function
// is the one to judge. wrapped: the wrapper may remove the resource itself
// (its summary says so, it is out of sight, or fn hands it a closure that
// removes, such as a not-found fallback).
func forwarded(fn *ssa.Function, model *facts.Model) (g *ssa.Function, wrapped bool) {
	if fn == nil || len(fn.Blocks) != 1 {
		return nil, false
	}
	var call *ssa.CallCommon
	for _, instr := range fn.Blocks[0].Instrs {
		c, ok := instr.(ssa.CallInstruction)
		if !ok || !HandsResourceData(c.Common()) {
			continue
		}
		if call != nil {
			return nil, false // two calls: not a plain forwarder
		}
		call = c.Common()
	}
	if call == nil {
		return nil, false
	}
	fns := HandedFuncs(call, fn.Pkg)
	if len(fns) != 1 {
		return nil, false
	}
	w := call.StaticCallee()
	wrapped = w == nil || w.Pkg != fn.Pkg
	if !wrapped {
		obj, ok := w.Object().(*types.Func)
		wrapped = !ok || model.Removes(obj)
	}
	for _, anon := range fn.AnonFuncs {
		if removesIn(anon, model) {
			wrapped = true
		}
	}
	return fns[0], wrapped
}

// Forwarded: the function of fn's package that fn only hands d to a
// wrapper to run (a retry), or fn itself.
func Forwarded(fn *ssa.Function, model *facts.Model) *ssa.Function {
	if g, _ := forwarded(fn, model); g != nil {
		return g
	}
	return fn
}

// forwards: fn is a forwarder to g.
func forwards(fn, g *ssa.Function, model *facts.Model) bool {
	f, _ := forwarded(fn, model)
	return f != nil && f == g
}

// removesIn: fn removes the resource (directly or through a helper known to).
func removesIn(fn *ssa.Function, model *facts.Model) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if Removal(instr, model.Removes) {
				return true
			}
		}
	}
	return false
}

// mayRemoveAround: a decorator named wrapper removes the resource (its
// summary says so), or cannot be looked into (another package, a value).
func mayRemoveAround(wrapper string, byName map[string]*ssa.Function, model *facts.Model) bool {
	if wrapper == "" {
		return false
	}
	w := byName[wrapper]
	if w == nil {
		return true
	}
	obj, ok := w.Object().(*types.Func)
	return !ok || model.Removes(obj)
}

// Upgraders returns the state upgrader functions a framework UpgradeState
// method builds: function literals and functions or methods named in it,
// whose signature is (context.Context, resource.UpgradeStateRequest,
// *resource.UpgradeStateResponse).
func Upgraders(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	add := func(f *ssa.Function) {
		if f != nil && f.Synthetic != "" {
			f = boundTarget(f)
		}
		if f != nil && !seen[f] && isUpgrader(f) && len(f.Blocks) > 0 {
			seen[f] = true
			out = append(out, f)
		}
	}
	visited := map[*ssa.Function]bool{}
	var visit func(*ssa.Function)
	visit = func(fn *ssa.Function) {
		if visited[fn] {
			return
		}
		visited[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					switch v := (*op).(type) {
					case *ssa.Function:
						add(v)
						// 0: upgradeV0() — a function of the package that
						// returns the StateUpgrader holding the upgrader.
						if v.Pkg == fn.Pkg && len(v.Blocks) > 0 && returnsStateUpgrader(v) {
							visit(v)
						}
					case *ssa.MakeClosure:
						add(v.Fn.(*ssa.Function))
					}
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			if !isUpgrader(anon) {
				visit(anon)
			}
		}
	}
	visit(fn)
	return out
}

// boundTarget returns the method a bound-method wrapper calls.
func boundTarget(f *ssa.Function) *ssa.Function {
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				return c.Common().StaticCallee()
			}
		}
	}
	return nil
}

func returnsStateUpgrader(f *ssa.Function) bool {
	res := f.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if _, name := tfapi.Named(res.At(i).Type()); name == "StateUpgrader" {
			return true
		}
	}
	return false
}

func isUpgrader(f *ssa.Function) bool {
	sig := f.Signature
	if sig.Params().Len() != 3 || sig.Results().Len() != 0 {
		return false
	}
	_, req := tfapi.Named(sig.Params().At(1).Type())
	_, resp := tfapi.Named(sig.Params().At(2).Type())
	return req == "UpgradeStateRequest" && resp == "UpgradeStateResponse"
}

// Plugins selects the resources a check looks at.
type Plugins int

const (
	Framework Plugins = 1 << iota
	SDK
)

// Requires are the analyzers Prepare reads: a check calling it lists them in
// its own Requires (lint.NewAnalyzer(Doc, run, tfssa.Requires...)).
var Requires = []*analysis.Analyzer{facts.Analyzer, lazyssa.Analyzer}

// Prepare returns the package's provider model and its SSA functions; ok is
// false when the package holds no resource of the selected plugins (nothing
// to check) or its SSA was not built (a dependency failed to load). It
// panics, naming the check, when the check does not require Requires: every
// fixture test of that check then fails.
func Prepare(pass *analysis.Pass, plugins Plugins) (model *facts.Model, funcs map[*types.Func]*ssa.Function, ok bool) {
	for _, a := range Requires {
		if _, ok := pass.ResultOf[a]; !ok {
			panic(fmt.Sprintf("tfssa.Prepare: check %s does not require %s (add tfssa.Requires to its Requires)", pass.Analyzer.Name, a.Name))
		}
	}
	model = pass.ResultOf[facts.Analyzer].(*facts.Model)
	has := (plugins&Framework != 0 && len(model.Framework) > 0) || (plugins&SDK != 0 && len(model.SDK) > 0)
	if !has {
		return nil, nil, false
	}
	funcs = pass.ResultOf[lazyssa.Analyzer].(*lazyssa.Lazy).Funcs() // built only for packages that hold resources
	return model, funcs, funcs != nil
}

// Siblings finds the other lifecycle functions (Create, Update, Delete,
// ...) of the resource a target belongs to.
type Siblings struct {
	pass   *analysis.Pass
	model  *facts.Model
	funcs  map[*types.Func]*ssa.Function
	byName map[string]*ssa.Function // built on first SDK lookup
}

func NewSiblings(pass *analysis.Pass, model *facts.Model, funcs map[*types.Func]*ssa.Function) *Siblings {
	return &Siblings{pass: pass, model: model, funcs: funcs}
}

// NoopSDK reports whether t's SDK resource sets method to one of the SDK's
// own do-nothing functions (schema.Noop, schema.NoopContext,
// schema.RemoveFromState): a Delete that makes no remote call.
func (s *Siblings) NoopSDK(t Target, method string) bool {
	ref, ok := s.sdkRef(t, method)
	if !ok || !strings.Contains(ref.Func, "helper/schema") {
		return false
	}
	switch ref.Func[strings.LastIndex(ref.Func, ".")+1:] {
	case "Noop", "NoopContext", "RemoveFromState":
		return true
	}
	return false
}

// Of returns t's resource's function for method when it is built in this
// package; nil otherwise.
func (s *Siblings) Of(t Target, method string) *ssa.Function {
	if !t.SDK {
		return s.funcs[facts.Method(s.pass.Pkg, t.Name, method)]
	}
	if ref, ok := s.sdkRef(t, method); ok {
		return unforwarded(s.byName[ref.Key()], s.model)
	}
	return nil
}

// unforwarded: the function fn hands its work to (Create:
// busy.Retry(create, ctx, d, meta)), or fn itself.
func unforwarded(fn *ssa.Function, model *facts.Model) *ssa.Function {
	if g, _ := forwarded(fn, model); g != nil {
		return g
	}
	return fn
}

// sdkRef is the function t's SDK resource sets for method.
func (s *Siblings) sdkRef(t Target, method string) (facts.FuncRef, bool) {
	if !t.SDK {
		return facts.FuncRef{}, false
	}
	if s.byName == nil {
		s.byName, _ = ByName(s.funcs)
	}
	for _, r := range s.model.SDK {
		if r.Name != t.Name || !r.Resolved {
			continue
		}
		if read := s.byName[r.Funcs["Read"].Key()]; read == nil || read != t.Fn && !forwards(read, t.Fn, s.model) {
			continue
		}
		ref, ok := r.Funcs[method]
		return ref, ok
	}
	return facts.FuncRef{}, false
}
