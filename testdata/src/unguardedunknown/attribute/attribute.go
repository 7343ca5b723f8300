// Package attribute holds a provider's shared tests of framework values,
// declared outside the package that validates.
package attribute

import "github.com/hashicorp/terraform-plugin-framework/attr"

// IsDefined: the value is known and not null.
func IsDefined(v attr.Value) bool {
	return !v.IsNull() && !v.IsUnknown()
}
