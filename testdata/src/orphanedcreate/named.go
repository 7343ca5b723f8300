package orphanedcreate

import (
	"context"

	"fixtures/orphanedcreate/api"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func namedProvider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_named":     {CreateContext: createNamed, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_namedsafe": {CreateContext: createNamedSafe, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_captured":  {CreateContext: createCaptured, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_members":   {CreateContext: createMembers, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
	}}
}

// The bug with an ID the provider builds from the configuration: the
// object is made under that name, a follow-up call fails before the ID is
// saved, and the next apply fails with "already exists".
func createNamed(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	id := api.NewIdentifier("db", d.Get("name").(string))
	if err := c.CreateNamed(id); err != nil {
		return diag.FromErr(err)
	}
	if err := c.Resume(id); err != nil {
		return diag.FromErr(err) // want `APPLY-3: Create of x_named returns an error after CreateNamed made the object`
	}
	d.SetId(id.String())
	return nil
}

// Safe twin: the ID is saved as soon as the object exists.
func createNamedSafe(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	id := api.NewIdentifier("db", d.Get("name").(string))
	if err := c.CreateNamed(id); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id.String())
	if err := c.Resume(id); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: the ID is the parent's key, taken from the import ID when there is
// one; adding members again on the next apply takes them over.
func createMembers(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	name := d.Get("name").(string)
	if d.Id() != "" && name == "" {
		name = d.Id()
	}
	id := api.NewIdentifier("db", name)
	if err := c.CreateNamed(id); err != nil {
		return diag.FromErr(err)
	}
	if err := c.Resume(id); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(name)
	return nil
}

// Safe: the parent's key again, in a variable a closure captures.
func createCaptured(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	name := d.Get("name").(string)
	if err := c.CreateNamed(api.NewIdentifier("db", name)); err != nil {
		return diag.FromErr(err)
	}
	resume := func() error { return c.Resume(api.NewIdentifier("db", name)) }
	if err := resume(); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(name)
	return nil
}
