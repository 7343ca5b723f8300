package updateignores

import (
	"context"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/updateignores/other"
)

type pool struct {
	Name, CSR, Description, Login, Team, Labels, Mode string
	Wait                                              bool
}

type client struct{}

func (client) get(string) (*pool, error) { return &pool{}, nil }
func (client) put(string, pool) error    { return nil }

func resourcePool() *schema.Resource {
	return &schema.Resource{
		CreateContext: poolCreate,
		ReadContext:   poolRead,
		UpdateContext: poolUpdate,
		DeleteContext: poolDelete,
		CustomizeDiff: poolDiff,
		Schema: map[string]*schema.Schema{
			"tier":        {Type: schema.TypeString, Optional: true},
			"created_at":  {Type: schema.TypeString, Optional: true}, // an output declared Optional: neither Create nor Update reads it
			"name":        {Type: schema.TypeString, Required: true},
			"csr":         {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "csr" of resourcePool can change in place \(Optional, not ForceNew\), but poolUpdate never reads it`
			"login":       {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "login" of resourcePool can change in place \(Required, not ForceNew\)`
			"description": {Type: schema.TypeString, Optional: true}, // read through a helper's parameter
			"team":        {Type: schema.TypeString, Required: true, ForceNew: true},
			"labels":      {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}}, // in a local key list
			"mode":        {Type: schema.TypeString, Optional: true},                                              // CustomizeDiff may force a new one
			"wait":        {Type: schema.TypeBool, Optional: true},                                                // a behaviour flag: Read never sets it
			"state":       {Type: schema.TypeString, Computed: true},
			"agree":       {Type: schema.TypeBool, Optional: true},   // Read saves a constant, not the API's value
			"email":       {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "email" of resourcePool can change in place`
			"subnet": {Type: schema.TypeSet, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"id": {Type: schema.TypeString, Required: true, ForceNew: true}, // a changed element forces a new resource
			}}},
			"mount": {Type: schema.TypeSet, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{ // want `SCHEMA-3: "mount" of resourcePool can change in place`
				"target":  {Type: schema.TypeString, Required: true},
				"options": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}}, // unset in most elements: no new resource
			}}},
			"cert": {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "cert" of resourcePool can change in place`
		},
	}
}

func poolCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p := pool{Name: d.Get("name").(string), CSR: d.Get("csr").(string), Login: d.Get("login").(string), Wait: d.Get("wait").(bool),
		Labels: fmt.Sprint(d.Get("labels")), Mode: d.Get("mode").(string), Description: d.Get("description").(string), Team: d.Get("team").(string)}
	_, _, _, _ = d.Get("agree"), d.Get("email"), d.Get("subnet"), d.Get("mount")
	if err := (client{}).put("", p); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(p.Name)
	if _, ok := d.GetOk("cert"); !ok {
		d.Set("cert", generate())
	}
	return poolRead(ctx, d, m)
}

func generate() string { return "generated when not configured" }

func poolRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := (client{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", p.Name)
	d.Set("csr", p.CSR)
	d.Set("login", p.Login)
	d.Set("description", p.Description)
	d.Set("team", p.Team)
	d.Set("labels", p.Labels)
	d.Set("mode", p.Mode)
	d.Set("tier", p.Mode)
	d.Set("agree", true)
	d.Set("email", p.Login)
	d.Set("subnet", []any{p.Name})
	d.Set("mount", []any{p.Name})
	d.Set("created_at", p.Name)
	d.Set("created_at", p.Name)
	return nil
}

func str(d *schema.ResourceData, key string) string { return d.Get(key).(string) }

func poolUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p := pool{Name: d.Get("name").(string), Description: str(d, "description"), Mode: d.Get("tier").(string)}
	for _, k := range []string{"labels", "state"} {
		if d.HasChange(k) {
			p.Labels = fmt.Sprint(d.Get(k))
		}
	}
	if d.HasChanges("name") {
		p.Labels = fmt.Sprint(d.Get("labels"))
	}
	log.Printf("[DEBUG] email %s is not updated", "email")
	if err := (client{}).put(d.Id(), p); err != nil {
		return diag.FromErr(err)
	}
	return poolRead(ctx, d, m)
}

func poolDelete(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

func poolDiff(ctx context.Context, d *schema.ResourceDiff, m any) error {
	if d.HasChange("mode") {
		return d.ForceNew("mode")
	}
	return nil
}

// Update hands d to code out of sight: nothing can be said.
func resourceRoute() *schema.Resource {
	return &schema.Resource{
		CreateContext: routeCreate,
		ReadContext:   routeRead,
		UpdateContext: routeUpdate,
		DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"target": {Type: schema.TypeString, Optional: true},
		},
	}
}

func routeCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId(d.Get("target").(string) + fmt.Sprint(d.Get("priority")))
	return routeRead(ctx, d, m)
}

func routeRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.Set("target", "x")
	return nil
}

func routeUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(other.Apply(d))
}

// Update reads keys it builds: nothing can be said.
func resourceRule() *schema.Resource {
	return &schema.Resource{
		CreateContext: routeCreate,
		ReadContext:   ruleRead,
		UpdateContext: ruleUpdate,
		DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"priority": {Type: schema.TypeInt, Optional: true},
		},
	}
}

func ruleRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.Set("priority", 1)
	return nil
}

var ruleKeys = []string{"prio" + "rity"}

func ruleUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	for _, k := range ruleKeys {
		_ = d.Get(k)
	}
	return nil
}

// Update reads through helpers of another package whose keys facts tell:
// "size" is the one it never reads.
func resourceVolume() *schema.Resource {
	return &schema.Resource{
		CreateContext: volumeCreate,
		ReadContext:   volumeRead,
		UpdateContext: volumeUpdate,
		DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"enabled": {Type: schema.TypeBool, Optional: true},
			"zone":    {Type: schema.TypeString, Optional: true}, // read through other.Zone's named key
			"labels":  {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"size":    {Type: schema.TypeInt, Optional: true}, // want `SCHEMA-3: "size" of resourceVolume can change in place \(Optional, not ForceNew\), but volumeUpdate never reads it`
		},
	}
}

func volumeCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, _, _, _ = other.Tristate(d, "enabled"), other.Labels(d), d.Get("size"), other.Zone(d)
	d.SetId("v")
	return volumeRead(ctx, d, m)
}

func volumeRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := (client{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("enabled", p.Wait)
	d.Set("labels", []any{p.Labels})
	d.Set("size", len(p.Name))
	d.Set("zone", p.Mode)
	return nil
}

func volumeUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, _, _ = other.Tristate(d, "enabled"), other.Labels(d), other.Zone(d)
	return nil
}
