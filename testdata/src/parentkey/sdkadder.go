package parentkey

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// The same user, its schema extended by a helper that adds shared fields
// and returns the map (s = addNotify(s)): the schema resolves, and the
// username that Update writes over the ID is reported as above.
func addNotify(s map[string]*schema.Schema) map[string]*schema.Schema {
	s["notify"] = &schema.Schema{Type: schema.TypeBool, Optional: true}
	return s
}

func resourceUserShared() *schema.Resource {
	s := map[string]*schema.Schema{
		"username": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "username" of resourceUserShared can change in place \(Required, not ForceNew\), but Update writes it into User.Username`
		"email":    {Type: schema.TypeString, Required: true},
	}
	s = addNotify(s)
	return &schema.Resource{CreateContext: userCreate, ReadContext: userRead, UpdateContext: userUpdate, DeleteContext: remove, Schema: s}
}

// The safe twin: username is ForceNew, a change makes a new user.
func resourceUserSharedForceNew() *schema.Resource {
	s := map[string]*schema.Schema{
		"username": {Type: schema.TypeString, Required: true, ForceNew: true},
		"email":    {Type: schema.TypeString, Required: true},
	}
	s = addNotify(s)
	return &schema.Resource{CreateContext: userCreate, ReadContext: userRead, UpdateContext: userUpdate, DeleteContext: remove, Schema: s}
}
