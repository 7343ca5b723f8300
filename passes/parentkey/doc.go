// Package parentkey defines an Analyzer that reports SDK attributes that
// address the object beside its ID (a parent, a region) and can change in
// place while Update only uses them to address it (SCHEMA-3).
//
// See [Doc] for what it reports and why; docs/checks/parentkey.md is generated from it.
package parentkey

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "parentkey",
	Title: "An attribute that addresses the object can change in place, but Update only addresses with it",
	Rules: []rules.ID{"SCHEMA-3"},
	Why: `Many objects are addressed by their parent and their own ID: a schedule in a project, a record in a zone, a rule on a server, a volume in a region. When the parent attribute is not ForceNew, changing it plans an update in place, and an Update that only uses the parent to address the object (EditSchedule(project, id, opts)) asks for the object under the new parent, where it does not exist: the apply fails, or changes another object, while the old one stays where it was.

The check reports a configurable SDK attribute, not ForceNew, that Update passes as a plain argument (a string or number, or a path built from it) to a call that also takes the resource ID, and uses for nothing else — it is not sent in a request body, tested, compared with d.HasChange, or handed to a helper — while Read reads it too (it finds the object with it). A CustomizeDiff that mentions the attribute may force a new resource itself and keeps the check quiet.

Many Go SDKs take the address in a request struct rather than in plain arguments (UpdateACLEntry(&UpdateACLEntryInput{ServiceID: d.Get("service_id"), ACLID: d.Get("acl_id"), EntryID: d.Id(), IP: ...})). A struct built in Update that holds the resource ID in one of its fields and is handed to a call that may fail is read the same way: the attributes stored into its other string and number fields (directly, or through a func(T) *T pointer helper such as ToPointer or aws.String) address the object beside the ID. Since such a struct also carries the request body, the attribute is reported only when Read finds the object the same way — with the attribute beside the ID, in plain arguments or in a request struct of its own; a field Read never looks the object up with (a value it only saves) is a body field the API applies. A struct without the ID is a request body (the API may move the object) and keeps the check quiet. Calls that only wrap the value in a context (NewContextForResourceID) do not count as a use. On the 28 corpus providers the request-struct rule adds no finding (none lost); on 16 further providers that load (ext, ext3) it added 3, all real: opsgenie's schedule rotation schedule_id, notification rule username and team routing rule team_id (UpdateRotationRequest{ScheduleIdentifierValue: ..., RotationId: d.Id()}: the rotation is looked for under the new schedule). It catches a mined fastly ACL entry (service_id and acl_id in UpdateACLEntryInput) that the plain-argument rule missed.

Framework resources are held to the rule in the shape it takes there most often: an Update that re-issues the call Create makes the object with (the same function, named as a create, put, upsert or deploy: CreateSecret(app, name, value), deployFunction(ctx, &plan, client)) and that neither Read nor Delete calls. Such a call makes the object at the address it is handed, so an attribute that Delete addresses the object with (Delete reads it) and that Read finds it with is fixed for the object's life: when it has no RequiresReplace, a change makes Update create a second object under the new value, the old one is left behind out of Terraform's sight, and Delete later removes only the new one. Reported for such an attribute that Update hands the call (as an argument built from the model field, or through a package function handed the model that reads it); "id", blocks, attributes with a RequiresReplace (or custom) plan modifier and those ModifyPlan mentions are left alone. The SDK rule above holds for framework resources too: an attribute without RequiresReplace that Update passes as a plain argument beside the ID (the model's "id") and uses for nothing else, while Read reads it.

Two more ways Update addresses the object with an attribute it sends nowhere. A request struct without the ID addresses the object when it holds every key Read finds the object by, Read itself looking it up with a struct of those keys and no ID (Read: GetFeed(GetFeedArgs{Project: p, FeedId: name}); Update: UpdateFeed(UpdateFeedArgs{Feed: body, Project: p, FeedId: name})): those keys are the object's ID. And an attribute Update hands only to a function of the provider's own package whose result the API is then called through — the receiver of a method, directly, after a constructor of another package (s3.New(session)) or in a helper it is handed to — chooses the client: a region (spacesClient(region)) addresses the object as a path segment does. A local variable whose address is taken (name := d.Get("name").(string); Args{FeedId: &name}) is judged where it is used, not where it is stored. On the 28 corpus providers these two rules add no finding and lose none; on 10 further providers that load (ext, ext3) they add 3, all real (azuredevops wiki page project_id and wiki_id, opsgenie service incident rule service_id: path segments of the update request beside the ID that Read looks the object up by), and they catch a mined digitalocean bucket region and azuredevops feed project_id. A Read lookup struct counts as the ID only when Read never reads d.Id() (sentry lists code mappings filtered by integration_id and keeps the one with the ID: a filter, not the address).

On the corpus (28 providers) the framework shapes added 4 findings, all real: sentry's symbol source organization and project (Update edits the source under the planned project), okta's federated claim app_id, and akamai's API resource operations api_id (Update re-runs Create's upsert on the new endpoint).`,
	Bad: `"project": {Type: schema.TypeString, Required: true},
...
func update(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := client.EditSchedule(d.Get("project").(string), d.Id(), opts)`,
	Good:     `"project": {Type: schema.TypeString, Required: true, ForceNew: true},`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a configurable SDK attribute, not ForceNew, that Update only uses to address the object beside its ID (a parent, a region): a change makes Update look for the object where it is not; a framework attribute without RequiresReplace that Delete and Read address the object by while Update re-issues Create's create call with it: a change makes a second object and orphans the first",
	// Default since the corpus triage: all 8 findings (5 providers) real.
	// Request structs (session 30): see the corpus figures in Why.
}
