package datasourceremove

import (
	"context"
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/base"
)

type network struct{ base.DataSource }

func (network) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"name": schema.StringAttribute{Required: true}}}
}

func (network) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if lookup() == nil {
		resp.State.RemoveResource(ctx) // want `READ-4: data source network removes itself from state in Read`
		return
	}
}

// Safe: the removal is followed by an error diagnostic, which Terraform
// reports instead of a null object.
type subnet struct{ base.DataSource }

func (subnet) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{Attributes: map[string]schema.Attribute{"name": schema.StringAttribute{Required: true}}}
}

func (subnet) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	if err := lookup(); err != nil {
		if errors.Is(err, errMissing) {
			resp.State.RemoveResource(ctx)
		}
		resp.Diagnostics.AddError("reading subnet", err.Error())
		return
	}
}

var errMissing = errors.New("missing")

// Safe: a resource removing itself in Read is READ-2's correct behaviour.
type thing struct{ base.Resource }

func (thing) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	if lookup() == nil {
		resp.State.RemoveResource(ctx)
	}
}

func lookup() error { return errors.New("x") }

func dataNetwork() *sdkschema.Resource {
	return &sdkschema.Resource{
		Read:   readNetwork,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true}},
	}
}

func readNetwork(d *sdkschema.ResourceData, _ any) error {
	if lookup() != nil {
		d.SetId("") // want `READ-4: data source dataNetwork clears its ID in Read`
		return nil
	}
	d.SetId("net-1")
	return nil
}

// Safe: the ID is cleared but the Read fails with an error anyway.
func dataBucket() *sdkschema.Resource {
	return &sdkschema.Resource{
		Read:   readBucket,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true}},
	}
}

func readBucket(d *sdkschema.ResourceData, _ any) error {
	if err := lookup(); err != nil {
		d.SetId("")
		return errors.New("bucket not found")
	}
	d.SetId("bucket-1")
	return nil
}

// Read never gives the data source an ID: its state is null.
func dataMembers() *sdkschema.Resource {
	return &sdkschema.Resource{
		Read:   readMembers,
		Schema: map[string]*sdkschema.Schema{"emails": {Type: sdkschema.TypeList, Required: true, Elem: &sdkschema.Schema{Type: sdkschema.TypeString}}},
	}
}

func readMembers(d *sdkschema.ResourceData, _ any) error { // want `READ-4: data source dataMembers never sets an ID in Read`
	if err := lookup(); err != nil {
		return err
	}
	return d.Set("emails", []string{"a@example.com"})
}

// Safe: a helper of the package sets the ID.
func dataTeam() *sdkschema.Resource {
	return &sdkschema.Resource{
		Read:   readTeam,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true}},
	}
}

func setTeamID(d *sdkschema.ResourceData) { d.SetId(d.Get("name").(string)) }

func readTeam(d *sdkschema.ResourceData, _ any) error {
	if err := lookup(); err != nil {
		return err
	}
	setTeamID(d)
	return nil
}

// Safe: d goes to a function value the check cannot follow.
func dataOpaque() *sdkschema.Resource {
	return &sdkschema.Resource{
		Read:   readOpaque,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true}},
	}
}

var fill = func(d *sdkschema.ResourceData) {}

func readOpaque(d *sdkschema.ResourceData, _ any) error {
	fill(d)
	return nil
}

// Safe: a retired data source whose Read always fails says so itself.
func dataRetired() *sdkschema.Resource {
	return &sdkschema.Resource{
		Read:   readRetired,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true}},
	}
}

func readRetired(d *sdkschema.ResourceData, _ any) error {
	return errors.New("this data source has reached end of life")
}
