// Package mutableid defines an Analyzer that reports attributes a
// resource's ID is built from that can change in place while Update never
// gives the resource a new ID (SCHEMA-3).
//
// See [Doc] for what it reports and why; docs/checks/mutableid.md is generated from it.
package mutableid

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "mutableid",
	Title: "The resource ID is built from an attribute that can change in place",
	Rules: []rules.ID{"SCHEMA-3"},
	Why: `When Create builds the resource ID from configured attributes (` + "`d.SetId(project + \":\" + key)`" + `), the ID names the object by those values. If one of them can change without ForceNew, Update runs with the new value — addressing an object that does not exist, or renaming the remote one — while the ID keeps the old one. Read, which finds the object through the ID, then reads the old object (or none) and saves the old value back: the change is planned again on every run, or the resource is dropped from state and created anew next to the old one. Either the attribute forces a new resource, or Update gives the resource its new ID.

The check follows the value each non-empty d.SetId in Create (and the package functions it calls) is given back to d.Get of configured keys, through conversions, fmt and strings formatting, concatenation, pointers to locals and plain package functions that call only the standard library (an ID builder); a value from any other call (the API's answer) ends the trail. It reports a top-level Required or Optional attribute, not Computed and not ForceNew, that the ID is built from and that Update reads, when Update (with the package functions it calls) never calls d.SetId with a non-empty value and Read reads d.Id() but never the attribute itself (it finds the object through the ID alone; a Read that never looks at the ID, as in resources that run an action on apply, has no use for it). Attributes a CustomizeDiff mentions (it may force a new resource) are left alone.

An Update that never reads the attribute at all drops the change as surely (d.SetId(projectID) in Create, Update configuring d.Id()): the plan shows an update in place, apply reports success, and the object stays where it was under the old ID. Such an attribute is reported too, unless Update's reads cannot be told (a key built at run time) or Read saves it from the API while Create sends it (updateignores reports that one). On the corpus this adds no finding; on 16 further providers that load (ext, ext3) it added two, both real (vsphere_supervisor's cluster, the ID, which Update refuses to change with an error after the plan was accepted; nutanix pc_registration_v2's pc_ext_id, the ID, with an Update that does nothing), and it catches a mined mongodbatlas_auditing project_id (the ID) that Update never read.

Framework resources are held to the same rule: Create stores into the "id" field a value built from configurable fields (types.StringValue(plan.ServerID.ValueString()), formatted or joined), the attribute has no RequiresReplace, Update reads it and never stores into "id" anything but the ID it had, and Read reads the ID but never the attribute (a Read that copies the ID back into it, ` + "`data.ServerID = types.StringValue(data.ID.ValueString())`" + `, is the shape: the old value comes back). Attributes ModifyPlan mentions are left alone.

The ID need not be built from d.Get: when Create sets it to a field of an object (the API's answer: ` + "`d.SetId(created.GetName())`" + `, ` + "`*created.Name`" + `, through a func(*T) T helper) and Read saves the same field of an object of the same type under a key (` + "`d.Set(\"name\", index.GetName())`" + `), the ID is that attribute's value, and the same rule holds. Since such a key may also name a nested field Read builds (m["name"]), Read counts as finding the object by it only when it reads it with d.Get, GetOk, GetChange or HasChange. This adds no finding on the corpus or on 10 further providers, and catches a mined datadog logs index name.

Opt-in for now: on the corpus it reported one attribute, real (an AWS linked account ID used as the resource ID and changed in place), after the d.Id() rule removed three of an action resource whose Read does nothing. Outside the corpus 14 more, all real (netbox ×5, hcp ×2, litellm ×2, auth0, bigip, vsphere, nutanix, and an aquasec serverless application whose name is its ID): 15 of 15, short of the 20 triaged findings the default set asks for.`,
	Bad: `"key": {Type: schema.TypeString, Required: true},
// ...
d.SetId(buildTwoPartID(&project, &key)) // Create
// Update: client.UpdateVariable(d.Get("project"), d.Get("key"), ...) and no new ID`,
	Good:     `"key": {Type: schema.TypeString, Required: true, ForceNew: true},`,
	Severity: "warning",
	Since:    "v0.2.0",
	Summary:  "an attribute, not ForceNew (no RequiresReplace), that Create builds the resource ID from while Update uses the new value and never sets a new ID, and Read finds the object through the ID alone: the change never sticks",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
}
