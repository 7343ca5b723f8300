// Package models holds a resource's model types, apart from the resource.
package models

import "github.com/hashicorp/terraform-plugin-framework/types"

// WidgetV0 is the state of widget at schema version 0.
type WidgetV0 struct {
	ID   types.String `tfsdk:"id"`
	Name types.String `tfsdk:"name"`
}
