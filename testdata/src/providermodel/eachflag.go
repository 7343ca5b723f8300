package providermodel

import (
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A data source reuses a resource's schema map, turns every attribute
// computed in a loop, then takes a few as arguments: each attribute gets the
// loop's flags, then the later changes.

func recordSchema() map[string]*sdkschema.Schema { // want recordSchema:`sdkschemamap \{id:string/RF name:string/O size:int/O\}`
	return map[string]*sdkschema.Schema{
		"id":   {Type: sdkschema.TypeString, Required: true, ForceNew: true},
		"name": {Type: sdkschema.TypeString, Optional: true},
		"size": {Type: sdkschema.TypeInt, Optional: true},
	}
}

func recordData() *sdkschema.Resource { // want recordData:`sdk datasource recordData funcs\(Read=ReadContext\) schema v0\{id:string/OC name:string/OC size:int/C tag:string/O\}`
	s := recordSchema()
	for _, f := range s {
		f.Computed = true
		f.Required = false
		f.Optional = false
		f.ForceNew = false
		f.ValidateFunc = nil
	}
	s["id"].Optional = true
	s["id"].ExactlyOneOf = []string{"id", "name"}
	s["name"].Optional = true
	s["name"].ExactlyOneOf = []string{"id", "name"}
	s["tag"] = &sdkschema.Schema{Type: sdkschema.TypeString, Optional: true}
	return &sdkschema.Resource{ReadContext: sdkOp, Schema: s}
}

// A loop whose change depends on the attribute's name, or sets a flag to a
// value not known here, cannot be followed: unresolved.
func recordByName() *sdkschema.Resource { // want recordByName:`sdk datasource recordByName funcs\(Read=ReadContext\) schema unresolved`
	s := recordSchema()
	for k, f := range s {
		f.Computed = k != "id"
	}
	return &sdkschema.Resource{ReadContext: sdkOp, Schema: s}
}

func recordFlag(computed bool) *sdkschema.Resource { // want recordFlag:`sdk datasource recordFlag funcs\(Read=ReadContext\) schema unresolved`
	s := recordSchema()
	for _, f := range s {
		f.Computed = computed
	}
	return &sdkschema.Resource{ReadContext: sdkOp, Schema: s}
}
