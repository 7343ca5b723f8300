// Package repobuild builds SDK resources from a versioned schema map handed
// in, in a package of its own so that the builder travels as a fact.
package repobuild

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// MkResource picks the current version of the schemas it is handed.
func MkResource(schemas map[int16]map[string]*schema.Schema) *schema.Resource { // want MkResource:`sdk resource MkResource funcs\(Create=CreateContext\) schema unresolved`
	return &schema.Resource{
		CreateContext: create,
		Schema:        schemas[1],
		SchemaVersion: 1,
	}
}

// MergeMaps is a generic merger: later maps win.
func MergeMaps[K comparable, V any](maps ...map[K]V) map[K]V { // want MergeMaps:`generic merger`
	out := map[K]V{}
	for _, m := range maps {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func create(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil } // want create:`datakeys\(; sets \)`
