package contracttest_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov5"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	tftest "github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/tflifecyclelint/tflifecyclelint/contract"
)

// End-to-end under real Terraform (terraform-plugin-testing). Runs only with
// TF_ACC=1 and TF_ACC_TERRAFORM_PATH pointing at a terraform binary; .ci/run
// installs Terraform v1.8.5 and sets both.

// An SDKv2 resource that stores the remote system's upper-cased name and
// hides the difference with DiffSuppressFunc: Terraform only logs the
// inconsistent result (legacy type system), so the test passes in Terraform's
// eyes; the wrapper reports APPLY-2.
func upperProvider() *sdkschema.Provider {
	return &sdkschema.Provider{ResourcesMap: map[string]*sdkschema.Resource{
		"fakesdk_upper": {
			CreateContext: func(_ context.Context, d *sdkschema.ResourceData, _ any) diag.Diagnostics {
				d.SetId("u-1")
				_ = d.Set("name", strings.ToUpper(d.Get("name").(string)))
				return nil
			},
			ReadContext:   func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			DeleteContext: func(context.Context, *sdkschema.ResourceData, any) diag.Diagnostics { return nil },
			Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true,
				DiffSuppressFunc: func(_, old, new string, _ *sdkschema.ResourceData) bool { return strings.EqualFold(old, new) }}},
		},
	}}
}

func TestE2ESDKv2LegacyTolerated(t *testing.T) {
	var got []contract.Violation
	tftest.Test(t, tftest.TestCase{
		ProtoV5ProviderFactories: contract.CheckV5Factories(t, map[string]func() (tfprotov5.ProviderServer, error){
			"fakesdk": func() (tfprotov5.ProviderServer, error) { return upperProvider().GRPCProvider(), nil },
		}, contract.Collect(&got)),
		Steps: []tftest.TestStep{{Config: `resource "fakesdk_upper" "x" { name = "logs" }`}},
	})
	expectRules(t, got, "APPLY-2 name")
}

// A framework resource whose Create leaves a computed attribute unknown:
// Terraform fails the apply, and the wrapper names the rule and attribute.
type leavesUnknown struct{}

func (leavesUnknown) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_unknown"
}
func (leavesUnknown) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"name": schema.StringAttribute{Required: true},
	}}
}
func (leavesUnknown) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m thingModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...) // id stays unknown
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
func (leavesUnknown) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (leavesUnknown) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (leavesUnknown) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// finalDrift plans a known "stamp" while "ref" is unknown and another once it
// is known: the final plan breaks the initial one (PLAN-8, H01's shape).
type finalDrift struct{}

type driftModel struct {
	ID    types.String `tfsdk:"id"`
	Ref   types.String `tfsdk:"ref"`
	Stamp types.String `tfsdk:"stamp"`
}

func (finalDrift) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_drift"
}
func (finalDrift) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":    schema.StringAttribute{Computed: true},
		"ref":   schema.StringAttribute{Optional: true},
		"stamp": schema.StringAttribute{Computed: true},
	}}
}
func (finalDrift) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var m driftModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.Stamp = types.StringValue("initial")
	if !m.Ref.IsUnknown() {
		m.Stamp = types.StringValue("final")
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &m)...)
}
func (finalDrift) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m driftModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.ID = types.StringValue("d-1")
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
func (finalDrift) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (finalDrift) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (finalDrift) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// expiring plans its own replacement once the test's clock passes the
// deadline its state holds, as certificates that renew themselves do.
type expiring struct{ clock *int }

type expiringModel struct {
	ID       types.String `tfsdk:"id"`
	Deadline types.Int64  `tfsdk:"deadline"`
}

func (expiring) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_expiring"
}
func (expiring) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":       schema.StringAttribute{Computed: true},
		"deadline": schema.Int64Attribute{Computed: true},
	}}
}
func (e expiring) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var m expiringModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	if int64(*e.clock) > m.Deadline.ValueInt64() {
		m.ID, m.Deadline = types.StringUnknown(), types.Int64Unknown()
		resp.Diagnostics.Append(resp.Plan.Set(ctx, &m)...)
		resp.RequiresReplace = append(resp.RequiresReplace, path.Root("deadline"))
	}
}
func (e expiring) Create(ctx context.Context, _ resource.CreateRequest, resp *resource.CreateResponse) {
	m := expiringModel{ID: types.StringValue("e-1"), Deadline: types.Int64Value(int64(*e.clock) + 10)}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
func (expiring) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (expiring) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (expiring) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type clockProvider struct {
	fwProvider
	clock *int
}

func (p *clockProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return expiring{p.clock} }}
}

// Plan-only steps at later times plan a replacement over the prior state an
// earlier step's no-op plan saw. No apply joins them, so Terraform compares
// nothing and neither may the PlanStore (PLAN-8 pairs plans of one apply).
func TestE2EPlanOnlyStepsAreNotPaired(t *testing.T) {
	var got []contract.Violation
	clock := 0
	rem := &remote{objects: map[string]string{}}
	tftest.Test(t, tftest.TestCase{
		ProtoV6ProviderFactories: contract.CheckV6Factories(t, map[string]func() (tfprotov6.ProviderServer, error){
			"fake": func() (tfprotov6.ProviderServer, error) {
				return providerserverNew(&clockProvider{fwProvider{remote: rem}, &clock})
			},
		}, contract.Collect(&got), contract.PlanStore(t.TempDir())),
		Steps: []tftest.TestStep{
			{Config: `resource "fake_expiring" "x" {}`},
			{Config: `resource "fake_expiring" "x" {}`, PreConfig: func() { clock = 20 }, PlanOnly: true, ExpectNonEmptyPlan: true},
			{Config: `resource "fake_expiring" "x" {}`, PreConfig: func() { clock = 30 }, PlanOnly: true, ExpectNonEmptyPlan: true},
		},
	})
	for _, v := range got {
		t.Errorf("unexpected violation: %s", v)
	}
}

type e2eProvider struct{ fwProvider }

func (p *e2eProvider) Resources(ctx context.Context) []func() resource.Resource {
	return append(p.fwProvider.Resources(ctx),
		func() resource.Resource { return leavesUnknown{} },
		func() resource.Resource { return finalDrift{} })
}

// Terraform plans and applies in separate provider instances; the PlanStore
// carries the initial plan over to the final one.
func TestE2EFinalPlanBreaksInitial(t *testing.T) {
	var got []contract.Violation
	rem := &remote{objects: map[string]string{}}
	tftest.Test(t, tftest.TestCase{
		ProtoV6ProviderFactories: contract.CheckV6Factories(t, map[string]func() (tfprotov6.ProviderServer, error){
			"fake": func() (tfprotov6.ProviderServer, error) {
				return providerserverNew(&e2eProvider{fwProvider{remote: rem}})
			},
		}, contract.Collect(&got), contract.PlanStore(t.TempDir())),
		Steps: []tftest.TestStep{{
			Config: `
resource "fake_good" "a" { name = "logs" }
resource "fake_drift" "b" { ref = fake_good.a.id }`,
			ExpectError: regexp.MustCompile(`(?i)inconsistent final plan`),
		}},
	})
	expectRules(t, got, "PLAN-8 stamp")
}

func TestE2EFrameworkUnknownAfterApply(t *testing.T) {
	var got []contract.Violation
	rem := &remote{objects: map[string]string{}}
	tftest.Test(t, tftest.TestCase{
		ProtoV6ProviderFactories: contract.CheckV6Factories(t, map[string]func() (tfprotov6.ProviderServer, error){
			"fake": func() (tfprotov6.ProviderServer, error) {
				return providerserverNew(&e2eProvider{fwProvider{remote: rem}})
			},
		}, contract.Collect(&got)),
		Steps: []tftest.TestStep{{
			Config:      `resource "fake_unknown" "x" { name = "logs" }`,
			ExpectError: regexp.MustCompile(`(?i)invalid result object after apply|unknown values`),
		}},
	})
	expectRules(t, got, "APPLY-1 id")
}

// A correct resource passes every step with no violation.
func TestE2EGoodResource(t *testing.T) {
	rem := &remote{objects: map[string]string{}}
	tftest.Test(t, tftest.TestCase{
		ProtoV6ProviderFactories: contract.CheckV6Factories(t, map[string]func() (tfprotov6.ProviderServer, error){
			"fake": func() (tfprotov6.ProviderServer, error) { return providerserverNew(&fwProvider{remote: rem}) },
		}, contract.FailTest(t), contract.PlanStore(t.TempDir())),
		Steps: []tftest.TestStep{
			{Config: `resource "fake_good" "x" { name = "logs" }`},
			{Config: `resource "fake_good" "x" { name = "metrics" }`},
			{ResourceName: "fake_good.x", ImportState: true, ImportStateVerify: true,
				Config: `resource "fake_good" "x" { name = "metrics" }`},
		},
	})
}

func expectRules(t *testing.T, got []contract.Violation, want ...string) {
	t.Helper()
	seen := map[string]bool{}
	for _, v := range got {
		t.Logf("caught: %s", v)
		seen[string(v.Rule)+" "+v.Path] = true
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("violation %q not reported; got %v", w, got)
		}
	}
}
