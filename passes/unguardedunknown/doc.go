// Package unguardedunknown defines an Analyzer that reports plan-time
// validation that rejects values which may still be unknown (VALIDATE-1).
//
// See [Doc] for what it reports and why; docs/checks/unguardedunknown.md is generated from it.
package unguardedunknown

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "unguardedunknown",
	Title: "Plan-time validation rejects values that are not known yet",
	Rules: []rules.ID{"VALIDATE-1", "PLAN-8"},
	Why: `At plan time an attribute set from another resource's output is unknown. In an SDK CustomizeDiff, d.Get returns the zero value for it and d.GetOk reports it unset, so a check such as "exactly one of a, b must be set" fails on a configuration that is valid, and the user cannot plan at all. Such a check must first ask d.NewValueKnown(key) and skip the decision while the value is unknown.

This check reports an SDK function working on a *schema.ResourceDiff that returns an error decided by a d.Get/d.GetOk/d.GetChange value, where the function never asks d.NewValueKnown for that key (the same constant, or the same variable). It reports only when the outcome is decided against the user: the branch is evaluated with the value read as an unknown reads (zero, unset, empty; a switch's other cases follow the same value), that way must reach an error return the other way does not, and the other way must be able to succeed (when both ways fail, the value is not what rejects the configuration). Comparisons with values other than constants, and keys that are blocks (unknown as a whole only under a dynamic block), are left alone; a key no resource in sight declares counts as a block when its elements are taken as map[string]interface{} (the block's schema then lives in an importing package).

The attributes of a block's elements are judged the same way: an unknown nested value reads as zero too, so ` + "`for _, e := range d.Get(\"disk\").([]interface{}) { if e.(map[string]interface{})[\"path\"] == \"\" { return err } }`" + ` rejects a path that comes from another resource. The check follows the new value of a list or set block (d.Get, d.GetOk, the second result of d.GetChange; a *schema.Set through List()) into the elements taken as maps, and a constant key looked up there, directly or in a function of the package handed the element (one call deep: a helper's fallback to another attribute, ` + "`path, else name`" + `, gives zero when the configuration may leave that attribute unset: Optional, not Computed, no default). It reports "disk.*.path" at the lookup or the helper's call unless the function asks d.NewValueKnown about it (` + "`fmt.Sprintf(\"disk.%d.path\", i)`" + `, a key built with +, or the block's own key). It needs the block's schema: that of the resources whose CustomizeDiff holds the function, or, for a function of a package that declares no such resource, a resource or schema map of the package holding every key looked up; where none is in sight it stays quiet. Reads that only feed SetNew, ForceNew or Clear are not decisions of that kind; but a d.SetNew that the unknown way reaches and the known way does not (` + "`if d.Get(\"guest_id\") == \"\" { d.SetNew(\"guest_id\", \"other-64\") }`" + `) is reported under PLAN-8: the initial plan, made while the value is unknown, holds what SetNew gives, the final plan made with the value known does not, and apply fails with "Provider produced inconsistent final plan".

A value that may be unknown reads as "" too when it is handed to a parser that always fails on an empty input (json.Unmarshal, strconv.Atoi and the other strconv.ParseXxx, time.ParseDuration, net.ParseCIDR, resource.ParseQuantity; yaml.Unmarshal, url.Parse and base64 decoding accept "" and are left alone), or to a function of the same package whose error, for "", comes from such a parser or from its own test of the value (one call deep). The parser's error is then not nil, and the check follows it like any other decision: returned, it rejects a valid configuration (VALIDATE-1); swallowed on a way that goes on without a d.SetNew or d.SetNewComputed the known value reaches (` + "`if err := json.Unmarshal([]byte(n.(string)), &r); err != nil { return nil }; d.SetNewComputed(\"version\")`" + `), the initial plan keeps what that call would have replaced and the final plan does not (PLAN-8). The same holds for a function of the package that is handed the diff as an interface (` + "`GetChange(string) (any, any)`" + `) and parses a key it reads there: the finding is on that read, naming what the CustomizeDiff does with the error. Asking d.NewValueKnown(key) first, or returning before the parse while the value is "", is the fix.

The framework calls attribute validators, ValidateConfig and ModifyPlan with unknown values too: there ValueString() and the other ValueXxx() accessors return the zero value and Elements() an empty collection, while IsNull() is false. The check reports a validator or plan modifier reading req.ConfigValue, and a ValidateConfig or ModifyPlan reading a field of a model filled from req.Config or req.Plan, where that read decides an AddError/AddAttributeError the same way and IsUnknown() is not asked first; a ValueString() handed to one of the parsers above counts the same way. IsNull() alone is not a guard. A branch that adds an error because IsUnknown() is true (` + "`if v.IsNull() || v.IsUnknown() { AddError }`" + `) rejects the same valid configurations and is reported too. strings.HasPrefix, HasSuffix and Contains of the unknown's "" are false for a needle that cannot be empty (a constant, or one concatenated into it). ElementsAs(ctx, &target, false) of such a value, reached while it may be unknown, is reported as well: an unknown collection cannot be converted into a Go slice or map, and the framework's "Value Conversion Error" rejects the configuration. slices.Contains of a slice literal of string constants is evaluated on the unknown's "" (false unless the list holds ""), and a model an object validator decodes its value into (` + "`req.ConfigValue.As(ctx, &m, opts)`" + `) holds configured values like a ValidateConfig model.

Presence is misjudged both ways. An unknown is not null, yet it may still become null (a conditional expression, a module output, one instance of a for_each): ` + "`if !cfg.Guarded.IsNull() { AddError(\"conflicts with progressive\") }`" + ` rejects such a configuration, and the framework's own ConflictsWith waits while the other value is unknown. x.IsNull() of a model field bound to an Optional attribute (not Required: a required value cannot become null; blocks left out) read from req.Config or req.Plan is reported when its not-null way adds an error on every path while the null way can succeed and IsUnknown() was not asked; the attribute is found through the package's framework resources whose models include the model's type, and the check stays quiet where none declares it. The other way round, the "is it set" idiom ` + "`set := !x.IsNull() && !x.IsUnknown()`" + ` counts an unknown as not set, so ` + "`if !templateSet && !binarySet { AddError(\"one of template or binary\") }`" + ` rejects a configuration that sets one from another resource: the IsUnknown() of that idiom (in a condition or folded into a bool) is judged like a ValueXxx() read, reported when the unknown way reaches an error the set way does not, without passing a test of a call's error on the way (an error for a failed parse on the other branch comes from that parse, not from the value being absent), and the set way can succeed.`,
	Bad: `for _, attr := range attributes {
	if _, ok := d.GetOk(attr); ok {
		return nil
	}
}
return errors.New("exactly one of a, b or c should be provided")`,
	Good: `for _, attr := range attributes {
	if !d.NewValueKnown(attr) {
		return nil
	}
	if _, ok := d.GetOk(attr); ok {
		return nil
	}
}
return errors.New("exactly one of a, b or c should be provided")`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "SDK CustomizeDiff code that returns an error decided by `d.Get`/`d.GetOk`/`d.GetChange` of a key it never asks `d.NewValueKnown` about, where the zero value an unknown reads as takes the failing way and the other way can succeed (values from other resources are unknown at plan time), a parser that fails on `\"\"` (`json.Unmarshal`, `strconv.Atoi`...) included, or that skips a `d.SetNewComputed` when such a parse fails, attributes of list and set block elements (`disk.*.path`, through a helper one call deep) included; in the framework, validators, plan modifiers, `ValidateConfig` and `ModifyPlan` adding an error decided by `ValueXxx()`/`Elements()` of a configuration or plan value without `IsUnknown()` first, or by its presence (`!x.IsNull()` of an Optional attribute taken as set, `!x.IsNull() && !x.IsUnknown()` taken as not set)",
}
