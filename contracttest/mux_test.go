package contracttest_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-mux/tf6muxserver"

	"github.com/tflifecyclelint/tflifecyclelint/contract"
)

// onlyUnknown is a second provider muxed with fwProvider.
type onlyUnknown struct{}

func (onlyUnknown) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "fake"
}
func (onlyUnknown) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (onlyUnknown) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (onlyUnknown) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (onlyUnknown) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return leavesUnknown{} }}
}

// A muxed server is checked like any other.
func TestMuxedServer(t *testing.T) {
	rem := &remote{objects: map[string]string{}}
	mux, err := tf6muxserver.NewMuxServer(context.Background(),
		providerserver.NewProtocol6(&fwProvider{remote: rem}),
		providerserver.NewProtocol6(onlyUnknown{}))
	if err != nil {
		t.Fatal(err)
	}
	var got []contract.Violation
	var srv tfprotov6.ProviderServer = mux.ProviderServer()
	good := contract.NewDriver(t, srv, "fake_good")
	if err := good.Apply(good.Config(`{"name": "logs"}`)); err != nil {
		t.Fatal(err)
	}
	bad := contract.NewDriver(t, srv, "fake_unknown", contract.Collect(&got))
	if err := bad.Apply(bad.Config(`{"name": "logs"}`)); err != nil {
		t.Log(err) // the framework may refuse the unknown too; the rule is what matters
	}
	expectRules(t, got, "APPLY-1 id")
}
