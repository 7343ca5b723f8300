package passes

import "github.com/tflifecyclelint/tflifecyclelint/contract/rules"

// ruleText explains one rule for docs/rules.md: what the user of the provider
// meets when it is broken, and which plugin generations get away with it.
// Checked against Terraform v1.8.5, terraform-plugin-framework and
// terraform-plugin-sdk/v2 (the versions in go.mod).
type ruleText struct {
	// Breaks: what Terraform or the plugin library does when the rule is broken.
	Breaks string
	// Plugins: which plugin generations are held to it, and which are let off.
	Plugins string
}

// Plugin-generation phrases shared by several rules.
const (
	allPlugins  = "Every plugin generation is held to it."
	legacyWarns = "Framework providers get the error. For SDKv2 (and older SDK) providers Terraform only writes a [WARN] line to its log, so the user sees nothing until a confusing error downstream: this is where the runtime checker (`contract`) helps most."
	newerTF     = "Providers on recent framework and SDKv2 releases, which have the feature; Terraform v1.8.5 predates it, later versions enforce the rule."
)

var ruleTexts = map[rules.ID]ruleText{
	"SCHEMA-1": {
		Breaks:  "Terraform validates every resource schema when it loads the provider: an attribute with none of the flags, or Required together with Optional or Computed, makes every command fail with \"provider ... has invalid schema for managed resource type ..., which is a bug in the provider\".",
		Plugins: allPlugins,
	},
	"SCHEMA-2": {
		Breaks:  "The framework checks its schema when Terraform asks for it: a Default on an attribute that is not Computed, or a write-only attribute that is Computed or inside a set, fails every command with \"Invalid Attribute Implementation\".",
		Plugins: "Framework providers for Default (an SDK Default fills in the configuration instead). Recent SDKv2 releases refuse a Computed write-only attribute in their InternalValidate.",
	},
	"SCHEMA-3": {
		Breaks:  "A resource without Update cannot change anything in place. The SDK checks this itself: its InternalValidate, which runs whenever Terraform validates the provider's configuration, refuses a top-level attribute that is neither ForceNew nor Computed (\"No Update defined, must set ForceNew on: ...\"), so no command works with the provider. Nested and Optional+Computed attributes pass that check; a change to one is planned as an in-place update, and the apply fails with \"doesn't support update\". The framework equivalent is an Update that writes no state while an attribute lacks RequiresReplace: the apply ends with \"Provider produced inconsistent result after apply\".",
		Plugins: allPlugins,
	},
	"SCHEMA-4": {
		Breaks:  "Before planning, Terraform asks the provider to upgrade every saved state whose version is below the schema's. The framework looks up an upgrader for exactly that version (it does not chain them) and fails with \"Unable to Upgrade Resource State\" when there is none; the user cannot plan until a fixed release. The SDK runs its StateUpgraders one after another from the saved version, so a gap or a list ending below SchemaVersion-1 leaves the state in an old shape. A state at the schema's own version is passed through untouched, and a state newer than the schema is refused by Terraform itself (\"Resource instance managed by newer provider version\").",
		Plugins: allPlugins + " An SDK resource with no StateUpgraders at all has its state passed through unchanged.",
	},
	"VALIDATE-1": {
		Breaks:  "Terraform validates and plans with values that are not known yet (attributes of resources not yet created). Read as a Go value, an unknown is the zero value (\"\", 0, false, an empty list), so a check that does not ask first rejects a configuration that is valid, and the user cannot plan it at all.",
		Plugins: allPlugins,
	},
	"VALIDATE-2": {
		Breaks:  "A value the provider fills in later is null or unknown during validation; an error there rejects a valid configuration, as with VALIDATE-1.",
		Plugins: allPlugins,
	},
	"PLAN-1": {
		Breaks:  "Terraform rejects a plan that replaces what the user wrote with another value: \"Provider produced invalid plan\". Keeping the prior state value is allowed, to preserve an equivalent form the remote system returned.",
		Plugins: legacyWarns,
	},
	"PLAN-2": {
		Breaks:  "An attribute the user left out and the provider may not compute must stay null; Terraform rejects any other planned value with \"Provider produced invalid plan\".",
		Plugins: legacyWarns,
	},
	"PLAN-3": {
		Breaks:  "A value the user wrote is known; planning it as unknown is rejected with \"Provider produced invalid plan\".",
		Plugins: legacyWarns,
	},
	"PLAN-4": {
		Breaks:  "The planned object must be null exactly when the configuration is (on destroy); otherwise Terraform rejects the plan with \"Provider produced invalid plan\".",
		Plugins: "Framework providers get the error; the SDK plans null exactly on destroy and does not produce this shape.",
	},
	"PLAN-5": {
		Breaks:  "The plan must keep the number of nested blocks the user wrote (and their keys); a block added, dropped or made wholly unknown is rejected with \"Provider produced invalid plan\".",
		Plugins: legacyWarns,
	},
	"PLAN-6": {
		Breaks:  "Write-only values are sent by the user and never kept; Terraform rejects a plan that holds one.",
		Plugins: newerTF,
	},
	"PLAN-7": {
		Breaks:  "When the provider says a change requires replacement at a path that exists neither in the prior nor in the planned object, Terraform rejects the plan with \"Provider produced invalid plan\" (\"requires replacement\" on a non-existent attribute path).",
		Plugins: allPlugins,
	},
	"PLAN-8": {
		Breaks:  "At apply time Terraform plans again, with the values learned meanwhile; every value that was known in the first plan must come back the same, with the same action. Otherwise the apply stops with \"Provider produced inconsistent final plan\", after the resources before it were already changed.",
		Plugins: allPlugins,
	},
	"PLAN-9": {
		Breaks:  "A Computed value that the apply will change must be planned unknown. Planned as known (the prior value kept, e.g. by UseStateForUnknown), it breaks APPLY-2 when it changes: \"Provider produced inconsistent result after apply\", and resources that used the planned value were planned with a stale one.",
		Plugins: "Framework providers get the apply error; SDKv2 providers only get a line in the log (APPLY-2 is tolerated for them), and the stale value downstream.",
	},
	"APPLY-1": {
		Breaks:  "Terraform rejects a new state that still holds unknown values (\"Provider returned invalid result object after apply\") and saves them as null; typically a Computed attribute copied from the plan was never filled in.",
		Plugins: allPlugins,
	},
	"APPLY-2": {
		Breaks:  "Every value the final plan knew must come back identical: \"Provider produced inconsistent result after apply\" otherwise. The usual causes: saving the remote system's normalised form of a configured value, list elements appearing or vanishing, a Computed value that changed after being planned as known.",
		Plugins: legacyWarns + " The next plan then often shows a change the user did not make.",
	},
	"APPLY-3": {
		Breaks:  "Create and Update must return an object, Delete must return null. A framework Create that leaves resp.State null fails with \"Missing Resource State After Create\". An SDK Create that returns without d.SetId returns a null object: Terraform fails with \"Provider produced inconsistent result after apply\" (\"Root object was present, but now absent\"; the SDK does not claim legacy leniency on that path) and the object just created remotely is not recorded in state. A framework Update that never writes resp.State hands back the prior state, so Terraform fails with \"Provider produced inconsistent result after apply\" for each value the plan changed. A Delete that returns an object is reported as an error and the object stays in state.",
		Plugins: allPlugins,
	},
	"APPLY-4": {
		Breaks:  "Write-only values must never reach state; Terraform rejects a new state that holds one.",
		Plugins: newerTF,
	},
	"APPLY-5": {
		Breaks:  "The framework reads only the response: a state written to the request (req.State.Set, req.Plan.SetAttribute, req.State.RemoveResource) is thrown away. What the user meets is what the missing write causes: \"Missing Resource State After Create\", an Update that keeps the old values, a Read that never refreshes or never removes a vanished object.",
		Plugins: "Framework providers (SDK resources have a single ResourceData).",
	},
	"READ-1": {
		Breaks:  "A refreshed state with unknown values is rejected: \"Provider produced invalid object\" (the returned state contains unknown values), and every plan fails.",
		Plugins: allPlugins,
	},
	"READ-2": {
		Breaks:  "When the remote object was deleted outside Terraform, Read must drop it from state and return no error; the next plan then offers to create it again. Returning an error instead fails every plan and refresh until the user removes the resource from state by hand; keeping the old state hides the loss until an update fails against an object that does not exist.",
		Plugins: allPlugins,
	},
	"READ-3": {
		Breaks:  "When the remote system answers with an equal value in another form (reordered JSON, a different case, a default filled in), Read must keep the value from the prior state. Saving the remote form makes every plan show a change the user did not make, and applying it changes nothing.",
		Plugins: allPlugins,
	},
	"READ-4": {
		Breaks:  "A data source that returns a null object fails with \"Provider produced null object\"; a missing object should be reported as an error the user can read.",
		Plugins: allPlugins,
	},
	"READ-5": {
		Breaks:  "Write-only values must never reach state; Terraform rejects a refreshed state that holds one.",
		Plugins: newerTF,
	},
	"UPGRADE-1": {
		Breaks:  "An upgraded state with unknown values is rejected with \"Invalid resource state upgrade\", and the user cannot plan.",
		Plugins: allPlugins,
	},
	"UPGRADE-2": {
		Breaks:  "The framework copies nothing from the old state: an upgrader that sets no state fails with \"Missing Upgraded Resource State\", and one that saves a model not matching the current schema fails in resp.State.Set (\"Value Conversion Error\"). An attribute left out comes back null, and the next plan wants to change or replace it.",
		Plugins: "Framework providers; the SDK's upgraders return the whole state map themselves.",
	},
	"UPGRADE-3": {
		Breaks:  "Without a PriorSchema the framework cannot decode the old state, so req.State is nil: an upgrader that reads it crashes the provider on every old state. Reading req.RawState is the alternative.",
		Plugins: "Framework providers.",
	},
	"UPGRADE-4": {
		Breaks:  "An upgrade that changes what a value means, or drops data the old state held, silently changes the user's resources at the next apply.",
		Plugins: allPlugins,
	},
	"IMPORT-1": {
		Breaks:  "Import hands Read the stub state; without the identifier Read looks the object up by, Read cannot find it. A framework ImportState that writes nothing fails with \"Missing Resource Import State\"; a Read that then removes the object makes Terraform fail with \"Cannot import non-existent remote object\".",
		Plugins: allPlugins,
	},
	"IMPORT-2": {
		Breaks:  "The stub goes through Read; unknown values left in it reach the refreshed state, which Terraform rejects as not wholly known.",
		Plugins: allPlugins,
	},
	"IMPORT-3": {
		Breaks:  "After import and Read, a configuration that matches the object must plan no change. An attribute Read never fills in stays null: the first plan shows an update, or a replacement when the attribute forces one, which destroys the object just imported.",
		Plugins: allPlugins,
	},
	"IDENTITY-1": {
		Breaks:  "Resource identity lets Terraform find an object by more than its ID; the Terraform versions that support it reject an identity that is missing or unknown after Create, Read or Update, or that changes when the resource does not declare it mutable.",
		Plugins: newerTF,
	},
	"MOVE-1": {
		Breaks:  "A moved block between resource types asks the target resource for its state; Terraform rejects a missing answer, or one that is not wholly known (\"Provider returned invalid value\"), and the plan cannot proceed.",
		Plugins: "Framework providers (the SDK does not implement MoveResourceState).",
	},
}

// rulesIntro explains the objects the rules speak of.
const rulesIntro = `Every finding of the analyzer and every violation the runtime checker reports names one of these rules. For each: what it asks of the provider, what Terraform (v1.8.5) or the plugin library does when it is broken, and which plugin generations are held to it.

## The objects

- **Configuration**: what the user wrote; unset attributes are null, and values from resources not yet created are unknown until apply.
- **Prior state**: what the last apply or refresh saved; null before the object exists.
- **Proposed new state**: Terraform's merge of the two, sent to the provider to plan from: a Computed attribute the user left null keeps its prior value, every other attribute takes the configured value (null and unknown included).
- **Planned state**: the provider's answer, which may hold unknowns for what only the apply will learn. Terraform plans once at plan time and again at apply time (the final plan).
- **New state**: what apply returns; wholly known.
- **Upgraded state**: a state saved under an older schema version, reshaped for the current one.
- **Import stub**: what import returns for an ID, before Read fills it in.

SDKv2 providers (and SDK v1 and the legacy helper/schema) announce that they use the legacy type system; Terraform then turns several of its checks into a [WARN] log line instead of an error; the Plugins line of those rules says so.
`
