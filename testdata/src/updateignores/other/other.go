// Package other holds helpers of another package: one the analysis cannot
// see into, and ones its facts describe.
package other

import "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

// Apply reads the raw state: which keys it uses cannot be said.
func Apply(d *schema.ResourceData) error {
	_ = d.State()
	return nil
}

// Tristate reads the key its caller spells.
func Tristate(d *schema.ResourceData, key string) *bool {
	if v, ok := d.GetOk(key); ok {
		b := v.(bool)
		return &b
	}
	return nil
}

// Labels reads a key of its own, through a helper of its package.
func Labels(d *schema.ResourceData) []any { return list(d, "labels") }

func list(d *schema.ResourceData, key string) []any { return d.Get(key).([]any) }

// ZoneKey names an attribute, as provider helper packages do.
const ZoneKey = "zone"

// Zone reads a key named by a constant of its package.
func Zone(d *schema.ResourceData) string { return d.Get(ZoneKey).(string) }
