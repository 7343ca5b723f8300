// Package conv holds converters shared by the fixtures' resources, as a
// provider's common conversion package does.
package conv

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// ToMap makes null from an empty map as from a missing one.
func ToMap(ctx context.Context, values *map[string]string) basetypes.MapValue {
	if values == nil || len(*values) == 0 {
		return basetypes.NewMapNull(types.StringType)
	}
	m, _ := types.MapValueFrom(ctx, types.StringType, *values)
	return m
}

// ToMapKeepEmpty makes null only from a missing map.
func ToMapKeepEmpty(ctx context.Context, values *map[string]string) basetypes.MapValue {
	if values == nil {
		return basetypes.NewMapNull(types.StringType)
	}
	m, _ := types.MapValueFrom(ctx, types.StringType, *values)
	return m
}
