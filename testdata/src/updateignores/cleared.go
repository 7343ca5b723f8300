package updateignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type grant struct {
	ID, ClientID, Audience *string
	Scope                  []string
}

type grantClient struct{}

func (grantClient) create(*grant) error         { return nil }
func (grantClient) read(string) (*grant, error) { return &grant{}, nil }
func (grantClient) update(string, *grant) error { return nil }

func optString(d *schema.ResourceData, k string) *string {
	if v, ok := d.GetOk(k); ok {
		s := v.(string)
		return &s
	}
	return nil
}

// buildGrant is shared by Create and Update.
func buildGrant(d *schema.ResourceData) *grant {
	g := &grant{
		ClientID: optString(d, "client_id"),
		Audience: optString(d, "audience"),
	}
	for _, s := range d.Get("scope").([]any) {
		g.Scope = append(g.Scope, s.(string))
	}
	return g
}

func grantCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	g := buildGrant(d)
	if err := (grantClient{}).create(g); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*g.ID)
	return grantRead(ctx, d, m)
}

func grantRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	g, err := (grantClient{}).read(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("client_id", g.ClientID)
	d.Set("audience", g.Audience)
	d.Set("scope", g.Scope)
	return nil
}

func grantSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"client_id": {Type: schema.TypeString, Required: true},
		"audience":  {Type: schema.TypeString, Required: true},
		"scope":     {Type: schema.TypeList, Required: true, Elem: &schema.Schema{Type: schema.TypeString}},
	}
}

// Update builds the request as Create does, then clears the client and the
// audience before sending it: their changes never reach the API.
func resourceGrant() *schema.Resource {
	return &schema.Resource{
		CreateContext: grantCreate, ReadContext: grantRead, UpdateContext: grantUpdate, DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"client_id": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "client_id" of resourceGrant can change in place \(Required, not ForceNew\), but grantUpdate clears it from the request before sending it`
			"audience":  {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "audience" of resourceGrant can change in place`
			"scope":     {Type: schema.TypeList, Required: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

func grantUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	g := buildGrant(d)
	g.Audience = nil
	g.ClientID = nil
	if err := (grantClient{}).update(d.Id(), g); err != nil {
		return diag.FromErr(err)
	}
	return grantRead(ctx, d, m)
}

// Safe: Update clears only the audience; the client is sent.
func resourceGrantClient() *schema.Resource {
	return &schema.Resource{
		CreateContext: grantCreate, ReadContext: grantRead, UpdateContext: grantUpdateClient, DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"client_id": {Type: schema.TypeString, Required: true},
			"audience":  {Type: schema.TypeString, Required: true, ForceNew: true},
			"scope":     {Type: schema.TypeList, Required: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

func grantUpdateClient(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	g := buildGrant(d)
	g.Audience = nil
	if err := (grantClient{}).update(d.Id(), g); err != nil {
		return diag.FromErr(err)
	}
	return grantRead(ctx, d, m)
}
