// Package base gives fixtures the lifecycle methods they do not test.
package base

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

type Resource struct{}

func (Resource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_thing"
}
func (Resource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (Resource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (Resource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (Resource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// CRD has every lifecycle method but Update.
type CRD struct{}

func (CRD) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_thing"
}
func (CRD) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (CRD) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (CRD) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type DataSource struct{}

func (DataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_thing"
}
func (DataSource) Read(context.Context, datasource.ReadRequest, *datasource.ReadResponse) {}
