package contracttest_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/tflifecyclelint/tflifecyclelint/contract"
)

// remote is the fake remote system: id -> name.
type remote struct {
	mu      sync.Mutex
	objects map[string]string
}

func (r *remote) get(id string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n, ok := r.objects[id]
	return n, ok
}

func (r *remote) put(id, name string) { r.mu.Lock(); r.objects[id] = name; r.mu.Unlock() }
func (r *remote) del(id string)       { r.mu.Lock(); delete(r.objects, id); r.mu.Unlock() }

type fwProvider struct{ remote *remote }

func (p *fwProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "fake"
}
func (p *fwProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (p *fwProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (p *fwProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (p *fwProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{
		func() resource.Resource { return &thing{remote: p.remote, suffix: "good"} },
		func() resource.Resource { return &thing{remote: p.remote, suffix: "bad", broken: true} },
	}
}

// thing is a resource; broken makes its Read normalise the name and error
// on a vanished object.
type thing struct {
	remote *remote
	suffix string
	broken bool
}

type thingModel struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}

func (r *thing) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.suffix
}

func (r *thing) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name": schema.StringAttribute{Required: true},
	}}
}

func (r *thing) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m thingModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	m.ID = types.StringValue("id-1")
	r.remote.put(m.ID.ValueString(), m.Name.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *thing) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var m thingModel
	resp.Diagnostics.Append(req.State.Get(ctx, &m)...)
	name, ok := r.remote.get(m.ID.ValueString())
	switch {
	case !ok && r.broken:
		resp.Diagnostics.AddError("not found", "object "+m.ID.ValueString()+" does not exist")
		return
	case !ok:
		resp.State.RemoveResource(ctx)
		return
	case r.broken:
		name = strings.ToUpper(name)
	}
	m.Name = types.StringValue(name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *thing) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m thingModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	r.remote.put(m.ID.ValueString(), m.Name.ValueString())
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

func (r *thing) Delete(ctx context.Context, req resource.DeleteRequest, _ *resource.DeleteResponse) {
	var m thingModel
	req.State.Get(ctx, &m)
	r.remote.del(m.ID.ValueString())
}

func (r *thing) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	resource.ImportStatePassthroughID(ctx, path.Root("id"), req, resp)
}

func providerserverNew(p provider.Provider) (tfprotov6.ProviderServer, error) {
	return providerserver.NewProtocol6WithError(p)()
}

func newServer(t *testing.T, rem *remote) tfprotov6.ProviderServer {
	s, err := providerserverNew(&fwProvider{remote: rem})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The whole lifecycle of a correct resource raises nothing.
func TestDriverGoodResource(t *testing.T) {
	rem := &remote{objects: map[string]string{}}
	d := contract.NewDriver(t, newServer(t, rem), "fake_good") // violations fail the test
	for _, cfg := range []string{`{"name": "logs"}`, `{"name": "metrics"}`} {
		if err := d.Apply(d.Config(cfg)); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Import("id-1"); err != nil {
		t.Fatal(err)
	}
	rem.del("id-1")
	d.RefreshVanished()
	if !d.State.IsNull() {
		t.Errorf("state after the object vanished: %v", d.State)
	}
	if err := d.Apply(d.Config(`{"name": "again"}`)); err != nil {
		t.Fatal(err)
	}
	if err := d.Destroy(); err != nil {
		t.Fatal(err)
	}
}

// A Read that normalises and errors on a vanished object is caught: a
// perpetual diff (READ-3), the normalised value against the plan (APPLY-2 is
// not involved: Read, not apply, changes it), and READ-2.
func TestDriverBrokenResource(t *testing.T) {
	rem := &remote{objects: map[string]string{}}
	var got []contract.Violation
	d := contract.NewDriver(t, newServer(t, rem), "fake_bad", contract.Collect(&got))
	if err := d.Apply(d.Config(`{"name": "logs"}`)); err != nil {
		t.Fatal(err)
	}
	rem.del("id-1")
	d.RefreshVanished()
	var seen []string
	for _, v := range got {
		seen = append(seen, string(v.Rule)+" "+v.Path)
	}
	want := "READ-3 name; READ-2 "
	if strings.Join(seen, "; ") != want {
		t.Errorf("violations %q, want %q:\n%v", strings.Join(seen, "; "), want, got)
	}
}
