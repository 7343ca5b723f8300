// Package incompleteimport defines an Analyzer that reports importers whose
// stub state lacks what Read needs (IMPORT-1), or what the configuration
// holds (IMPORT-3).
//
// See [Doc] for what it reports and why; docs/checks/incompleteimport.md is generated from it.
package incompleteimport

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "incompleteimport",
	Title: "Import leaves out what Read needs",
	Rules: []rules.ID{"IMPORT-1", "IMPORT-3"},
	Why: `Import hands Read a stub state holding only what the importer set; Read must find the object from it and fill the rest. Five shapes break that:
- a framework ImportState that writes nothing (no resource.ImportStatePassthroughID, no resp.State.SetAttribute or Set): the framework then fails with "Missing Resource Import State";
- a framework ImportState that passes the ID into one attribute while Read never reads that attribute and looks the object up by another, which import leaves null: Read cannot find the object and the import fails;
- a framework Read that looks the object up (the same kind of call) with a model field read from req.State — m.Name.ValueString() — that ImportState leaves null; a field Read tests with IsNull/IsUnknown or assigns itself is left alone;
- an SDK resource whose Read looks the object up (a call that can fail, to the provider's client or API) with an attribute read from state by d.Get, when the importer leaves that attribute empty: ImportStatePassthrough(Context) sets only the ID, a custom importer sets the keys it calls d.Set with. After import Read asks for the wrong object, and the import fails with the API's error or with "Cannot import non-existent remote object". A Read that compares the value first (a fallback to d.Id() when it is empty) or sets the attribute itself before the lookup (or hands d, before it, to code the check cannot follow: a setter the Read's factory was given) is left alone;
- (IMPORT-3) a resource imported with schema.ImportStatePassthrough(Context) or a custom importer (SDK: what the importer does not set) or resource.ImportStatePassthroughID (framework) whose Read never sets an attribute that forces replacement — Required+ForceNew or Optional+Computed+ForceNew (SDK), Required or Optional+Computed with a RequiresReplace plan modifier (framework): after import the state has no value for it, so the first plan with the matching configuration replaces (destroys and re-creates) the object just imported. A framework Read that assigns a Required or Optional attribute only under a test that the state already holds a value for it (if !m.Filters.IsNull() { m.Filters = ... }) never fills it after an import either: reported as well, whatever the importer (passthrough or SetAttribute). The same holds for an Optional attribute with a default (SDK Default, not a DefaultFunc whose value may come from the environment or be none; framework Default on an Optional+Computed attribute; not one with a DiffSuppressFunc or StateFunc, which may hide the difference) that Read never sets: after import the state has none, and the first plan puts the default back even when the configuration leaves the attribute out. Keys set through a helper that ranges over a map literal (setAll(d, map[string]any{"name": x})) and framework fields assigned a constant of the provider's own count as set; Sensitive attributes are left out (APIs seldom return secrets), and so are Reads that always fail (a retired API).

With -incompleteimport.required the last shape also covers Required attributes that do not force replacement (the first plan after import then updates the object instead of replacing it), Sensitive ones excepted. It is off by default: on a triaged sample of 30 findings 16 were real, the rest parameters the API never returns (passwords not marked Sensitive, action and delete-time options, configuration the API keeps to itself), which no Read can fill.

With -incompleteimport.answered (SDK) it also covers Required and Optional attributes, ForceNew or not, that an imported Read never sets although the object it fetches — the first result of a call answering (T, error), T a struct of the API client — has a field of the same name (monitor_id and MonitorID): Read could have filled it, and until it does a change made outside Terraform goes unseen too. Also off by default: on a triaged corpus sample (20 findings, 25 attributes) 16 attributes were real; the others were request-only options kept in a struct the API client shares between request and answer (agree_to_terms, templates used at creation), and type discriminators named like the attribute.

Reads and importers that hand the state or ResourceData to code the check cannot follow, or set attributes by computed names, are left alone.`,
	Bad: `Importer: &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
...
func read(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	pairs, err := client.List(d.Id()) // "path_prefix" (Required, ForceNew) is never set
	...`,
	Good: `Importer: &schema.ResourceImporter{StateContext: func(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	err := d.Set("path_prefix", d.Id())
	return []*schema.ResourceData{d}, err
}},`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a framework ImportState that writes nothing, or passes the ID into an attribute Read never reads while Read uses another one import leaves null, or a Read that looks the object up with an attribute ImportState leaves null; a resource imported by passthrough whose Read never sets an attribute that forces replacement (Required+ForceNew, Optional+Computed+ForceNew, or RequiresReplace in the framework): the next plan replaces what was imported; an SDK Read that looks the object up by an attribute read from state which the importer (passthrough, or custom by its `d.Set` keys) leaves empty",
}
