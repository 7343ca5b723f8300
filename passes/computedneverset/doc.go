// Package computedneverset defines an Analyzer that reports SDK Computed
// attributes that no function of the resource ever sets (APPLY-1).
//
// See [Doc] for what it reports and why; docs/checks/computedneverset.md is generated from it.
package computedneverset

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "computedneverset",
	Title: "A Computed attribute no function of the resource ever sets",
	Rules: []rules.ID{"APPLY-1"},
	Why: `A Computed attribute is planned unknown on create: the plan promises that apply will resolve it. An SDK resource whose Create, Read and Update never call d.Set for it leaves the value to the SDK, which saves it empty (null, "", 0): the promise is broken on every apply (Terraform only logs it for SDK providers), an import never fills it either, and every reference to it elsewhere in the configuration reads nothing. An Optional+Computed attribute no function names is worse: when configured, its value is never sent either, and when left out it is saved empty. It is usually a typo in d.Set's key, an attribute added to the schema (or a shared block of common fields merged into it) and forgotten in the code, or one the data source's flattener fills but the resource's Read does not.

The check collects every attribute name the resource's Create, Read, Update, custom importer and CustomizeDiff functions spell, following the package functions they call and the helpers of other packages they hand d to (through facts), and reports a Computed attribute (Optional+Computed too, Sensitive ones aside: secrets are often kept as configured) none of them names. Delete counts among those functions (an Optional+Computed delete-time option is used as configured). It stays quiet on a resource whose functions call d.Set with a key built at run time, hand d to code it cannot follow, or cannot be resolved; on a resource whose Create or Read always fails (a retired API); and on deprecated attributes.

Runs by default: on a triaged sample of 35 findings (12 on the 28 providers of the precision corpus, 23 on other providers) 34 were real; the one that was not, a delete-time option, is now left alone.`,
	Bad: `"fingerprint": {Type: schema.TypeString, Computed: true},
// Read:
d.Set("finger_print", out.Fingerprint) // not the schema's name`,
	Good:     `d.Set("fingerprint", out.Fingerprint)`,
	Severity: "warning",
	Since:    "v0.3.0",
	Summary:  "an SDK Computed (or Optional+Computed) attribute that Create, Read, Update, the importer and CustomizeDiff never name: saved empty after every apply and import",
}
