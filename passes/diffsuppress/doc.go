// Package diffsuppress defines an Analyzer that reports SDK
// DiffSuppressFuncs that can hide a configured change from the plan (PLAN-1).
//
// See [Doc] for what it reports and why; docs/checks/diffsuppress.md is generated from it.
package diffsuppress

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "diffsuppress",
	Title: "A DiffSuppressFunc that can hide a configured change",
	Rules: []rules.ID{"PLAN-1"},
	Why: `A DiffSuppressFunc that returns true tells the SDK that old and new are the same value: the plan keeps the prior value and the configured one is never applied. That is right only when the two are equal forms of one value (PLAN-1 allows the prior value only to keep a functionally equal form). Two shapes suppress changes that are not equal forms.

Parse errors dropped: the DSF parses old and new (strconv.ParseBool, ParseInt, ParseFloat, Atoi, time.Parse, time.ParseDuration, json/xml/yaml Unmarshal), ignores both errors, and suppresses when the results compare equal (==, <=, >=, reflect.DeepEqual, an Equal method; or a branch on the comparison that returns true). A value that does not parse gives the zero value on both sides, so every change between two such values is suppressed: a feed reference in place of a boolean, a duration in another syntax. The check stays quiet when either error is looked at, when the attribute has a ValidateFunc or ValidateDiagFunc (it may guarantee the format), and for TypeBool, TypeInt and TypeFloat attributes (the SDK hands over its own form, which parses).

Other attributes decide: a ` + "`return true`" + ` reached only through tests of other attributes' changes (d.HasChange, HasChanges, GetChange, or a helper handed d whose name says it tests a change), never of the DSF's own old, new or key (old == new and old != new aside: suppressing equal values hides nothing, and on create the two differ) and with no create guard (d.Id() == "", d.IsNewResource()). When the resource is created, those changes may not be visible yet (an unknown value reads as zero in the first plan): the configured value is suppressed and planned as empty, and the final plan, with the value known, disagrees with the first (PLAN-8). The check reports the suppressing return, with the change tests as related positions. Anything else in the decision (d.Get, captured or global state, other calls) leaves it quiet.

The check looks at DiffSuppressFuncs of schema.Schema literals given as a function literal, a function of the same package, or the functions a package function returns (a DSF factory); functions of other packages are out of sight. A DSF shared by several attributes is reported once, naming them.`,
	Bad: `DiffSuppressFunc: func(_, old, new string, _ *schema.ResourceData) bool {
	o, _ := strconv.ParseBool(old)
	n, _ := strconv.ParseBool(new)
	return o == n // "feed:abc" -> "feed:xyz" is suppressed
},`,
	Good: `DiffSuppressFunc: func(_, old, new string, _ *schema.ResourceData) bool {
	o, errO := strconv.ParseBool(old)
	n, errN := strconv.ParseBool(new)
	return errO == nil && errN == nil && o == n
},`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "an SDK DiffSuppressFunc that suppresses on the comparison of old and new parsed with the errors dropped (two unparsable values compare equal), or on changes of other attributes alone with no create guard: a configured change is kept out of the plan",
	OptInWhy: "on 28 corpus providers and 15 more it reported 6 DiffSuppressFuncs (5 akamai activation DSFs decided by other attributes' changes, one keycloak duration DSF shared by 19 attributes), all real by the rule, too few to judge a default.",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
