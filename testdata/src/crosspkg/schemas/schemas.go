// Package schemas builds schemas that package resources uses.
package schemas

import (
	fwschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// ID is a shared framework attribute.
var ID = fwschema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}}

// Common returns attributes every resource has.
func Common() map[string]fwschema.Attribute {
	return map[string]fwschema.Attribute{
		"id":   ID,
		"name": fwschema.StringAttribute{Required: true},
	}
}

// Widget is a whole framework schema, version 2.
func Widget() fwschema.Schema {
	return fwschema.Schema{Version: 2, Attributes: Common()}
}

// Name is a shared SDK field.
func Name() *schema.Schema {
	return &schema.Schema{Type: schema.TypeString, Required: true}
}

// Gadget is an SDK schema map.
func Gadget() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name":   Name(),
		"labels": {Type: schema.TypeList, Optional: true, Elem: Label()},
	}
}

// Label is a nested SDK block.
func Label() *schema.Resource {
	return &schema.Resource{Schema: map[string]*schema.Schema{"key": {Type: schema.TypeString, Required: true}}}
}
