// Package sdkv1 holds an SDK v1 resource: d.Set stores values the same way.
package sdkv1

import (
	"github.com/hashicorp/terraform-plugin-sdk/helper/schema"
)

type teamReference struct{ ID string }

type user struct {
	Name  string
	Teams []*teamReference
}

func resourceUser() *schema.Resource {
	return &schema.Resource{
		Create: userCreate,
		Read:   userRead,
		Delete: userDelete,
		Schema: map[string]*schema.Schema{
			"name":  {Type: schema.TypeString, Required: true, ForceNew: true},
			"teams": {Type: schema.TypeSet, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"addons": {Type: schema.TypeList, Optional: true, ForceNew: true, MaxItems: 1, Elem: &schema.Resource{
				Schema: map[string]*schema.Schema{"slack": {Type: schema.TypeBool, Optional: true}},
			}},
		},
	}
}

func userCreate(d *schema.ResourceData, meta interface{}) error {
	d.SetId(d.Get("name").(string))
	return userRead(d, meta)
}

func userRead(d *schema.ResourceData, meta interface{}) error {
	u := &user{}
	addons := map[string]interface{}{"slack": true}
	d.Set("name", u.Name)
	d.Set("teams", u.Teams)                         // want `IMPORT-3: d.Set\("teams", \[\]\*sdkv1.teamReference\) in userRead: "teams" is a TypeSet of strings`
	if err := d.Set("addons", addons); err != nil { // want `IMPORT-3: d.Set\("addons", map\[string\]interface\{\}\) in userRead: "addons" is a TypeList of blocks, and a list takes a slice, not map\[string\]interface\{\}; d.Set returns an error, which this code checks`
		return err
	}
	return d.Set("addons", []interface{}{addons}) // the safe twin
}

func userDelete(d *schema.ResourceData, meta interface{}) error { return nil }
