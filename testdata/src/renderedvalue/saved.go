package renderedvalue

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// stringable is a value: String beside IsNull/IsUnknown.
type stringable interface {
	IsUnknown() bool
	IsNull() bool
	String() string
}

// Bug: the saved element holds KEY="value".
func appendEnv(list []attr.Value, key string, value stringable) []attr.Value {
	if value.IsUnknown() || value.IsNull() {
		return list
	}
	elem := types.StringValue(fmt.Sprintf("%s=%s", key, value.String())) // want `APPLY-2: String\(\) of a framework value .* saved through types.StringValue`
	return append(list, elem)
}

// Safe: the value read with its accessor.
func appendEnvValue(list []attr.Value, key string, value types.String) []attr.Value {
	if value.IsUnknown() || value.IsNull() {
		return list
	}
	return append(list, types.StringValue(fmt.Sprintf("%s=%s", key, value.ValueString())))
}

type imageModel struct {
	Repo  types.String `tfsdk:"repo"`
	Image types.String `tfsdk:"image"`
}

type image struct{}

// Bug: %s of a types.String formats its rendering.
func (image) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var data imageModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &data)...)
	data.Image = types.StringValue(fmt.Sprintf("%s@%s", data.Repo, "sha256:0")) // want `APPLY-2: fmt formatting of "repo" is its debug rendering`
	resp.Diagnostics.Append(resp.State.Set(ctx, &data)...)
}

// Safe: the plain string formatted.
func imageRef(data imageModel) types.String {
	return types.StringValue(fmt.Sprintf("%s@%s", data.Repo.ValueString(), "sha256:0"))
}

var _ = appendEnv
var _ = appendEnvValue
var _ = imageRef
