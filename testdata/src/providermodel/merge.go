package providermodel

import (
	"maps"

	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A schema merged from shared maps by a helper resolves to the union.

var baseAttrs = map[string]*sdkschema.Schema{ // want baseAttrs:`sdkschemamap \{index:string/RF title:string/R\}`
	"index": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	"title": {Type: sdkschema.TypeString, Required: true},
}

func buildSchema(schemas ...map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want buildSchema:`sdkschemamap merger`
	r := map[string]*sdkschema.Schema{}
	for _, s := range schemas {
		for k, v := range s {
			r[k] = v
		}
	}
	return r
}

func mergeInto(dst, src map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want mergeInto:`sdkschemamap merger`
	maps.Copy(dst, src)
	return dst
}

func merged() *sdkschema.Resource { // want merged:`sdk resource merged funcs\(Create=CreateContext\) schema v0\{index:string/RF scope:string/O title:string/O\}`
	return &sdkschema.Resource{
		CreateContext: sdkOp,
		Schema: buildSchema(baseAttrs, map[string]*sdkschema.Schema{
			"scope": {Type: sdkschema.TypeString, Optional: true},
		}, mergeInto(map[string]*sdkschema.Schema{}, map[string]*sdkschema.Schema{
			"title": {Type: sdkschema.TypeString, Optional: true},
		})),
	}
}

// A helper that does more than copy is not a merger: unresolved.
func filtered(schemas ...map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want filtered:`sdkschemamap unresolved`
	r := map[string]*sdkschema.Schema{}
	for _, s := range schemas {
		for k, v := range s {
			if !v.Computed {
				r[k] = v
			}
		}
	}
	return r
}

func filteredRes() *sdkschema.Resource { // want filteredRes:`sdk resource filteredRes funcs\(Create=CreateContext\) schema unresolved`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: filtered(baseAttrs)}
}

// An old version kept only for a state upgrader's Type is not a resource.
func widgetV0() *sdkschema.Resource {
	return &sdkschema.Resource{
		CreateContext: sdkOp,
		Schema: map[string]*sdkschema.Schema{
			"zone": {Type: sdkschema.TypeString, Required: true},
		},
	}
}

var widgetV0Type = widgetV0().CoreConfigSchema().ImpliedType()

// A literal extended by copying a shared map into it resolves to the union.
func extendedFields() map[string]*sdkschema.Schema { // want extendedFields:`sdkschemamap \{index:string/RF owner:string/R title:string/R\}`
	s := map[string]*sdkschema.Schema{
		"owner": {Type: sdkschema.TypeString, Required: true},
	}
	for k, v := range baseAttrs {
		s[k] = v
	}
	return s
}

// A copy that filters is not a plain copy: unresolved.
func extendedFiltered() map[string]*sdkschema.Schema { // want extendedFiltered:`sdkschemamap unresolved`
	s := map[string]*sdkschema.Schema{
		"owner": {Type: sdkschema.TypeString, Required: true},
	}
	for k, v := range baseAttrs {
		if k != "title" {
			s[k] = v
		}
	}
	return s
}

// A merger writing into its first map through a local name for it.
func mergeAlias(a, b map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want mergeAlias:`sdkschemamap merger`
	result := a
	for k, v := range b {
		result[k] = v
	}
	return result
}

// A resource built from a shared base, its schema merged with more
// attributes and its Read replaced.
func baseResource() *sdkschema.Resource { // want baseResource:`sdk datasource baseResource funcs\(Delete=DeleteContext\) schema v0\{alias:string/RF\}`
	return &sdkschema.Resource{
		DeleteContext: sdkOp,
		Schema: map[string]*sdkschema.Schema{
			"alias": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
		},
	}
}

func derived() *sdkschema.Resource { // want derived:`sdk resource derived funcs\(Create=CreateContext,Delete=DeleteContext\) schema v0\{alias:string/RF extra:string/O\}`
	r := baseResource()
	r.Schema = mergeAlias(r.Schema, map[string]*sdkschema.Schema{
		"extra": {Type: sdkschema.TypeString, Optional: true},
	})
	r.CreateContext = sdkOp
	return r
}

// A helper handed the base's schema without assigning the result back may
// change it out of sight: unresolved.
func addCommon(s map[string]*sdkschema.Schema) { s["common"] = &sdkschema.Schema{Type: sdkschema.TypeString, Optional: true} } // want addCommon:`sdkschemamap adds to param 1 \{common:string/O\}`

func derivedOpaque() *sdkschema.Resource { // want derivedOpaque:`sdk  derivedOpaque funcs\(\) schema unresolved`
	r := baseResource()
	addCommon(r.Schema)
	r.CreateContext = sdkOp
	return r
}

// A version's schema copied from the previous one, then a flag changed.
func nextFields() map[string]*sdkschema.Schema { // want nextFields:`sdkschemamap \{index:string/OCF owner:string/O title:string/R\}`
	s := map[string]*sdkschema.Schema{
		"owner": {Type: sdkschema.TypeString, Optional: true},
	}
	maps.Copy(s, baseFields())
	s["index"].Computed = true
	s["index"].Deprecated = "use owner"
	return s
}

func baseFields() map[string]*sdkschema.Schema { // want baseFields:`sdkschemamap \{index:string/OF title:string/R\}`
	return map[string]*sdkschema.Schema{
		"index": {Type: sdkschema.TypeString, Optional: true, ForceNew: true},
		"title": {Type: sdkschema.TypeString, Required: true},
	}
}

// A change the model cannot follow leaves the map unresolved.
func nextUnknown(flag bool) map[string]*sdkschema.Schema { // want nextUnknown:`sdkschemamap unresolved`
	s := baseFields()
	s["index"].Computed = flag
	return s
}

// A version's schema built on the previous version's resource.
func nextOfResource() map[string]*sdkschema.Schema { // want nextOfResource:`sdkschemamap \{alias:string/RF owner:string/O\}`
	s := map[string]*sdkschema.Schema{
		"owner": {Type: sdkschema.TypeString, Optional: true},
	}
	maps.Copy(s, baseResource().Schema)
	return s
}

// The extra attributes named by a local, handed to the merger.
func derivedLocal() *sdkschema.Resource { // want derivedLocal:`sdk resource derivedLocal funcs\(Create=CreateContext,Delete=DeleteContext\) schema v0\{alias:string/RF extra:string/O\}`
	extra := map[string]*sdkschema.Schema{
		"extra": {Type: sdkschema.TypeString, Optional: true},
	}
	r := baseResource()
	r.Schema = mergeAlias(r.Schema, extra)
	r.CreateContext = sdkOp
	return r
}

// A helper that copies one map into another as maps.Copy does, panicking
// on a clash (vsphere's structure.MergeSchema), stands for maps.Copy.
func copySchema(dst, src map[string]*sdkschema.Schema) { // want copySchema:`summary\(copiesinto\)`
	for k, v := range src {
		if _, ok := dst[k]; ok {
			panic("conflicting schema key: " + k)
		}
		dst[k] = v
	}
}

func copiedFields() map[string]*sdkschema.Schema { // want copiedFields:`sdkschemamap \{index:string/OF owner:string/O title:string/R\}`
	s := map[string]*sdkschema.Schema{
		"owner": {Type: sdkschema.TypeString, Optional: true},
	}
	copySchema(s, baseFields())
	return s
}

// Writing anything else into dst is no copy: the map is left unresolved.
func copyRenamed(dst, src map[string]*sdkschema.Schema) {
	for k, v := range src {
		dst["x_"+k] = v
	}
}

func renamedFields() map[string]*sdkschema.Schema { // want renamedFields:`sdkschemamap unresolved`
	s := map[string]*sdkschema.Schema{
		"owner": {Type: sdkschema.TypeString, Optional: true},
	}
	copyRenamed(s, baseFields())
	return s
}
