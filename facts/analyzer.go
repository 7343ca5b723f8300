// Package facts computes the provider model of a package — framework resources,
// data sources and ephemeral resources with their schemas and models, SDK
// resources with their schemas and lifecycle functions, and summaries of the
// helpers that build them — and exports it as analysis facts so that packages
// importing this one see it too.
//
// Passes require Analyzer and read its *Model result; they never re-derive it.
//
// Analyzer is named providermodel, for what it computes; users meet that name
// in its flags (-providermodel.tests). The package keeps the name facts, for
// what it exports, as the project's layout has it.
package facts

import (
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Model is the provider model of one package.
type Model struct {
	Framework []*FrameworkResource
	SDK       []*SDKResource
	// UnresolvedSDK names functions and variables of type *schema.Resource
	// whose value could not be followed.
	UnresolvedSDK []string
	// Models holds the tfsdk-tagged struct types declared in this package, by qualified name.
	Models map[string]*ModelFact
	// SDKSchemaMaps holds the resolved map[string]*schema.Schema values of
	// this package's functions and variables, and the nested schemas of the
	// *schema.Schema blocks they yield: the schema of a block may live here
	// while the resource that uses it is declared in an importing package.
	SDKSchemaMaps [][]Attribute

	summaries map[*types.Func]*FuncSummary
	dataKeys  map[*types.Func]*DataKeysFact
	importFn  func(types.Object, analysis.Fact) bool
	importPkg func(*types.Package, analysis.Fact) bool
	neverNil  map[*types.Package]map[string]bool // NeverNilFact by package, read once
}

// Removes reports whether fn is summarised as removing the resource.
func (m *Model) Removes(fn *types.Func) bool {
	s := m.FuncSummary(fn)
	return s != nil && s.Removes
}

// NotFoundPredicate reports whether fn is summarised as a not-found test.
func (m *Model) NotFoundPredicate(fn *types.Func) bool {
	s := m.FuncSummary(fn)
	return s != nil && s.NotFound
}

// NeverNil reports whether fn's object result is never nil without an error.
func (m *Model) NeverNil(fn *types.Func) bool {
	if s := m.FuncSummary(fn); s != nil && s.NeverNil {
		return true
	}
	if fn == nil || fn.Pkg() == nil || m.importPkg == nil {
		return false
	}
	names, ok := m.neverNil[fn.Pkg()]
	if !ok {
		var f NeverNilFact
		if m.importPkg(fn.Pkg(), &f) {
			names = map[string]bool{}
			for _, n := range f.Funcs {
				names[n] = true
			}
		}
		if m.neverNil == nil {
			m.neverNil = map[*types.Package]map[string]bool{}
		}
		m.neverNil[fn.Pkg()] = names
	}
	return names[localName(fn)]
}

// NilWhenMissing reports whether fn answers a missing object with (nil, nil).
func (m *Model) NilWhenMissing(fn *types.Func) bool {
	s := m.FuncSummary(fn)
	return s != nil && s.NilWhenMissing
}

// FuncSummary returns what is known of a function declared in this package
// or, through a fact, in another one; nil when nothing is.
func (m *Model) FuncSummary(fn *types.Func) *FuncSummary {
	if fn == nil {
		return nil
	}
	if s, ok := m.summaries[fn]; ok {
		return s
	}
	var f FuncSummary
	if m.importFn != nil && m.importFn(fn, &f) {
		return &f
	}
	return nil
}

// UpgraderSets returns the shapes of the models the state upgraders in fn
// (its body or function literals in it) save, from this package or a fact.
func (m *Model) UpgraderSets(fn *types.Func) []Shape {
	var f UpgraderSetsFact
	if fn != nil && m.importFn != nil && m.importFn(fn, &f) {
		return f.Sets
	}
	return nil
}

var debug bool

// Analyzer computes the model. With -providermodel.debug it also reports one
// line per resource describing what it resolved.
var Analyzer = &analysis.Analyzer{
	Name: "providermodel",
	Doc: `compute the Terraform provider model (resources, schemas, models) as facts

With -providermodel.debug (or tflifecyclelint -debug-model) each resource's
resolved model is reported, to see what the checks see.`,
	URL: "https://github.com/tflifecyclelint/tflifecyclelint/tree/main/facts",
	Run: run,
	// The model is built defensively; partial type information leaves parts unresolved.
	RunDespiteErrors: true,
	ResultType:       reflect.TypeOf((*Model)(nil)),
	FactTypes:        []analysis.Fact{new(ValueFact), new(FrameworkResourceFact), new(SDKResourceFact), new(ModelFact), new(FuncSummary), new(UpgraderSetsFact), new(DataKeysFact), new(NeverNilFact), new(SchemaFieldFact), new(CtorFieldsFact)},
}

func init() {
	Analyzer.Flags.BoolVar(&debug, "debug", false, "report the resolved model of every resource")
	Analyzer.Flags.BoolVar(&lint.ReportTestFiles, "tests", false, "report findings in _test.go files too (resources of test harness providers)")
}

// relevant reports whether the package can hold provider code: it imports a
// framework or SDK package. The plugin libraries themselves are skipped.
func relevant(pkg *types.Package) bool {
	p := pkg.Path()
	if strings.HasPrefix(p, "github.com/hashicorp/terraform-plugin-") || strings.HasPrefix(p, "github.com/hashicorp/terraform/") {
		return false
	}
	for _, imp := range pkg.Imports() {
		ip := imp.Path()
		if strings.HasPrefix(ip, fwPrefix) || sdkSchemaPkgs[ip] != "" {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (result any, err error) {
	m := &Model{Models: map[string]*ModelFact{}, importFn: pass.ImportObjectFact, importPkg: pass.ImportPackageFact}
	m.summaries = summariseSafely(pass)
	m.dataKeys = dataKeysSafely(pass)
	if !relevant(pass.Pkg) {
		return m, nil
	}
	exportUpgraderSetsSafely(pass)
	defer func() {
		// The model must never take the analysis down: an odd shape we did
		// not foresee leaves the package without a model, so checks stay quiet.
		if r := recover(); r != nil {
			if debug {
				pass.Reportf(pass.Files[0].Package, "model: internal error, package left unresolved: %v", r)
			}
			result, err = &Model{Models: map[string]*ModelFact{}, summaries: m.summaries, dataKeys: m.dataKeys, importFn: pass.ImportObjectFact, importPkg: pass.ImportPackageFact}, nil
		}
	}()
	e := newEnv(pass)
	exportModels(pass, m)
	m.SDKSchemaMaps = exportValues(pass, e)
	exportFieldFacts(e)
	m.Framework = e.findFramework()
	for _, r := range m.Framework {
		if tn, ok := pass.Pkg.Scope().Lookup(r.TypeName).(*types.TypeName); ok {
			pass.ExportObjectFact(tn, &FrameworkResourceFact{*r})
		}
	}
	m.SDK, m.UnresolvedSDK = e.findSDK()
	for obj, r := range e.sdk {
		if r != nil {
			pass.ExportObjectFact(obj, &SDKResourceFact{*r})
		}
	}
	if debug {
		reportModel(pass, m)
	}
	return m, nil
}

func exportModels(pass *analysis.Pass, m *Model) {
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if f := modelOf(tn); f != nil {
			m.Models[pass.Pkg.Path()+"."+name] = f
			pass.ExportObjectFact(tn, f)
		}
	}
}

// exportValues summarises every function and package variable that yields a
// piece of a schema, for the packages that import this one; it returns the
// SDK schema maps among them.
func exportValues(pass *analysis.Pass, e *env) (maps [][]Attribute) {
	var objs []types.Object
	for fn := range e.funcs {
		objs = append(objs, fn)
	}
	for v := range e.vars {
		objs = append(objs, v)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, obj := range objs {
		if vf := e.valueOf(obj); vf != nil {
			pass.ExportObjectFact(obj, vf)
			maps = append(maps, sdkSchemaMaps(vf)...)
		}
	}
	return maps
}

// sdkSchemaMaps: the schema maps a resolved value holds: itself, or the
// nested schema of a block.
func sdkSchemaMaps(vf *ValueFact) [][]Attribute {
	if !vf.Resolved || vf.Merge || vf.Unless != nil {
		return nil
	}
	switch {
	case vf.Kind == "sdkschemamap":
		return [][]Attribute{vf.Attrs}
	case vf.Kind == "sdkschema" && len(vf.Attrs) == 1 && vf.Attrs[0].Block && !vf.Attrs[0].Incomplete:
		return [][]Attribute{vf.Attrs[0].Nested}
	}
	return nil
}

func reportModel(pass *analysis.Pass, m *Model) {
	for _, r := range m.Framework {
		pass.Reportf(r.Pos, "model: %s", r)
	}
	for _, r := range m.SDK {
		pass.Reportf(r.Pos, "model: %s", r)
	}
	for _, name := range m.UnresolvedSDK {
		pos := pass.Files[0].Package
		if obj := pass.Pkg.Scope().Lookup(name); obj != nil {
			pos = obj.Pos()
		}
		pass.Reportf(pos, "model: sdk resource %s unresolved", name)
	}
	if len(m.Framework)+len(m.SDK)+len(m.UnresolvedSDK) > 0 {
		pass.Reportf(pass.Files[0].Package, "model: %s", m.Summary())
	}
}

// Summary counts resolved and unresolved resources.
func (m *Model) Summary() string {
	res, unres := 0, len(m.UnresolvedSDK)
	for _, r := range m.Framework {
		if r.SchemaResolved && r.Schema.Complete {
			res++
		} else {
			unres++
		}
	}
	for _, r := range m.SDK {
		if r.Resolved && r.SchemaResolved && r.Schema.Complete {
			res++
		} else {
			unres++
		}
	}
	return fmt.Sprintf("%d framework, %d sdk; resolved %d, unresolved %d", len(m.Framework), len(m.SDK), res, unres)
}

// Method returns the method name of the resource type typeName declared in
// pkg (on the type or its pointer), or nil; checks use it to reach
// Create/Read/Update of a resource in the model.
func Method(pkg *types.Package, typeName, name string) *types.Func {
	tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, name)
	fn, _ := obj.(*types.Func)
	return fn
}

// exportUpgraderSetsSafely exports what state upgraders save; an odd shape
// only leaves the facts out.
func exportUpgraderSetsSafely(pass *analysis.Pass) {
	defer func() { _ = recover() }()
	exportUpgraderSets(pass)
}

// summariseSafely computes the function summaries; like the model, an odd
// shape must not take the analysis down, it only leaves summaries out.
func dataKeysSafely(pass *analysis.Pass) (out map[*types.Func]*DataKeysFact) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return exportDataKeys(pass)
}

func summariseSafely(pass *analysis.Pass) (out map[*types.Func]*FuncSummary) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return exportSummaries(pass)
}
