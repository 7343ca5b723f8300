package renderedvalue

import (
	"context"
	"encoding/json"
	"net"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/attr"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// Bug: the validator parses the rendering: "<unknown>" for an unknown
// value, a quoted string otherwise.
type jsonValidator struct{}

func (jsonValidator) Description(context.Context) string         { return "JSON" }
func (jsonValidator) MarkdownDescription(context.Context) string { return "JSON" }
func (jsonValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	var v map[string]any
	if err := json.Unmarshal([]byte(req.ConfigValue.String()), &v); err != nil { // want `VALIDATE-1: String\(\) of a framework value .* parsed by json.Unmarshal`
		resp.Diagnostics.AddAttributeError(req.Path, "not JSON", err.Error())
	}
}

// Safe: guarded, and the value itself parsed.
type jsonValueValidator struct{}

func (jsonValueValidator) Description(context.Context) string         { return "JSON" }
func (jsonValueValidator) MarkdownDescription(context.Context) string { return "JSON" }
func (jsonValueValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(req.ConfigValue.ValueString()), &v); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "not JSON", err.Error())
	}
}

// Bug: an object's rendering is not JSON.
func objectToMap(o types.Object) (map[string]any, error) {
	out := map[string]any{}
	err := json.Unmarshal([]byte(o.String()), &out) // want `APPLY-2: String\(\) of a framework value .* an object renders a null attribute as <null>.* parsed by json.Unmarshal`
	return out, err
}

// Safe: a custom type whose String returns the value.
type rawString struct{ basetypes.StringValue }

func (r rawString) String() string { return r.ValueString() }

func rawMap(r rawString) (map[string]any, error) {
	out := map[string]any{}
	err := json.Unmarshal([]byte(r.String()), &out)
	return out, err
}

var _ = objectToMap
var _ = rawMap

// Bug: an element of a list of addresses renders quoted; ParseIP fails.
func addresses(l types.List) []net.IP {
	var out []net.IP
	for _, e := range l.Elements() {
		out = append(out, net.ParseIP(e.String())) // want `APPLY-2: String\(\) of a framework value .* parsed by net.ParseIP`
	}
	return out
}

// Safe: a value parsed as a bool is one, and a known bool renders as its
// text (null and unknown are unguardedunknown's to judge).
func valToBool(v attr.Value) bool {
	b, _ := strconv.ParseBool(v.String())
	return b
}

// Safe: a known integer renders as its digits.
func sizeOf(m widgetModel) int64 {
	n, _ := strconv.ParseInt(m.Size.String(), 10, 64)
	return n
}

// Bug: a number renders in %g with ten digits: 12345678901 becomes
// "1.23456789e+10" and fails to parse as an integer.
func countOf(n types.Number) int64 {
	i, _ := strconv.ParseInt(n.String(), 10, 64) // want `APPLY-2: String\(\) of a framework value .* parsed by strconv.ParseInt`
	return i
}

var _ = addresses
var _ = valToBool
var _ = sizeOf
var _ = countOf

// Safe: a map of strings renders as JSON.
func mapToMap(m types.Map) (map[string]string, error) {
	out := map[string]string{}
	err := json.Unmarshal([]byte(m.String()), &out)
	return out, err
}

var _ = mapToMap
