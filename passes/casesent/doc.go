// Package casesent defines an Analyzer that reports configurable SDK
// attributes that Create or Update send in another letter case while Read
// saves the API's value back (APPLY-2).
//
// See [Doc] for what it reports and why; docs/checks/casesent.md is generated from it.
package casesent

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "casesent",
	Title: "A configured value is sent in another case and read back from the API",
	Rules: []rules.ID{"APPLY-2"},
	Why: `After apply, the state must hold what the configuration says. When Create or Update send ` + "`strings.ToLower(d.Get(\"region\").(string))`" + `, the remote object holds the lower-case form; Read saves what the API returns under the same attribute, so a configuration that writes "NYC1" finds "nyc1" in state: the SDK shows the change again in every plan (Terraform only logs the inconsistency for SDK providers), and replaces the object every time when the attribute forces a new resource.

The check walks Create and Update, their closures and the package functions they call, for strings.ToLower, ToUpper or ToTitle applied to d.Get or d.GetOk of a constant key whose result goes on to be sent (stored, passed to a call, returned), not only compared or looked up in a map. It reports a top-level string attribute, configurable, that Read saves from the API, when the schema does nothing to make the two forms agree: no StateFunc or DiffSuppressFunc, and no validator (a validator may already hold the value to the case that is sent). Attributes Read also reads (it may keep the configured value) are left alone.

Opt-in for now: on the corpus it reported one attribute, real (an IP-behaviour setting Create upper-cases, documented in upper case but accepted in any), too few to judge its precision.`,
	Bad: `"ip_behavior": {Type: schema.TypeString, Required: true},
// Create:
req.IPVersionBehavior = strings.ToUpper(d.Get("ip_behavior").(string))
// Read:
d.Set("ip_behavior", out.IPVersionBehavior)`,
	Good: `"ip_behavior": {Type: schema.TypeString, Required: true,
	DiffSuppressFunc: func(_, old, new string, _ *schema.ResourceData) bool { return strings.EqualFold(old, new) }},`,
	Severity: "warning",
	Since:    "v0.3.0",
	Summary:  "an SDK attribute Create or Update send case-converted (`strings.ToLower(d.Get(k).(string))`) while Read saves the API's value under it, with no StateFunc, DiffSuppressFunc or validator: a configuration in another case differs from the state after every apply",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
