// Package unknowninstate defines an Analyzer that reports framework Create,
// Update and Read methods and state upgraders that can save an unknown value
// into resp.State (APPLY-1, READ-1, UPGRADE-1).
//
// See [Doc] for what it reports and why; docs/checks/unknowninstate.md is generated from it.
package unknowninstate

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "unknowninstate",
	Title: "An unknown value can be saved to state",
	Rules: []rules.ID{"APPLY-1", "READ-1", "UPGRADE-1"},
	Why: `After apply, and after every Read, the state must be wholly known. In a framework Create or Update, a Computed attribute (or an Optional+Computed one without a Default) that the configuration leaves unset is unknown in the plan; a model read with req.Plan.Get carries that unknown until the code stores a value into the field. Saving the model with resp.State.Set before that makes Terraform fail with "Provider returned invalid result object after apply" — also when the state is saved on a failure path (an interim state before waiting for the remote object). In Update, UseStateForUnknown makes the plan value known; in Create it does not, nor does UseNonNullStateForUnknown (framework v1.17), which copies only a non-null prior value. The planned value of such an attribute is never null — unknown when the configuration leaves it out, the configured value otherwise — so a fill guarded by x.IsNull() (if m.Mode.IsNull() { m.Mode = types.StringValue(out.Mode) }) never runs for it, and the unknown is saved. types.XxxUnknown() written into the state is the same error, in Read (READ-1) and in a state upgrader (UPGRADE-1) too.

The check follows each tfsdk field of the model through the method (SSA), also when the model is held through a pointer variable that is only read and handed to calls (var data *Model; req.Plan.Get(ctx, &data), as generated providers write it; a variable pointed at another model is not followed): a store of any other value resolves it, as does the false branch of x.IsUnknown() and a non-zero x.ValueXxx() (an unknown reads as the zero value), while the true branch of x.IsNull() is never taken by a field still holding the plan's value (the finding then names the IsNull() test whose fill never runs); helpers of the same package are followed, and so are functions and model methods of the provider's other packages (a models package's m.FromAPI(out), a shared flatten helper), through a summary computed where they are declared of the fields they set on every success return; a model handed to code the check cannot follow (an interface method, a function value, a reflection-based decoder, a helper that stores the model away) counts as filled. A closure that only reads the model (a retry or wait callback handed to the SDK's retry helpers, reading plan.Name) does not fill it, in the method or in a helper that captures its model parameter; a closure that stores into fields of the model (a retry callback setting plan.ID, the body of a range-over-func loop such as for p := range strings.SplitSeq(...)) is taken to set those fields and only those; one that hands the model on may fill any of it, and the check stays quiet. Attributes with a Default or with plan modifiers other than RequiresReplace (and UseStateForUnknown in Create) are left alone, and so are the nested attributes of a list, set or object with such a modifier: those modifiers may make the plan known. An attribute that is also written with resp.State.SetAttribute in the method is left alone.

Nested attributes are followed through the framework's object values too: an object read from the plan and decoded into a struct (x.As(ctx, &local, ...)), whose fields are rebuilt into an object (types.ObjectValue(attrTypes, map[string]attr.Value{"dns": local.DNS}), ObjectValueFrom(ctx, attrTypes, local)) and stored back into the model, carries the plan's unknown nested values; a rebuild that keeps the planned object on some path (the API omitted it) is reported, the nested path named. Lists and sets of nested objects make the same trip element by element: planned elements decoded into a slice of element structs (m.Items.ElementsAs(ctx, &elems, false)) and rebuilt with ListValueFrom or SetValueFrom carry each element's unknown nested values, unless some store writes that field of the element struct; a slice appended to, replaced element by element or handed to other code is not followed. A ModifyPlan that reads the plan into a model, adjusts some fields and sets it back makes only those fields known.`,
	Bad: `resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
out, err := r.client.Create(ctx, plan.Name.ValueString())
if err != nil { ... }
plan.ID = types.StringValue(out.ID)
resp.Diagnostics.Append(resp.State.Set(ctx, plan)...) // created_at is still unknown`,
	Good: `plan.ID = types.StringValue(out.ID)
plan.CreatedAt = types.StringValue(out.CreatedAt)
resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a framework Create/Update that can save a Computed attribute (nested ones in typed models too) still holding the plan's unknown — no path from `req.Plan.Get` to `resp.State.Set` resolves it, same-package helpers and model methods followed — or that saves `types.XxxUnknown()`; Read or a state upgrader saving `XxxUnknown()`",
}
