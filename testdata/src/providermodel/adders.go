package providermodel

import (
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/providermodel/decor"
)

// A helper adding shared fields to the map handed to it: the resource's
// schema is its literal plus what the helper adds, also from another package.

func addAudit(m map[string]*sdkschema.Schema) { // want addAudit:`sdkschemamap adds to param 1 \{audit:bool/O\}`
	m["audit"] = &sdkschema.Schema{Type: sdkschema.TypeBool, Optional: true}
}

func roleResource() *sdkschema.Resource { // want roleResource:`sdk resource roleResource funcs\(Create=CreateContext\) schema v0\{audit:bool/O role:string/RF token_ttl:int/O token_type:string/OD\}`
	fields := map[string]*sdkschema.Schema{
		"role": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	}
	decor.AddTokenFields(fields, &decor.TokenConfig{})
	addAudit(fields)
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: fields}
}

// A helper adding under a condition, or changing an entry it did not add,
// is no adder: the map handed to it stays unresolved.
func addMaybe(m map[string]*sdkschema.Schema, on bool) {
	if on {
		m["extra"] = &sdkschema.Schema{Type: sdkschema.TypeString, Optional: true}
	}
}

func forceRole(m map[string]*sdkschema.Schema) {
	m["role"].ForceNew = false
	m["extra"] = &sdkschema.Schema{Type: sdkschema.TypeString, Optional: true}
}

func maybeResource() *sdkschema.Resource { // want maybeResource:`sdk resource maybeResource funcs\(Create=CreateContext\) schema unresolved`
	fields := map[string]*sdkschema.Schema{
		"role": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	}
	addMaybe(fields, true)
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: fields}
}

func forcedResource() *sdkschema.Resource { // want forcedResource:`sdk resource forcedResource funcs\(Create=CreateContext\) schema unresolved`
	fields := map[string]*sdkschema.Schema{
		"role": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	}
	forceRole(fields)
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: fields}
}

// An adder may return the map it is handed: assigned back to the local, the
// call adds to it; its result used as a value holds the additions only, so
// that schema stays unresolved. A helper returning another map is no adder.
func addPerms(m map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want addPerms:`sdkschemamap adds to param 1 \{manage:bool/O\}`
	m["manage"] = &sdkschema.Schema{Type: sdkschema.TypeBool, Optional: true}
	return m
}

func permsResource() *sdkschema.Resource { // want permsResource:`sdk resource permsResource funcs\(Create=CreateContext\) schema v0\{manage:bool/O role:string/RF\}`
	fields := map[string]*sdkschema.Schema{
		"role": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	}
	fields = addPerms(fields)
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: fields}
}

func permsValueResource() *sdkschema.Resource { // want permsValueResource:`sdk resource permsValueResource funcs\(Create=CreateContext\) schema unresolved`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: addPerms(map[string]*sdkschema.Schema{
		"role": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	})}
}

func addOther(m map[string]*sdkschema.Schema) map[string]*sdkschema.Schema { // want addOther:`sdkschemamap \{other:string/O\}`
	out := map[string]*sdkschema.Schema{"other": {Type: sdkschema.TypeString, Optional: true}}
	m["manage"] = &sdkschema.Schema{Type: sdkschema.TypeBool, Optional: true}
	return out
}

func otherResource() *sdkschema.Resource { // want otherResource:`sdk resource otherResource funcs\(Create=CreateContext\) schema unresolved`
	fields := map[string]*sdkschema.Schema{
		"role": {Type: sdkschema.TypeString, Required: true, ForceNew: true},
	}
	fields = addOther(fields)
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: fields}
}
