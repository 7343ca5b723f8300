package providermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A CustomizeDiff built with the customdiff combinators: the keys they name
// are recorded with what each combinator does to its key.
func gadgetSDK() *sdkschema.Resource { // want gadgetSDK:`sdk datasource gadgetSDK funcs\(\) schema v0\{size:int/O zone:string/O\} customizediff forcenew:zone validate:size guard:zone`
	return &sdkschema.Resource{
		CreateContext: nil,
		ReadContext:   nil,
		Schema: map[string]*sdkschema.Schema{
			"zone": {Type: sdkschema.TypeString, Optional: true},
			"size": {Type: sdkschema.TypeInt, Optional: true},
		},
		CustomizeDiff: customdiff.All(
			gadgetDiff,
			customdiff.ForceNewIfChange("zone", func(ctx context.Context, old, new, meta any) bool { return old != "" }),
			customdiff.ValidateValue("size", func(ctx context.Context, value, meta any) error { return nil }),
			customdiff.IfValueChange("zone", func(ctx context.Context, old, new, meta any) bool { return true }, gadgetDiff),
		),
	}
}

func gadgetDiff(context.Context, *sdkschema.ResourceDiff, any) error { return nil }
