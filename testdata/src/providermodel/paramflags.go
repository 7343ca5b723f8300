package providermodel

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A helper taking its flags as parameters: unknown in the helper, bound by
// each call passing constants, also through a helper relaying its own
// parameter. A flag that is neither a constant nor a parameter keeps the
// attribute Uncertain whatever the call passes.

func selectorFields(updatable bool) map[string]*sdkschema.Schema { // want selectorFields:`sdkschemamap \{key:string/O\? match:block list/O\?\{operator:string/O\?\}\}`
	return map[string]*sdkschema.Schema{
		"key": {Type: sdkschema.TypeString, Optional: true, ForceNew: !updatable},
		"match": {Type: sdkschema.TypeList, Optional: true, ForceNew: !updatable, Elem: &sdkschema.Resource{
			Schema: map[string]*sdkschema.Schema{
				"operator": {Type: sdkschema.TypeString, Optional: true, ForceNew: !updatable},
			},
		}},
	}
}

func specFields(updatable, computed bool) map[string]*sdkschema.Schema { // want specFields:`sdkschemamap \{selector:block list/O\?\{key:string/O\? match:block list/O\?\{operator:string/O\?\}\}\}`
	return map[string]*sdkschema.Schema{
		"selector": {Type: sdkschema.TypeList, Optional: true, Computed: computed, Elem: &sdkschema.Resource{
			Schema: selectorFields(updatable),
		}},
	}
}

var defaultReplace = false

func mixedFields(updatable bool) map[string]*sdkschema.Schema { // want mixedFields:`sdkschemamap \{name:string/O\?\}`
	return map[string]*sdkschema.Schema{
		"name": {Type: sdkschema.TypeString, Optional: true, ForceNew: !updatable, Computed: defaultReplace},
	}
}

func boundResource() *sdkschema.Resource { // want boundResource:`sdk resource boundResource funcs\(Create=CreateContext\) schema v0\{selector:block list/OC\{key:string/OF match:block list/OF\{operator:string/OF\}\}\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: specFields(false, true)}
}

func boundUpdatable() *sdkschema.Resource { // want boundUpdatable:`sdk resource boundUpdatable funcs\(Create=CreateContext\) schema v0\{key:string/O match:block list/O\{operator:string/O\}\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: selectorFields(true)}
}

func boundMixed() *sdkschema.Resource { // want boundMixed:`sdk resource boundMixed funcs\(Create=CreateContext\) schema v0\{name:string/O\?\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: mixedFields(true)}
}

func boundData() *sdkschema.Resource { // want boundData:`sdk datasource boundData funcs\(Read=ReadContext\) schema v0\{selector:block list/O\{key:string/O\? match:block list/O\?\{operator:string/O\?\}\}\}`
	return &sdkschema.Resource{ReadContext: sdkOp, Schema: specFields(readOnly(), false)}
}

func readOnly() bool { return false }

// The framework: an attribute helper with a Computed parameter.
func nameAttr(computed bool) schema.StringAttribute { // want nameAttr:`attr \{:string/O\?\}`
	return schema.StringAttribute{Optional: true, Computed: computed}
}

type boundFw struct{} // want boundFw:`resource boundFw schema v0\{label:string/O name:string/OC\}`

func (boundFw) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_bound"
}

func (boundFw) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{
		"name":  nameAttr(true),
		"label": nameAttr(false),
	}}
}

func (boundFw) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (boundFw) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (boundFw) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (boundFw) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// A parameter the helper reassigns no longer tells the flag: it stays
// Uncertain whatever the call passes.
func flippedFields(updatable bool) map[string]*sdkschema.Schema { // want flippedFields:`sdkschemamap \{name:string/O\?\}`
	updatable = !updatable
	return map[string]*sdkschema.Schema{
		"name": {Type: sdkschema.TypeString, Optional: true, ForceNew: updatable},
	}
}

func boundFlipped() *sdkschema.Resource { // want boundFlipped:`sdk resource boundFlipped funcs\(Create=CreateContext\) schema v0\{name:string/O\?\}`
	return &sdkschema.Resource{CreateContext: sdkOp, Schema: flippedFields(true)}
}
