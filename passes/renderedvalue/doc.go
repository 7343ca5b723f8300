// Package renderedvalue defines an Analyzer that reports the String()
// rendering of a terraform-plugin-framework value used as the value: sent to
// the API, saved in state (APPLY-2) or parsed by a validator (VALIDATE-1).
//
// See [Doc] for what it reports and why; docs/checks/renderedvalue.md is generated from it.
package renderedvalue

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "renderedvalue",
	Title: "The debug rendering of a framework value (String()) used as its value",
	Rules: []rules.ID{"APPLY-2", "VALIDATE-1"},
	Why: `A framework value's String() is its debug rendering, not its value: ` + "`types.String`" + `'s is the Go-quoted, escaped text (` + "`\"\\\"abc\\\"\"`" + `), and every value renders null and unknown as "<null>" and "<unknown>"; an object renders a null attribute as "<null>", a number keeps ten digits. Sent to the API, the remote object holds the quotes (or, once a trim cut them off, the backslash escapes of every quote and newline in the value); saved with types.StringValue, the state differs from the configuration (APPLY-2); parsed in a validator, an unknown value becomes "<unknown>" and the configuration is rejected (VALIDATE-1).

The check takes every String() call on a framework value in a package that imports the framework: on basetypes.StringValue and the custom types built on it (whose String is still the framework's), on attr.Value and on the provider's own interfaces holding String beside IsNull or IsUnknown (their values are framework values, often strings); and every fmt.Sprintf/Sprint of a types.String operand, which formats the same rendering. It follows the result through locals (and their address, &s), conversions, concatenation, strings.Trim/TrimPrefix/ReplaceAll and the like, fmt.Sprintf, slices it is collected in (append, element stores, then the elements read back), the package's helpers (into their parameters, and back to their callers when returned) to the first use as data: a struct field, a map element, a channel, a framework value constructor (saved), a parser (strconv, encoding/json, Parse*/Unmarshal*/Decode* functions), or an argument of any other call. It leaves alone strconv.Unquote of it (the right inverse), comparisons, messages (fmt.Errorf, errors, log, tflog, diagnostics, functions returning an error), the String() of a non-string value unless parsed where its known rendering is not its text (a number, an object; a bool, an integer, a list, set or map of them renders as JSON would), types that define their own String, and the String, Description and MarkdownDescription methods themselves.

Opt-in for now. 21 findings triaged, 20 recorded as real, but three of those (all cloudflare, on the corpus) break no rule: two resource validators run json.Valid on the quoted text under an IsNull/IsUnknown guard, so they accept everything (a no-op, not a rejected unknown), and a user-agent suffix goes into a request header quoted; counted against it, 17 of 21 (81%). On the corpus it reports 7 (cloudflare measured in part: the run ran out of disk): okta saves and sends a realm type quoted (twice), an akamai data source id and buildkite CIDRs built from renderings, and the three cloudflare ones; on seven framework providers outside it 14, 13 real: webhook events, a region id, an upgraded role and device-profile variables sent or saved quoted, data source ids holding a quoted part, two UUIDs parsed from the quoted text (the canonical spelling parses by accident, the 32-hex and braced ones fail) and a functional level checked in ModifyPlan, which rejects the plan when the level is unknown. 5 of the real ones cut the quotes off first (strings.Trim, ReplaceAll), which is wrong only for values holding a quote, backslash or control character (ids, CIDRs); the one not real also cut them, then parsed a UUID, which can hold none of those.`,
	Bad: `req := api.Widget{Name: plan.Name.String()} // "\"my-widget\""
data.Image = types.StringValue(fmt.Sprintf("%s@%s", data.Repo, digest))`,
	Good: `req := api.Widget{Name: plan.Name.ValueString()}
data.Image = types.StringValue(fmt.Sprintf("%s@%s", data.Repo.ValueString(), digest))`,
	Severity: "error",
	Since:    "v0.3.0",
	Summary:  "the String() rendering of a framework value (quoted, escaped, \"<unknown>\") sent to the API, saved in state or parsed as if it were the value",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
