// Package zerofornull defines an Analyzer that reports framework Create,
// Update and Read saving an Optional, non-Computed attribute as the API's
// plain value, whose zero value ("", false, 0) stands where the configuration
// has null, and SDK ones saving such a block as a one-element list or such
// a string as strconv text on every way through (APPLY-2, READ-3).
//
// See [Doc] for what it reports and why; docs/checks/zerofornull.md is generated from it.
package zerofornull

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "zerofornull",
	Title: "An Optional attribute left out of the configuration is saved as the API's zero value",
	Rules: []rules.ID{"APPLY-2", "READ-3"},
	Why: `An attribute that is Optional and not Computed is null in the plan whenever the configuration leaves it out, and the framework distinguishes null from "", false and 0. APIs commonly answer an unset field with its zero value; a Go client decodes it into a plain string, bool or number. Saving that answer with types.StringValue (BoolValue, Int64Value...) turns the user's null into "" after Create or Update: Terraform fails with "Provider produced inconsistent result after apply". Saved only by Read, the same value makes every plan show a change back to null.

The check follows Create, Update and Read of framework resources, and the package functions they call (three calls deep: model methods such as m.fromAPI(out) included), and reports a store into a model field bound to such an attribute (top-level, or nested under parents that are not Computed) of types.XxxValue(v) where v is a plain (non-pointer) field of a struct that is not a model, or a GetXxx() getter of one — what an API client answers. It stays quiet when the value is tested first (if out.Domain != ""), when the store sits under a test of a framework value (plan.Domain.IsNull(), IsUnknown, Equal), or the helper holding it is called only under a test of the attribute's own framework value (if !data.SSL.IsNull() { readSSL(&data) }), when the function writes the field more than once (one write is the null or the plan's value), for pointers (types.StringPointerValue), for fields of a related object the answer holds by pointer (out.Pool.ID: present when configured), for Required, Computed and defaulted attributes, and for custom types, whose semantic equality may accept the zero value.

The API's "nothing" saved as a zero the provider writes itself is held to the same rule, whatever the count of stores: types.XxxValue of a zero constant ("", 0, false) — written in the branch where the API's pointer is nil (else { m.Description = types.StringValue("") }), as a local's default that only a set pointer replaces (v := ""; if out.V != nil { v = *out.V }), or as a model literal's default that only a non-empty plan value replaces (Token: types.StringValue("") ... if plan.Token.ValueString() != "" { ... }) — and the result of a package helper with a return of such a zero (stringValueFromPointer answering types.StringValue("") for nil). Such a store is reported when a path runs from it to the function's return with no other store to the field and no test of the attribute's own framework value on the way, unless it sits under a test finding that value set, or a function other than the one holding it writes the field with anything but a known value (a helper that puts the null back). The same zeros are looked for in nested objects built from a map keyed by attribute name (types.ObjectValue(attrTypes, map[string]attr.Value{"variation": v})): the attribute is the one of that name among the resource's nested attributes whose names hold every key of the map, when all such agree it is Optional and not Computed.

Lists, sets and maps (attributes, not blocks: an absent block is an empty collection) are held to the same rule: types.ListValueMust, SetValueMust, MapValueMust (and ListValue...) make a known collection however few elements they are handed, an empty one when the API has none, never null; ListValueFrom, SetValueFrom and MapValueFrom make null from a nil slice but an empty collection from one the function made itself (make, a literal, appends to either). Such a store is reported when a path runs from it to the function's return with no other store to the field and no test that concerns the collection on the way: of its elements' length or nil, of an API field or getter named as the model field or the attribute, by Go name or JSON key (len(out.Projects); out.VMID != nil for "vmid"), of the attribute's own framework value (plan.Projects.IsNull()), or the ok of a type assertion or map lookup of the answer's entry of that name (v, ok := raw["projects"].([]any): null fails it); a store under such a test is left alone, as is one rewritten in the same block. The same holds for the result of a package helper with a return of such a collection not under a test of its elements or parameters (setFromStringSlice replacing a nil slice with []string{}; a flatten helper appending to make(..., 0) and returning types.ListValue), unless the store sits under a test of the helper's arguments or the attribute.

SDK resources (sdkv2, sdkv1, legacy) are held to the same rule where the SDK can tell: it reads an absent block as an empty list and an absent string as "", so the API's "nothing" breaks it in two forms. A d.Set of an Optional, non-Computed, not Required list or set block (top-level, constant key) with a list of exactly one element — a one-element literal ([]map[string]any{m}, []any{m}, &[]T{m}), or a package helper every return of which is one (flattenX(out.X) answering []any{m} even for an empty answer) — and a d.Set of an Optional, non-Computed string without a default, StateFunc or DiffSuppressFunc as strconv.Itoa, FormatInt, FormatUint, FormatFloat or FormatBool of anything but d.Get, never "" ("0", "false" when the API has nothing). Either is reported only when every way through Read, Create or Update that saves the state reaches it — through each package function (three calls deep, closures included) that leads to it: ways that return an error or remove the resource (d.SetId("")) do not count, a return of another function's result (return resourceRead(...)) does. A d.Set under any test (the API's pointer, the configuration's d.GetOk, a loop) is left alone. And only when the code itself says the API may have nothing there: the element map's stores all sit under one nil test (if out.Group != nil { m["id"] = out.Group.ID }, or a json.Unmarshal into it under if out.Options != nil), or the element, the helper's argument or the formatted value comes from a nil-safe getter of an optional field (out.GetReset(), meta.GetRoles() — a GetX whose type also has GetXOk or HasX, as OpenAPI-generated clients have). A block built from a part of the object the API always answers (a value struct, a pointer the code never tests) is left alone: before this condition, the corpus and a wider sample gave six such findings, four of them blocks the API requires (a webhook's configuration twice, an alert's critical threshold, a maintenance window's time: never left out) and two a block the API fills with its defaults (a CSI driver's spec, v1 and v1beta1: real), which the code cannot tell apart. Read is followed first, so a d.Set Create reaches through Read is reported under READ-3.

Opt-in: on the 28 corpus providers its 27 findings were triaged 19 real, 6 not real and 2 undecided; on 27 framework providers outside the corpus (HEADs) 24 findings, 13 real, 10 not real, 1 undecided: 32 of 51 (63%), below the 90% that moves a check to the default set. The findings that are not real are of shapes the code does not show: attributes declared Optional that the API requires (the request fails before anything is saved), attributes the provider's own custom validator requires for the variant whose branch stores them, and API answers that carry an entry only when the configuration asked for it. The zero-constant, helper and nested-map shapes (session 29) added 3 corpus findings, 2 real (a notification token initialised to "" and replaced only by a non-empty plan value; a password set to "" when the plan has none) and 1 not (its replacement is guarded by String() != "", always true, so the plan's value always wins), and 2 on a provider outside the corpus, both real (metrics flags Read saves as false when the API has nothing); on 14 mined bugs that load they catch 6 the plain-field rule missed.`,
	Bad: `out, err := r.client.CreateSite(ctx, body)
// ...
plan.CustomDomain = types.StringValue(out.CustomDomain) // "" when unset
resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)`,
	Good: `out, err := r.client.CreateSite(ctx, body)
// ...
if out.CustomDomain != "" {
	plan.CustomDomain = types.StringValue(out.CustomDomain)
} else {
	plan.CustomDomain = types.StringNull()
}
resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "framework Create/Update/Read (and the helpers they call) saving an Optional, non-Computed attribute as `types.StringValue(out.Field)` (Bool, Int64...) of a plain API value, so an unset field becomes \"\"/false/0 where the configuration has null; SDK ones saving such a block as a one-element list, or such a string as strconv text, on every way through",
	// 32 of 51 triaged real (corpus and outside it, session 28): below the bar.
	NonDefault: true,
}
