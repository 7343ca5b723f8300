package parentkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/parentkey/api"
)

// A user is addressed by its username, which Create takes back from the
// request as the ID. Update starts its request from the ID but a helper
// then writes the planned username over it: a rename asks for a user that
// does not exist.
func resourceUser() *schema.Resource {
	return &schema.Resource{CreateContext: userCreate, ReadContext: userRead, UpdateContext: userUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"username": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "username" of resourceUser can change in place \(Required, not ForceNew\), but Update writes it into User.Username, the field Create sets the resource ID from, and hands that request to the API \(UpdateUser\)`
			"email":    {Type: schema.TypeString, Required: true},
		}}
}

func toUser(u *api.User, d *schema.ResourceData) {
	u.Username = d.Get("username").(string)
	u.Email = d.Get("email").(string)
}

func userToData(d *schema.ResourceData, u *api.User) {
	d.SetId(u.Username)
	d.Set("email", u.Email)
}

func userCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	u := api.User{}
	toUser(&u, d)
	if err := m.(*api.Client).CreateUser(&u); err != nil {
		return diag.FromErr(err)
	}
	userToData(d, &u)
	return nil
}

func userRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	u, err := m.(*api.Client).GetUser(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	userToData(d, u)
	return nil
}

func userUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	u := api.User{Username: d.Id()}
	toUser(&u, d)
	if err := m.(*api.Client).UpdateUser(&u); err != nil {
		return diag.FromErr(err)
	}
	userToData(d, &u)
	return nil
}

// The safe twin puts the ID back into the request after the helper.
func resourceUserByID() *schema.Resource {
	return &schema.Resource{CreateContext: userCreate, ReadContext: userRead, UpdateContext: userUpdateByID, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"username": {Type: schema.TypeString, Required: true},
			"email":    {Type: schema.TypeString, Required: true},
		}}
}

func userUpdateByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	u := api.User{}
	toUser(&u, d)
	u.Username = d.Id()
	if err := m.(*api.Client).UpdateUser(&u); err != nil {
		return diag.FromErr(err)
	}
	userToData(d, &u)
	return nil
}
