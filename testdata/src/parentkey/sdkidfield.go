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
			"username": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "username" of resourceUser can change in place \(Required, not ForceNew\), but Update writes it into User.Username, the field that holds the object.s ID .*, and hands that request to the API \(UpdateUser\)`
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

// Each request names the network in its Name field, Read's with d.Id();
// Update's names it with the planned name: a rename asks for a network
// that does not exist.
func resourceNetwork() *schema.Resource {
	return &schema.Resource{CreateContext: networkCreate, ReadContext: networkRead, UpdateContext: networkUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "name" of resourceNetwork can change in place \(Required, not ForceNew\), but Update writes it into UpdateNetworkInput.Name`
			"prefix": {Type: schema.TypeString, Required: true},
		}}
}

func networkCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	info, err := m.(*api.Client).CreateNetwork(&api.CreateNetworkInput{Name: d.Get("name").(string), Prefix: d.Get("prefix").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(info.Name)
	return networkRead(ctx, d, m)
}

func networkRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	info, err := m.(*api.Client).GetNetwork(&api.GetNetworkInput{Name: d.Id()})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("prefix", info.Prefix)
	return nil
}

func networkUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	input := &api.UpdateNetworkInput{Name: d.Get("name").(string), Prefix: d.Get("prefix").(string)}
	info, err := m.(*api.Client).UpdateNetwork(input)
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(info.Name)
	return nil
}

// The safe twin names the network by its ID and sends the name as a value.
func resourceNetworkByID() *schema.Resource {
	return &schema.Resource{CreateContext: networkCreate, ReadContext: networkRead, UpdateContext: networkUpdateByID, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true},
			"prefix": {Type: schema.TypeString, Required: true},
		}}
}

func networkUpdateByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	input := &api.UpdateNetworkInput{Name: d.Id(), Description: d.Get("name").(string), Prefix: d.Get("prefix").(string)}
	_, err := m.(*api.Client).UpdateNetwork(input)
	return diag.FromErr(err)
}
