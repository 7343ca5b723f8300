// Package fill stands for a provider's own helper package: the check cannot
// see into it from the resource's package, so a model handed here counts as filled.
package fill

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

type Out struct{ ID, Status, CreatedAt string }

type Target interface{ SetAll(Out) }

func Strings(dst *types.String, v string) { *dst = types.StringValue(v) }

func Model[T any](dst *T, out Out) {}

// Retry stands for a retry helper of another package (the SDK's
// retry.RetryContext): it runs the callback until it succeeds.
func Retry(ctx context.Context, timeout time.Duration, f func() error) error { return f() }
