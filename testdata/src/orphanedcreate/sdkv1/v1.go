// Package sdkv1: the same shape in an SDK v1 provider (errors, not diagnostics).
package sdkv1

import (
	"fixtures/orphanedcreate/api"

	"github.com/hashicorp/terraform-plugin-sdk/helper/schema"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"y_waits":    {Create: createWaits, Read: readAny, Delete: deleteAny, Schema: v1Schema()},
		"y_waitsafe": {Create: createWaitSafe, Read: readAny, Delete: deleteAny, Schema: v1Schema()},
	}}
}

func v1Schema() map[string]*schema.Schema {
	return map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}
}

func readAny(d *schema.ResourceData, m interface{}) error { return nil }
func deleteAny(d *schema.ResourceData, m interface{}) error {
	return api.Client{}.DeleteObject(d.Id())
}

// The bug: the wait fails before the ID is saved.
func createWaits(d *schema.ResourceData, m interface{}) error {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return err
	}
	if err := c.WaitReady(*out.ID); err != nil {
		return err // want `APPLY-3: Create of y_waits returns an error after CreateObject made the object`
	}
	d.SetId(*out.ID)
	return readAny(d, m)
}

// Safe twin: the ID is saved before the wait.
func createWaitSafe(d *schema.ResourceData, m interface{}) error {
	c := api.Client{}
	out, err := c.CreateObject(d.Get("name").(string))
	if err != nil {
		return err
	}
	d.SetId(*out.ID)
	if err := c.WaitReady(*out.ID); err != nil {
		return err
	}
	return readAny(d, m)
}
