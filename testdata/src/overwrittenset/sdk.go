package overwrittenset

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type role struct {
	Replication, BypassRLS bool
	Name                   string
}

func lookup(id string) (*role, error) { return &role{}, nil }

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_role": {Create: create, Read: read, Delete: remove, Schema: map[string]*schema.Schema{
			"name":                      {Type: schema.TypeString, Required: true, ForceNew: true},
			"replication":               {Type: schema.TypeBool, Optional: true, ForceNew: true},
			"bypass_row_level_security": {Type: schema.TypeBool, Optional: true, ForceNew: true},
		}},
	}}
}

func create(d *schema.ResourceData, meta any) error { d.SetId("x"); return read(d, meta) }
func remove(d *schema.ResourceData, meta any) error { return nil }

func read(d *schema.ResourceData, meta any) error {
	r, err := lookup(d.Id())
	if err != nil {
		return err
	}
	var replication, bypass bool
	scan(&replication, &bypass) // locals whose address is taken: loaded again for each save
	d.Set("name", r.Name)
	d.Set("replication", replication) // want `APPLY-2: "replication" is saved here and saved again, with another value, before anything reads it`
	d.Set("replication", bypass)
	setDefaults(d, r)
	setConfig(d, r)
	return nil
}

// A default overridden on one branch only, a value saved twice alike, a
// save read back in between: all deliberate.
func setDefaults(d *schema.ResourceData, r *role) {
	d.Set("bypass_row_level_security", false)
	if r.BypassRLS {
		d.Set("bypass_row_level_security", true)
	}
	d.Set("name", r.Name)
	d.Set("name", r.Name)
	d.Set("replication", r.Replication)
	if d.Get("replication").(bool) {
		d.Set("replication", r.BypassRLS)
	}
}

// The second value refines the first (normalised): a leftover, not a slip.
func setConfig(d *schema.ResourceData, r *role) {
	d.Set("name", r.Name)
	d.Set("name", normalize(r.Name))
}

func normalize(s string) string { return s }

func scan(dst ...*bool) {}
