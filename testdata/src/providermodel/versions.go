package providermodel

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/samber/lo"

	"fixtures/providermodel/repobuild"
)

// Every version of a schema kept in a map keyed by the version, built by a
// function-valued variable from the resource's own attributes and handed to
// a builder of another package that picks one entry.

var repoBase = map[string]*schema.Schema{ // want repoBase:`sdkschemamap \{key:string/RF\}`
	"key": {Type: schema.TypeString, Required: true, ForceNew: true},
}

var getSchemas = func(s map[string]*schema.Schema) map[int16]map[string]*schema.Schema {
	return map[int16]map[string]*schema.Schema{
		0: repoBase,
		1: lo.Assign(repoBase, s),
	}
}

// A generator with a flag parameter, bound at the call.
var genMembers = func(required bool) map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"member": {Type: schema.TypeString, Required: required, Optional: !required},
	}
}

var widgetSchemas = getSchemas( // want widgetSchemas:`sdkversions \{0:\{key:string/RF\} 1:\{color:string/O key:string/RF member:string/R\}\}`
	lo.Assign(genMembers(true), map[string]*schema.Schema{
		"color": {Type: schema.TypeString, Optional: true},
	}))

func resourceWidgetRepo() *schema.Resource { // want resourceWidgetRepo:`sdk resource resourceWidgetRepo funcs\(Create=CreateContext\) schema v1\{color:string/O key:string/RF member:string/R\}`
	return repobuild.MkResource(widgetSchemas)
}

// A local built only to be handed to the builder.
func resourceGadgetRepo() *schema.Resource { // want resourceGadgetRepo:`sdk resource resourceGadgetRepo funcs\(Create=CreateContext\) schema v1\{key:string/RF member:string/O size:int/O\}`
	versions := getSchemas(repobuild.MergeMaps(genMembers(false), map[string]*schema.Schema{
		"size": {Type: schema.TypeInt, Optional: true},
	}))
	return repobuild.MkResource(versions)
}

// The schemas changed after they were built: not followed.
func resourceChangedRepo() *schema.Resource { // want resourceChangedRepo:`sdk resource resourceChangedRepo funcs\(Create=CreateContext\) schema unresolved`
	versions := getSchemas(repoBase)
	versions[1] = nil
	return repobuild.MkResource(versions)
}

// A local naming one entry, also handed to another function: that entry.
func dataWidgetRepo() *schema.Resource { // want dataWidgetRepo:`sdk datasource dataWidgetRepo funcs\(Read=ReadContext\) schema v0\{color:string/O key:string/RF member:string/R\}`
	s := widgetSchemas[1]
	return &schema.Resource{Schema: s, ReadContext: readWith(s)}
}

// The local is changed: not the package's value any more.
func dataChangedRepo() *schema.Resource { // want dataChangedRepo:`sdk datasource dataChangedRepo funcs\(Read=ReadContext\) schema unresolved`
	s := widgetSchemas[1]
	s["extra"] = &schema.Schema{Type: schema.TypeString, Computed: true}
	return &schema.Resource{Schema: s, ReadContext: readWith(s)}
}

func readWith(map[string]*schema.Schema) schema.ReadContextFunc { return nil }
