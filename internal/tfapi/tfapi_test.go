package tfapi_test

import (
	"go/constant"
	"go/types"
	"testing"

	"github.com/tflifecyclelint/tflifecyclelint/internal/testutil"
	"github.com/tflifecyclelint/tflifecyclelint/internal/tfapi"
)

const src = `package p

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	sdkdiag "github.com/hashicorp/terraform-plugin-sdk/v2/diag"
)

type State = tfsdk.State // an alias of the framework type
type Model struct{ ID string ` + "`tfsdk:\"id\"`" + ` }
type Flag bool

var (
	state     tfsdk.State
	statePtr  *tfsdk.State
	stateAl   State
	plan      tfsdk.Plan
	diags     diag.Diagnostics
	diagsPtr  *diag.Diagnostics
	sdkDiags  sdkdiag.Diagnostics
	rd        *schema.ResourceData
	rdiff     *schema.ResourceDiff
	resource  *schema.Resource
	err       error
	model     Model
	modelPtr  *Model
	modelPtr2 **Model
	str       string
	ints      []int
)

func yes() bool              { return true }
func flag() Flag             { return true }
func two() (bool, error)     { return true, nil }
func num() int               { return 0 }
`

func lookup(t *testing.T, s *testutil.Snippet, name string) types.Type {
	t.Helper()
	obj := s.Types.Scope().Lookup(name)
	if obj == nil {
		t.Fatalf("no %s in the snippet", name)
	}
	return obj.Type()
}

// synthetic makes a named type pkg.name, for the SDK versions and packages
// go.mod does not pin.
func synthetic(path, name string) types.Type {
	pkg := types.NewPackage(path, "x")
	return types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
}

func TestTypes(t *testing.T) {
	s := testutil.Load(t, src)
	const fw = "github.com/hashicorp/terraform-plugin-framework/"
	type pred struct {
		name string
		f    func(types.Type) bool
	}
	isState := pred{"IsFramework(tfsdk.State)", func(t types.Type) bool { return tfapi.IsFramework(t, "tfsdk", "State") }}
	preds := []pred{
		isState,
		{"IsDiagnostics", tfapi.IsDiagnostics},
		{"IsResourceData", tfapi.IsResourceData},
		{"IsResourceDiff", tfapi.IsResourceDiff},
		{"IsError", tfapi.IsError},
	}
	for _, tc := range []struct {
		v       string
		typ     types.Type // when v is ""
		pkg     string     // Named
		name    string
		matches string // the predicate that holds, if any
	}{
		{v: "state", pkg: fw + "tfsdk", name: "State", matches: isState.name},
		{v: "statePtr", pkg: fw + "tfsdk", name: "State", matches: isState.name},
		{v: "stateAl", pkg: fw + "tfsdk", name: "State", matches: isState.name},
		{v: "plan", pkg: fw + "tfsdk", name: "Plan"},
		{v: "diags", pkg: fw + "diag", name: "Diagnostics", matches: "IsDiagnostics"},
		{v: "diagsPtr", pkg: fw + "diag", name: "Diagnostics", matches: "IsDiagnostics"},
		// The SDK's diagnostics are another type.
		{v: "sdkDiags", pkg: "github.com/hashicorp/terraform-plugin-sdk/v2/diag", name: "Diagnostics"},
		{v: "rd", pkg: "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema", name: "ResourceData", matches: "IsResourceData"},
		{v: "rdiff", pkg: "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema", name: "ResourceDiff", matches: "IsResourceDiff"},
		{v: "resource", pkg: "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema", name: "Resource"},
		{typ: synthetic("github.com/hashicorp/terraform-plugin-sdk/helper/schema", "ResourceData"), pkg: "github.com/hashicorp/terraform-plugin-sdk/helper/schema", name: "ResourceData", matches: "IsResourceData"},
		{typ: synthetic("github.com/hashicorp/terraform/helper/schema", "ResourceDiff"), pkg: "github.com/hashicorp/terraform/helper/schema", name: "ResourceDiff", matches: "IsResourceDiff"},
		// Same name, another package.
		{typ: synthetic("example.com/schema", "ResourceData"), pkg: "example.com/schema", name: "ResourceData"},
		// error is named but has no package.
		{v: "err", matches: "IsError"},
		{v: "modelPtr2"}, // two pointers deep: not followed
		{v: "str"},
		{v: "ints"},
		{typ: nil},
	} {
		typ := tc.typ
		if tc.v != "" {
			typ = lookup(t, s, tc.v)
		}
		label := tc.v
		if label == "" {
			label = types.TypeString(typ, nil)
		}
		if pkg, name := tfapi.Named(typ); pkg != tc.pkg || name != tc.name {
			t.Errorf("Named(%s) = %q, %q; want %q, %q", label, pkg, name, tc.pkg, tc.name)
		}
		if typ == nil {
			continue
		}
		for _, p := range preds {
			if got := p.f(typ); got != (p.name == tc.matches) {
				t.Errorf("%s(%s) = %v", p.name, label, got)
			}
		}
	}
}

func TestDerefStruct(t *testing.T) {
	s := testutil.Load(t, src)
	for _, tc := range []struct {
		v      string
		fields int // -1: not a struct
	}{
		{"model", 1},
		{"modelPtr", 1},
		{"modelPtr2", -1},
		{"str", -1},
		{"diags", -1},
	} {
		st, ok := tfapi.DerefStruct(lookup(t, s, tc.v))
		if !ok {
			if tc.fields >= 0 {
				t.Errorf("DerefStruct(%s): not a struct", tc.v)
			}
			continue
		}
		if st.NumFields() != tc.fields {
			t.Errorf("DerefStruct(%s): %d fields, want %d", tc.v, st.NumFields(), tc.fields)
		}
	}
}

func TestReturnsBool(t *testing.T) {
	s := testutil.Load(t, src)
	for fn, want := range map[string]bool{"yes": true, "flag": true, "two": false, "num": false} {
		sig := lookup(t, s, fn).(*types.Signature)
		if got := tfapi.ReturnsBool(sig); got != want {
			t.Errorf("ReturnsBool(%s) = %v, want %v", fn, got, want)
		}
	}
}

func TestNotFoundName(t *testing.T) {
	for name, want := range map[string]bool{
		"IsNotFound": true, "NotFound": true, "isResourceNotFoundError": true,
		"ErrNotExist": true, "ErrNotExists": true, "is404": true, "IsGone": true,
		"Gone": true, "does_not_exist": true, "not_found": true,
		"IsFound": false, "Exists": false, "resourceExists": false, "Foregone": false,
		"NotFoundable": true, // a substring match: names are conventions, not grammar
		"":             false,
	} {
		if got := tfapi.NotFoundName(name); got != want {
			t.Errorf("NotFoundName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestNotFoundText(t *testing.T) {
	for _, tc := range []struct {
		c    constant.Value
		want bool
	}{
		{constant.MakeString("resource not found"), true},
		{constant.MakeString("NotFound"), true},
		{constant.MakeString("404 Not Found"), true},
		{constant.MakeString("status 404"), true},
		{constant.MakeString("status 4040"), false},
		{constant.MakeString("object does not exist"), true},
		{constant.MakeString("no such bucket"), true},
		{constant.MakeString("already exists"), false},
		{constant.MakeString(""), false},
		{constant.MakeInt64(404), false},
		{nil, false},
	} {
		if got := tfapi.NotFoundText(tc.c); got != tc.want {
			t.Errorf("NotFoundText(%v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestIs404(t *testing.T) {
	for _, tc := range []struct {
		c    constant.Value
		want bool
	}{
		{constant.MakeInt64(404), true},
		{constant.MakeInt64(200), false},
		{constant.MakeString("404"), false},
		{constant.MakeFloat64(404), false},
		{nil, false},
	} {
		if got := tfapi.Is404(tc.c); got != tc.want {
			t.Errorf("Is404(%v) = %v, want %v", tc.c, got, tc.want)
		}
	}
}

func TestIsGRPCNotFound(t *testing.T) {
	code := synthetic("google.golang.org/grpc/codes", "Code")
	other := synthetic("example.com/codes", "Code")
	for _, tc := range []struct {
		t    types.Type
		c    constant.Value
		want bool
	}{
		{code, constant.MakeInt64(5), true}, // codes.NotFound
		{code, constant.MakeInt64(4), false},
		{code, nil, false},
		{other, constant.MakeInt64(5), false},
		{types.Typ[types.Int], constant.MakeInt64(5), false},
	} {
		if got := tfapi.IsGRPCNotFound(tc.t, tc.c); got != tc.want {
			t.Errorf("IsGRPCNotFound(%s, %v) = %v, want %v", tc.t, tc.c, got, tc.want)
		}
	}
}

func TestPackages(t *testing.T) {
	for _, tc := range []struct {
		path        string
		std, plugin bool
	}{
		{"fmt", true, false},
		{"net/http", true, false},
		{"internal/abi", true, false},
		{"golang.org/x/tools/go/ssa", false, false},
		{"example/fmt", false, false},
		{"github.com/hashicorp/terraform-plugin-framework/tfsdk", false, true},
		{"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema", false, true},
		{"github.com/hashicorp/terraform-plugin-log/tflog", false, true},
		{"github.com/hashicorp/terraform/helper/schema", false, true},
		{"github.com/hashicorp/terraform-provider-aws/internal/conns", false, false},
		{"github.com/hashicorp/terraform", false, false},
	} {
		if got := tfapi.IsStd(tc.path); got != tc.std {
			t.Errorf("IsStd(%s) = %v", tc.path, got)
		}
		if got := tfapi.IsPluginLib(tc.path); got != tc.plugin {
			t.Errorf("IsPluginLib(%s) = %v", tc.path, got)
		}
	}
}

func TestNotFoundShapes(t *testing.T) {
	boolSig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", types.Typ[types.Bool])), false)
	errSig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", types.Universe.Lookup("error").Type())), false)
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"404", tfapi.NotFoundStatus(types.Typ[types.Int], constant.MakeInt64(404)), true},
		{"500", tfapi.NotFoundStatus(types.Typ[types.Int], constant.MakeInt64(500)), false},
		{"isNotFound() bool", tfapi.NotFoundPredicate("isNotFound", boolSig), true},
		{"isNotFound() error", tfapi.NotFoundPredicate("isNotFound", errSig), false},
		{"isReady() bool", tfapi.NotFoundPredicate("isReady", boolSig), false},
		{`strings.Contains(_, "not found")`, tfapi.NotFoundMessageMatch("strings", 2, constant.MakeString("not found")), true},
		{`strings.Contains(_, "conflict")`, tfapi.NotFoundMessageMatch("strings", 2, constant.MakeString("conflict")), false},
		{`bytes.Contains(_, "not found")`, tfapi.NotFoundMessageMatch("bytes", 2, constant.MakeString("not found")), false},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
