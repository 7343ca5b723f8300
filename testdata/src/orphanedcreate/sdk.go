package orphanedcreate

import (
	"context"
	"fmt"

	"fixtures/orphanedcreate/api"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_waits":     {CreateContext: createWaits, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_waitsafe":  {CreateContext: createWaitSafe, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_tags":      {CreateContext: createTags, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_cleans":    {CreateContext: createCleans, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_noid":      {CreateContext: createNoID, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_settings":  {CreateContext: createSettings, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_handsover": {CreateContext: createHandsOver, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_feature":   {CreateContext: createFeature, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_task":      {CreateContext: createTask, ReadContext: readAny, DeleteContext: forget, Schema: sdkSchema()},
		"x_parent":    {CreateContext: createParent, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
	}}
}

func sdkSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name": {Type: schema.TypeString, Required: true, ForceNew: true},
		"tags": {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
	}
}

func readAny(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }
func deleteAny(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(api.Client{}.DeleteObject(d.Id()))
}

// forget is the Delete of a resource that stands for an action: there is
// nothing to delete.
func forget(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

// The bug: the wait for the object fails after it was made and before its
// ID is saved; Terraform keeps nothing and the object is left behind.
func createWaits(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.WaitReady(*out.ID); err != nil {
		return diag.FromErr(err) // want `APPLY-3: Create of x_waits returns an error after CreateObject made the object and before d.SetId saves its ID`
	}
	d.SetId(*out.ID)
	return nil
}

// Safe twin: the ID is saved first, so a failed wait taints the resource.
func createWaitSafe(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	if err := c.WaitReady(*out.ID); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// The bug through a second call that edits what was made (tags set apart).
func createTags(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.Tag(*out.ID, nil); err != nil {
		return diag.Errorf("tagging %s: %s", *out.ID, err) // want `APPLY-3: Create of x_tags returns an error after CreateObject made the object`
	}
	d.SetId(fmt.Sprintf("x/%s", *out.ID))
	return nil
}

// Safe twin: the object is deleted again before the error is returned.
func createCleans(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.Tag(*out.ID, nil); err != nil {
		_ = c.DeleteObject(*out.ID)
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	return nil
}

// Safe: the answer holds no ID; there is nothing the provider could save.
func createNoID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	out, err := api.Client{}.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if out.ID == nil {
		return diag.Errorf("no ID in the answer")
	}
	d.SetId(*out.ID)
	return nil
}

// Safe: the ID comes from a lookup of something that exists already (a
// settings resource); nothing is made before the failure.
func createSettings(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.GetObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.Tag(*out.ID, nil); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	return nil
}

// Safe: d is handed to a helper that may save the ID before the error.
func createHandsOver(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := finish(d, out); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	return nil
}

func finish(d *schema.ResourceData, out *api.Object) error {
	d.SetId(*out.ID)
	return api.Client{}.WaitReady(*out.ID)
}

// Safe: an action (its Delete asks the API nothing); a failed wait loses
// nothing a tainted resource would keep.
func createTask(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.WaitReady(*out.ID); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	return nil
}

// Safe: the ID is the parent's key (settings of an object named by "name"):
// the next apply sets them again.
func createParent(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	name := d.Get("name").(string)
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

// Safe: the ID comes from an update of something that exists (a feature
// switched on): nothing new is left behind when the next call fails.
func createFeature(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	out, err := c.UpdateSettings(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.Tag(*out.ID, nil); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	return nil
}
