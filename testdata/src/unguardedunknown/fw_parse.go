package unguardedunknown

import (
	"context"
	"regexp"
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

// phoneChars needs at least one character: the unknown's "" does not match.
var phoneChars = regexp.MustCompile(`^[0-9,*#]+$`)

// phoneValidator tests the unknown's "" against the pattern and rejects it.
type phoneValidator struct{}

func (phoneValidator) Description(context.Context) string         { return "phone" }
func (phoneValidator) MarkdownDescription(context.Context) string { return "phone" }
func (phoneValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	addr := req.ConfigValue.ValueString() // want `VALIDATE-1: ValidateString reads the attribute's value with ValueString\(\) and can add an error without asking IsUnknown\(\) first`
	if !phoneChars.MatchString(addr) {
		resp.Diagnostics.AddAttributeError(req.Path, "not a phone number", addr)
	}
}

// Safe: returns while the value is unknown.
type phoneKnownValidator struct{}

func (phoneKnownValidator) Description(context.Context) string         { return "phone" }
func (phoneKnownValidator) MarkdownDescription(context.Context) string { return "phone" }
func (phoneKnownValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	addr := req.ConfigValue.ValueString()
	if !phoneChars.MatchString(addr) {
		resp.Diagnostics.AddAttributeError(req.Path, "not a phone number", addr)
	}
}

// Safe: the pattern matches "", so the unknown's "" is not rejected.
var optionalDigits = regexp.MustCompile(`^[0-9]*$`)

type digitsValidator struct{}

func (digitsValidator) Description(context.Context) string         { return "digits" }
func (digitsValidator) MarkdownDescription(context.Context) string { return "digits" }
func (digitsValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !optionalDigits.MatchString(req.ConfigValue.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path, "not digits", req.ConfigValue.ValueString())
	}
}
