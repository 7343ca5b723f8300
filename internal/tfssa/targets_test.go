package tfssa_test

import (
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/tflifecyclelint/tflifecyclelint/facts"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lazyssa"
	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfssa"
)

const targetsSrc = `package p

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type R struct{}

func (r *R) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.helper("a")
}
func (r *R) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {}
func (r *R) helper(name string)  { r.deeper("b") }
func (r *R) deeper(name string)  { deepest("c") }
func deepest(name string)        { deepest2("d") }
func deepest2(name string)       { _ = name + "e" }

func (r *R) UpgradeState(ctx context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: r.upgradeV0},
		1: {StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {}},
		2: {StateUpgrader: upgradeV2},
	}
}
func (r *R) upgradeV0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {}
func upgradeV2(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse)         {}

type D struct{}

func (d *D) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {}

func sdkCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }
func sdkRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics   { return nil }
func sdkRead2(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics  { return nil }
func sdkDSRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }
func sdkNoData(ctx context.Context, meta any) diag.Diagnostics                          { return nil }
func sdkExists(d *schema.ResourceData, meta any) (bool, error)                          { return true, nil }

func resourceThing() *schema.Resource {
	return &schema.Resource{
		CreateContext: sdkCreate,
		ReadContext:   sdkRead,
		Exists:        sdkExists,
		CustomizeDiff: func(ctx context.Context, d *schema.ResourceDiff, meta any) error {
			return checkDiff(d)
		},
	}
}
func checkDiff(d *schema.ResourceDiff) error { return nested(d) }
func nested(d *schema.ResourceDiff) error    { return nil }
func unrelated(d *schema.ResourceDiff) error { return nil }
func named(ctx context.Context, d *schema.ResourceDiff, meta any) error { return nil }
`

const snippetPkg = testutil.SnippetPath + "."

func ref(name string) facts.FuncRef { return facts.FuncRef{Func: snippetPkg + name} }

func model() *facts.Model {
	return &facts.Model{
		Framework: []*facts.FrameworkResource{
			{Kind: "resource", TypeName: "R"},
			{Kind: "datasource", TypeName: "D"},
			{Kind: "resource", TypeName: "Missing"},
		},
		SDK: []*facts.SDKResource{
			{Name: "thing", Kind: "resource", Resolved: true, Funcs: map[string]facts.FuncRef{
				"Create": ref("sdkCreate"), "Read": ref("sdkRead"), "Exists": ref("sdkExists")}},
			{Name: "unresolved", Kind: "resource", Funcs: map[string]facts.FuncRef{"Read": ref("sdkRead2")}},
			{Name: "noData", Kind: "resource", Resolved: true, Funcs: map[string]facts.FuncRef{"Read": ref("sdkNoData")}},
			{Name: "ds", Kind: "datasource", Resolved: true, Funcs: map[string]facts.FuncRef{"Read": ref("sdkDSRead")}},
		},
	}
}

func snippetPass(s *testutil.Snippet) *analysis.Pass {
	return &analysis.Pass{Fset: s.Fset, Files: s.Files, Pkg: s.Types, TypesInfo: s.Info}
}

func TestTargets(t *testing.T) {
	s := testutil.Load(t, targetsSrc)
	pass, funcs := snippetPass(s), s.Funcs()
	for _, tc := range []struct {
		method string
		kind   facts.Kind
		want   string // name/function/subject[/exists]
	}{
		// Not the framework resource without a Read, nor the SDK ones whose
		// value was not followed or whose Read has no ResourceData.
		{"Read", "resource", "R/Read/resp thing/sdkRead/d/exists"},
		{"Read", "datasource", "D/Read/resp ds/sdkDSRead/d"},
		{"Create", "resource", "R/Create/resp thing/sdkCreate/d/exists"},
		{"Delete", "resource", ""},
	} {
		var got []string
		for _, tg := range tfssa.Targets(pass, model(), funcs, tc.method, tc.kind) {
			g := tg.Name + "/" + tg.Fn.Name() + "/" + tg.Subject.Name()
			if tg.Exists {
				g += "/exists"
			}
			if tg.SDK != (tg.Name == "thing" || tg.Name == "ds") {
				t.Errorf("%s: SDK = %v", tg.Name, tg.SDK)
			}
			got = append(got, g)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Targets(%s, %s) = %v, want %s", tc.method, tc.kind, got, tc.want)
		}
	}
}

func TestSiblings(t *testing.T) {
	s := testutil.Load(t, targetsSrc)
	pass, funcs, m := snippetPass(s), s.Funcs(), model()
	sib := tfssa.NewSiblings(pass, m, funcs)
	reads := tfssa.Targets(pass, m, funcs, "Read", "resource")
	for _, tc := range []struct {
		target int
		method string
		want   string
	}{
		{0, "Create", "Create"},
		{0, "Delete", ""},
		{1, "Create", "sdkCreate"},
		{1, "Exists", "sdkExists"},
		{1, "Update", ""},
	} {
		got := ""
		if fn := sib.Of(reads[tc.target], tc.method); fn != nil {
			got = fn.Name()
		}
		if got != tc.want {
			t.Errorf("Of(%s, %s) = %q, want %q", reads[tc.target].Name, tc.method, got, tc.want)
		}
	}
}

func TestPrepare(t *testing.T) {
	s := testutil.Load(t, targetsSrc)
	sdkOnly := &facts.Model{SDK: model().SDK}
	for _, tc := range []struct {
		name       string
		model      *facts.Model
		plugins    tfssa.Plugins
		typeErrors bool
		ok         bool
	}{
		{"framework", model(), tfssa.Framework, false, true},
		{"SDK only, framework asked", sdkOnly, tfssa.Framework, false, false},
		{"SDK only, both asked", sdkOnly, tfssa.Framework | tfssa.SDK, false, true},
		{"empty", &facts.Model{}, tfssa.Framework | tfssa.SDK, false, false},
		{"type errors", model(), tfssa.Framework, true, false},
	} {
		pass := snippetPass(s)
		if tc.typeErrors {
			pass.TypeErrors = []types.Error{{Msg: "boom"}}
		}
		lazy, _ := lazyssa.Analyzer.Run(pass)
		pass.ResultOf = map[*analysis.Analyzer]any{facts.Analyzer: tc.model, lazyssa.Analyzer: lazy}
		m, funcs, ok := tfssa.Prepare(pass, tc.plugins)
		if ok != tc.ok {
			t.Errorf("%s: ok = %v, want %v", tc.name, ok, tc.ok)
		}
		if ok && (m != tc.model || len(funcs) == 0) {
			t.Errorf("%s: model %p, %d functions", tc.name, m, len(funcs))
		}
	}
}

func TestUpgraders(t *testing.T) {
	s := testutil.Load(t, targetsSrc)
	var got []string
	for _, fn := range tfssa.Upgraders(s.Func(t, "(*R).UpgradeState")) {
		got = append(got, fn.Name())
	}
	sort.Strings(got)
	// The method value (through its bound wrapper), the literal and the function.
	if strings.Join(got, " ") != "UpgradeState$1 upgradeV0 upgradeV2" {
		t.Errorf("Upgraders = %v", got)
	}
	if got := tfssa.Upgraders(s.Func(t, "(*R).Create")); len(got) != 0 {
		t.Errorf("Upgraders(Create) = %v, want none", got)
	}
}

func TestCustomizeDiffFuncs(t *testing.T) {
	s := testutil.Load(t, targetsSrc)
	byName, all := tfssa.ByName(s.Funcs())
	lit := s.Func(t, "resourceThing").AnonFuncs[0]
	r := &facts.SDKResource{
		CustomizeDiffFuncs: []string{snippetPkg + "named", snippetPkg + "nosuch"},
		CustomizeDiffSpan:  [2]token.Pos{lit.Pos(), lit.Syntax().End()},
	}
	var got []string
	for _, fn := range tfssa.CustomizeDiffFuncs(r, byName, all) {
		got = append(got, fn.Name())
	}
	// named by name; the literal in the span, and the functions handed
	// the ResourceDiff from it, two calls deep; not unrelated.
	if strings.Join(got, " ") != "named resourceThing$1 checkDiff nested" {
		t.Errorf("CustomizeDiffFuncs = %v", got)
	}
}

func TestByNameAndNamesIn(t *testing.T) {
	s := testutil.Load(t, targetsSrc)
	byName, all := tfssa.ByName(s.Funcs())
	for _, name := range []string{"(*" + snippetPkg + "R).Create", snippetPkg + "sdkRead"} {
		if byName[name] == nil {
			t.Errorf("ByName: no %s", name)
		}
	}
	for i := 1; i < len(all); i++ {
		if all[i-1].Pos() > all[i].Pos() {
			t.Errorf("ByName: %s listed before %s", all[i-1], all[i])
		}
	}
	create := byName["(*"+snippetPkg+"R).Create"]
	for _, tc := range []struct {
		flag    string
		flagged bool
	}{
		{"deepest2", true}, // called at depth 3
		{"sdkRead", false},
	} {
		names, flagged := tfssa.NamesIn(create, func(fn *ssa.Function) bool { return fn.Name() == tc.flag })
		// Strings used up to three calls deep: not "e" in deepest2.
		var got []string
		for n := range names {
			got = append(got, n)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != "a b c d" || flagged != tc.flagged {
			t.Errorf("NamesIn(Create, %s) = %v, %v; want [a b c d], %v", tc.flag, got, flagged, tc.flagged)
		}
	}
}

// A check that calls Prepare without requiring lazyssa is told so by name.
func TestPrepareNamesMissingRequirement(t *testing.T) {
	pass := snippetPass(testutil.Load(t, targetsSrc))
	pass.Analyzer = &analysis.Analyzer{Name: "forgetful"}
	pass.ResultOf = map[*analysis.Analyzer]any{facts.Analyzer: model()}
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "check forgetful does not require lazyssa") {
			t.Errorf("panic = %q", msg)
		}
	}()
	tfssa.Prepare(pass, tfssa.Framework)
}
