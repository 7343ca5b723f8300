package providermodel

import (
	"maps"

	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/samber/lo"
)

// Library functions returning a new map of their arguments' entries, later
// ones winning (lo.Assign, maps.Clone), merge schemas like a merger helper.

var loAssigned = lo.Assign(baseAttrs, map[string]*sdkschema.Schema{ // want loAssigned:`sdkschemamap \{index:string/RF title:string/O zone:string/O\}`
	"title": {Type: sdkschema.TypeString, Optional: true},
	"zone":  {Type: sdkschema.TypeString, Optional: true},
})

func loAssignedRes() *sdkschema.Resource { // want loAssignedRes:`sdk resource loAssignedRes funcs\(Create=CreateContext\) schema v0\{index:string/RF title:string/O zone:string/O\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: loAssigned}
}

func clonedRes() *sdkschema.Resource { // want clonedRes:`sdk resource clonedRes funcs\(Create=CreateContext\) schema v0\{index:string/RF title:string/R\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: maps.Clone(baseAttrs)}
}

// lo.Filter hands the entries to a predicate: not a merger.
func loFilteredRes() *sdkschema.Resource { // want loFilteredRes:`sdk resource loFilteredRes funcs\(Create=CreateContext\) schema unresolved`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: lo.PickBy(baseAttrs, func(_ string, v *sdkschema.Schema) bool { return v.Required })}
}
