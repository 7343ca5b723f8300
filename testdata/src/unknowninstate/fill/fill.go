// Package fill stands for a provider's own helper package: the check cannot
// see into it from the resource's package, so a model handed here counts as filled.
package fill

import "github.com/hashicorp/terraform-plugin-framework/types"

type Out struct{ ID, Status, CreatedAt string }

type Target interface{ SetAll(Out) }

func Strings(dst *types.String, v string) { *dst = types.StringValue(v) }

func Model[T any](dst *T, out Out) {}
