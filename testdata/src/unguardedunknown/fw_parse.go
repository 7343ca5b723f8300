package unguardedunknown

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// durationValidator parses an unknown value, which reads as "": the parse
// fails and the configuration is rejected.
type durationValidator struct{}

func (durationValidator) Description(context.Context) string         { return "duration" }
func (durationValidator) MarkdownDescription(context.Context) string { return "duration" }
func (durationValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	if _, err := time.ParseDuration(req.ConfigValue.ValueString()); err != nil { // want `VALIDATE-1: ValidateString passes the attribute's value, read with ValueString\(\), to time.ParseDuration, which fails on an empty string`
		resp.Diagnostics.AddAttributeError(req.Path, "not a duration", err.Error())
	}
}

// Safe: returns while the value is unknown.
type durationKnownValidator struct{}

func (durationKnownValidator) Description(context.Context) string         { return "duration" }
func (durationKnownValidator) MarkdownDescription(context.Context) string { return "duration" }
func (durationKnownValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := time.ParseDuration(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "not a duration", err.Error())
	}
}

// Safe: an empty value is not parsed.
type durationSetValidator struct{}

func (durationSetValidator) Description(context.Context) string         { return "duration" }
func (durationSetValidator) MarkdownDescription(context.Context) string { return "duration" }
func (durationSetValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	v := req.ConfigValue.ValueString()
	if v == "" {
		return
	}
	if _, err := time.ParseDuration(v); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "not a duration", err.Error())
	}
}
