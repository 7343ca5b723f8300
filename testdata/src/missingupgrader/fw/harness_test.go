package fw

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"fixtures/base"
)

// Safe by default: a resource declared only in a test file belongs to a test
// harness provider, not to what users install.
type harnessOnly struct{ base.Resource }

func (harnessOnly) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Version: 3, Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Computed: true}}}
}
