// Package updateignores defines an Analyzer that reports attributes Create
// sends that can change in place (not ForceNew, no RequiresReplace) while
// Update never reads them (SCHEMA-3).
//
// See [Doc] for what it reports and why; docs/checks/updateignores.md is generated from it.
package updateignores

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "updateignores",
	Title: "An attribute can change in place, but Update never reads it",
	Rules: []rules.ID{"SCHEMA-3"},
	Why: `An attribute the user can set, without ForceNew (SDK) or RequiresReplace (framework), is changed by an update in place. If Update never looks at it, the change never reaches the API: the plan says it will be applied, apply reports success, and the next Read brings the remote value back, so the same change is planned again, forever (or, for the framework, Terraform fails after apply when Update saves what the API answered). Either the API can change it, and Update must send it, or it cannot, and the attribute must force a new resource.

The check walks Create and Update, the closures they run and the package functions they call (Read excluded), collecting every attribute they mention: d.Get, GetOk, HasChange, HasChanges, GetChange or any other use of the key's name (a key list, a helper's argument; not a log call) for the SDK, any read of a model field or a path.Root("name") for the framework. It reports a top-level attribute that Create mentions (so it is an input the provider sends, not an output declared Optional) and that Read (or Create) saves from the API — not a constant of the provider's own — while Update never mentions it. Left alone: functions that hand d or the model to code out of sight, read d with a key they build, or read the raw plan; attributes a CustomizeDiff or ModifyPlan mentions (it may force a new resource or reject the change) — a CustomizeDiff built with the customdiff combinators is followed through them: the functions they run, and the keys they name (ForceNewIfChange("k", ...), ValidateChange, ComputedIf, IfValueChange) count as mentioned; a block with a Required ForceNew attribute inside (every element has it; a changed set element changes it and the SDK asks for a new resource); custom plan modifiers; DiffSuppressFunc; resources whose ModifyPlan may require replacement.

Mentioning a key is not sending it: an SDK attribute whose every use in Update (and the package functions it calls) is d.Get("k") compared with a constant, or GetOk's ok, where the test decides nothing but which other attributes are read — each block that runs on one side of it only reads and tests attributes, or is decided by a nearer test of another attribute (if v, ok := d.GetOk("x"); ok {...}), and no value chosen there flows out through a φ (mode := "a"; if ... { mode = "b" }) — is reported as never sent ("only tests it"). A test that picks the call to make (if enabled { Enable() } else { Disable() }) sends the value. Likewise an attribute Update mentions only inside a request builder of its package (shared with Create) that stores it into a field of the struct it returns, a field Update sets to a constant right after the call (g := buildGrant(d); g.ClientID = nil), is reported as cleared before sending. Update handing d out of sight keeps both quiet. Neither adds or loses a finding on the corpus; they catch a mined datadog monitor type and auth0 client grant client_id/audience (and the same file set's rule config key).

Keys built from a spelled top-level name (fmt.Sprintf("rule.%d.days", i), "rule." + strconv.Itoa(i) + ".days") count as mentions of that name, not as keys that may be anything.

SDK blocks (a TypeList or TypeSet whose Elem is a *schema.Resource) with ForceNew are not exempt when an attribute inside is not ForceNew: the SDK (v1, v2 and the legacy helper/schema alike; helper/schema/schema.go diffList and diffSet) gives the block's ForceNew only to its element count ("block.#"), so adding or removing an element replaces the resource, while each attribute inside an element is diffed with its own schema: a changed value there sets RequiresNew only when that attribute is ForceNew itself, and is otherwise planned as an update in place. A ForceNew block that Update never reads then drops such a change. The fix is ForceNew on the attributes inside (or sending the block in Update).

On the corpus (30 providers, 42 findings) every finding was triaged real: mostly identifiers or parents the API cannot change (they should force a new resource), and properties Update forgot to send. The ForceNew-block case added 2 findings on 28 providers, both real (a runner's image and a knowledge base's data sources that the API cannot change, declared ForceNew only on the block).`,
	Bad: `"login": {Type: schema.TypeString, Required: true},
// ...
func resourceUserUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := client.UpdateUser(d.Id(), d.Get("name").(string), d.Get("role").(string))
	// login is never sent
}`,
	Good:     `"login": {Type: schema.TypeString, Required: true, ForceNew: true}, // the API cannot change it`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "an attribute Create sends and Read saves from the API, without ForceNew/RequiresReplace (an SDK block's ForceNew covers only its element count, not the attributes inside), that Update and the helpers it calls never read: its changes are planned and never applied",
	// Default: all 42 of its findings on 30 real providers were triaged real.
}
