package passes_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tflifecyclelint/tflifecyclelint/passes"
)

// BenchmarkProvider runs every pass over a generated provider of n resources,
// half framework and half SDKv2, 50 to a package, with shared schema helpers
// in a package of their own. Package loading is excluded from the timing;
// compare with `go vet` on the same tree for the end-to-end figure.
//
//	go test -run '^$' -bench BenchmarkProvider -benchmem ./passes
func BenchmarkProvider(b *testing.B) {
	for _, n := range []int{50, 200, 800} {
		dir, want := generateProvider(b, n)
		b.Run(fmt.Sprintf("resources=%d/analyze", n), func(b *testing.B) {
			pkgs := load(b, dir)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				analyze(b, pkgs, want)
			}
		})
		b.Run(fmt.Sprintf("resources=%d/load+analyze", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				analyze(b, load(b, dir), want)
			}
		})
	}
}

func load(b testing.TB, dir string) []*packages.Package {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("load: %v", err)
	}
	return pkgs
}

func analyze(b testing.TB, pkgs []*packages.Package, want int) {
	g, err := checker.Analyze(passes.All(), pkgs, nil)
	if err != nil {
		b.Fatal(err)
	}
	findings := 0
	var first string
	for act := range g.All() {
		if act.Err != nil {
			b.Fatal(act.Err)
		}
		if act.IsRoot {
			findings += len(act.Diagnostics)
			for _, d := range act.Diagnostics {
				if first == "" {
					first = act.Analyzer.Name + ": " + d.Message
				}
			}
		}
	}
	if findings != want {
		b.Fatalf("got %d findings, want %d; the first: %s", findings, want, first)
	}
}

// generateProvider writes a module with n resources and returns its directory
// and the number of findings expected (the SDK resources generated with
// Update = Create).
func generateProvider(b testing.TB, n int) (string, int) {
	b.Helper()
	dir := b.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "testdata", "src", "go.mod"))
	if err != nil {
		b.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join("..", "testdata", "src", "go.sum"))
	if err != nil {
		b.Fatal(err)
	}
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("go.mod", strings.Replace(string(src), "module fixtures", "module bench", 1))
	write("go.sum", string(sum))
	write("shared/shared.go", sharedSrc)
	want := 0
	for i := 0; i < n; i++ {
		pkg := fmt.Sprintf("res%d", i/50)
		var text string
		if i%2 == 0 {
			text = fmt.Sprintf(fwResourceSrc, pkg, i)
		} else {
			update := fmt.Sprintf("update%d", i)
			if i/2%10 == 0 {
				update = fmt.Sprintf("create%d", i)
				want++
			}
			text = fmt.Sprintf(sdkResourceSrc, pkg, i, update)
		}
		write(fmt.Sprintf("%s/r%d.go", pkg, i), text)
	}
	return dir, want
}

const sharedSrc = `package shared

import (
	fwschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func Common() map[string]fwschema.Attribute {
	return map[string]fwschema.Attribute{
		"id":   fwschema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"tags": fwschema.MapAttribute{Optional: true},
	}
}

func Tags() *schema.Schema {
	return &schema.Schema{Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}}
}
`

const fwResourceSrc = `package %[1]s

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"bench/shared"
)

type model%[2]d struct {
	ID   types.String ` + "`tfsdk:\"id\"`" + `
	Tags types.Map    ` + "`tfsdk:\"tags\"`" + `
	Name types.String ` + "`tfsdk:\"name\"`" + `
}

type resource%[2]d struct{}

func (resource%[2]d) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_r%[2]d"
}

func (resource%[2]d) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := shared.Common()
	attrs["name"] = schema.StringAttribute{Required: true}
	resp.Schema = schema.Schema{Version: 1, Attributes: attrs}
}

func (resource%[2]d) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {StateUpgrader: func(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
		resp.DynamicValue = &tfprotov6.DynamicValue{JSON: req.RawState.JSON} // a stand-in: a real upgrader reshapes it
	}}}
}

func (resource%[2]d) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m model%[2]d
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.ID = types.StringValue("x")
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (resource%[2]d) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m model%[2]d
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (resource%[2]d) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m model%[2]d
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}

func (resource%[2]d) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
`

const sdkResourceSrc = `package %[1]s

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"bench/shared"
)

func create%[2]d(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return nil
}

func update%[2]d(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }

func Resource%[2]d() *schema.Resource {
	return &schema.Resource{
		CreateContext: create%[2]d,
		ReadContext:   update%[2]d,
		UpdateContext: %[3]s,
		DeleteContext: update%[2]d,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"tags": shared.Tags(),
			"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"port": {Type: schema.TypeInt, Required: true},
			}}},
		},
	}
}
`

// TestGeneratedProvider keeps the benchmark's generator and expectations
// honest in the default test run, on a small provider.
func TestGeneratedProvider(t *testing.T) {
	dir, want := generateProvider(t, 40)
	if want == 0 {
		t.Fatal("the generator made no resource with a finding")
	}
	analyze(t, load(t, dir), want)
}
