package updaterejects

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type user struct{ Name, Email, Team, Role, Region, Zone, Kind, Plan string }

type client struct{}

func (client) get(string) (*user, error)   { return &user{}, nil }
func (client) put(string, user) error      { return nil }
func (client) rename(string, string) error { return nil }

func resourceUser() *schema.Resource {
	return &schema.Resource{
		CreateContext: userCreate,
		ReadContext:   userRead,
		UpdateContext: userUpdate,
		DeleteContext: userDelete,
		CustomizeDiff: userDiff,
		Schema: map[string]*schema.Schema{
			"username": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "username" of resourceUser can change in place \(Required, not ForceNew\), but userUpdate fails whenever it changes`
			"email":    {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "email" of resourceUser can change in place \(Optional, not ForceNew\)`
			"team":     {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "team" of resourceUser can change in place`
			"role":     {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "role" of resourceUser can change in place`
			"region":   {Type: schema.TypeString, Optional: true, ForceNew: true},
			"zone":     {Type: schema.TypeString, Optional: true}, // CustomizeDiff refuses the change at plan time
			"kind":     {Type: schema.TypeString, Optional: true}, // Update renames it through the API, then reports
			"plan":     {Type: schema.TypeString, Optional: true}, // refused only together with another condition
			"display":  {Type: schema.TypeString, Optional: true}, // Update sends it
		},
	}
}

func userCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId(d.Get("username").(string))
	return userRead(ctx, d, m)
}

func userRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	u, err := (client{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("username", u.Name)
	d.Set("email", u.Email)
	return nil
}

func immutable(key string) error { return fmt.Errorf("%s cannot be changed after creation", key) }

func userUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if d.HasChange("username") {
		log.Printf("[WARN] username of %s changed", d.Id())
		return diag.Errorf("username cannot be changed")
	}
	if d.HasChange("email") {
		return diag.FromErr(errors.New("email is immutable"))
	}
	for _, k := range []string{"team", "role"} {
		if d.HasChange(k) {
			return diag.FromErr(immutable(k))
		}
	}
	if d.HasChange("region") || d.HasChange("zone") {
		return diag.Errorf("region and zone cannot be changed")
	}
	if d.HasChange("kind") {
		if err := (client{}).rename(d.Id(), d.Get("kind").(string)); err != nil {
			return diag.FromErr(err)
		}
		return diag.Errorf("kind renamed: re-run apply")
	}
	if d.HasChange("plan") && d.Get("region").(string) == "eu" {
		return diag.Errorf("plan cannot be changed in eu")
	}
	if err := (client{}).put(d.Id(), user{Name: d.Get("display").(string)}); err != nil {
		return diag.FromErr(err)
	}
	return userRead(ctx, d, m)
}

func userDelete(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

func userDiff(ctx context.Context, d *schema.ResourceDiff, m any) error {
	if d.HasChange("zone") {
		return errors.New("zone cannot be changed")
	}
	return nil
}
