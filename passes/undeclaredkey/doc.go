// Package undeclaredkey defines an Analyzer that reports SDK resources
// naming, in d.Set, d.Get and the like, an attribute their schema does not
// declare (IMPORT-3, APPLY-2), or handing d.Set a value of a Go type the
// attribute's schema type cannot hold (IMPORT-3), and framework ImportState
// methods setting an undeclared attribute (IMPORT-1).
//
// See [Doc] for what it reports and why; docs/checks/undeclaredkey.md is generated from it.
package undeclaredkey

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "undeclaredkey",
	Title: "An SDK resource reads or saves an attribute its schema does not declare, or saves a value its type cannot hold",
	Rules: []rules.ID{"IMPORT-3", "APPLY-2", "IMPORT-1"},
	Why: `The SDK addresses attributes by name, and the compiler cannot check the names. A key the schema does not declare — a misspelling ("S3_region" for "s3_region"), a plural, an attribute renamed or removed — fails quietly:

- d.Set refuses it and returns an error ("Invalid address to set"). Ignored, the value is dropped: the attribute it was meant for is never saved, so after import it stays empty (the next plan shows a change, or a replacement for a ForceNew attribute) and drift goes unseen. Checked, the function fails on that path every time it runs.
- d.Get answers nil (a type assertion on it panics), d.GetOk answers "not set", d.HasChange answers false: the configured value or change is never used.

The check follows the Create, Read, Update, Delete and Exists functions of each resource, its custom importer and CustomizeDiff functions, the function literals they make and the package functions they hand their *schema.ResourceData or *schema.ResourceDiff to (two calls deep), and reports a constant key the resource's schema does not declare — nested keys ("rule.0.action") are followed into nested blocks; map keys ("tags.owner") and "id" are accepted. The finding suggests the declared attribute one or two edits away, when there is one.

The same happens to a declared attribute handed a value of the wrong Go type. The SDK stores a d.Set value by decoding it into the attribute's type (helper/schema's field writer, mapstructure without weak typing, alike in SDK v2, v1 and the legacy helper/schema): a TypeString takes a string kind only (an int ID, a struct, a []byte are refused), a TypeInt or TypeFloat any integer or float kind, a TypeBool a bool; a TypeList takes a slice (a map, a struct or a *schema.Set is refused), a TypeSet a slice or a *schema.Set (anything else panics); a TypeMap a map with string keys; and each element is decoded the same way into the element type — a block's element must be a map, since a struct decodes into a map keyed by its Go field names, which no schema declares ("Invalid address to set"). A pointer is followed once. Anything else makes d.Set return an error and store nothing: the API's teams handed over as []*TeamReference for a set of strings, an integer image ID for a string, an API's map for a one-element block list. The value is lost exactly as for an undeclared key (with no error check), or the function fails every time it runs (with one: a Read, and so every Create that ends with it). The check reports such a d.Set, naming the value's type and the attribute's, when the value's static type says enough (not an interface) and every resource or data source sharing the function declares the attribute with a type that refuses it.

The framework checks attribute paths when the data is handled, and refuses an undeclared one with an error diagnostic; the check reports it where it breaks a contract outright: a framework ImportState that calls resource.ImportStatePassthroughID or resp.State.SetAttribute with path.Root("x") for an attribute x the schema does not declare (often "id", which the framework, unlike the SDK, does not add) fails every import (IMPORT-1).

Left alone: data sources (their attributes are not kept in state; a wrong value type is reported in a function a data source shares with a resource), schemas the model cannot resolve in full (built by helpers from parameters, merged at run time), a function shared by several resources when any of them declares the key, a ResourceData built inside the function for another resource, and d.Get values only printed by a log call.

Runs by default: on the corpus and fifteen more providers it reported 21 findings, 19 of them real (undeclared keys 3 of 5: the other two are a misspelt d.Set whose value Read already holds under the right name and a HasChange in dead code; refused value types 16 of 16).`,
	Bad: `Schema: map[string]*schema.Schema{
	"s3_region": {Type: schema.TypeString, Required: true, ForceNew: true},
},
...
d.Set("S3_region", out.Region) // refused: s3_region stays empty after import`,
	Good: `d.Set("s3_region", out.Region)
// and a value of the attribute's type:
d.Set("teams", flattenTeams(out.Teams)) // []string for a TypeSet of strings, not []*TeamReference`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "SDK Create/Read/Update/importer/CustomizeDiff (and the helpers they hand d to) calling `d.Set`/`d.Get`/`d.GetOk`/`d.HasChange` with a constant key the resource's schema does not declare, or `d.Set` with a value whose Go type the attribute's SDK type refuses (an int for a TypeString, a struct or a map for a list); a framework ImportState setting `path.Root(\"x\")` for an undeclared x",
}
