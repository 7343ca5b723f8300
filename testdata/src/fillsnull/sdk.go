package fillsnull

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type config struct{ DefaultTeam string }

func resourceChannel() *schema.Resource {
	return &schema.Resource{
		CreateContext: channelCreate,
		ReadContext:   channelRead,
		UpdateContext: channelRead,
		DeleteContext: channelRead,
		Schema: map[string]*schema.Schema{
			"name":     {Type: schema.TypeString, Required: true},
			"team":     {Type: schema.TypeString, Optional: true},
			"priority": {Type: schema.TypeInt, Optional: true},
			"owner":    {Type: schema.TypeString, Optional: true, Computed: true},
			"topic":    {Type: schema.TypeString, Optional: true},
			"mode":     {Type: schema.TypeString, Optional: true, Default: "fast"},
			"labels":   {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"group":    {Type: schema.TypeString, Optional: true},
			"region":   {Type: schema.TypeString, Optional: true},
		},
	}
}

func channelCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := m.(*config)
	if _, ok := d.GetOk("team"); !ok {
		d.Set("team", c.DefaultTeam) // want `APPLY-2: channelCreate fills "team" in when the configuration leaves it out`
	}
	if d.Get("priority").(int) == 0 {
		d.Set("priority", 3) // want `APPLY-2: channelCreate fills "priority" in`
	}
	if _, ok := d.GetOk("owner"); !ok {
		d.Set("owner", c.DefaultTeam) // Optional+Computed
	}
	if _, ok := d.GetOk("topic"); !ok {
		d.Set("topic", "") // the zero value: the SDK reads it as unset
	}
	if _, ok := d.GetOk("labels"); !ok {
		d.Set("labels", []string{}) // empty: the SDK reads it as unset
	}
	if _, ok := d.GetOk("group"); !ok {
		d.Set("group", nil) // cleared, not filled
	}
	if _, ok := d.GetOk("region"); !ok {
		d.Set("region", []string{"eu"}[0]) // want `APPLY-2: channelCreate fills "region" in`
	}
	if v, ok := d.GetOk("mode"); ok {
		d.Set("mode", v)
	}
	d.SetId("c")
	return channelRead(ctx, d, m)
}

func channelRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if v, ok := d.GetOk("topic"); ok {
		d.Set("topic", v.(string)+"") // only when configured
	}
	// In Read, GetOk sees the prior state: saving the API's answer either way
	// is a refresh, not a fill.
	if _, ok := d.GetOk("team"); ok {
		d.Set("team", apiTeam())
	} else {
		d.Set("team", apiTeam())
	}
	return nil
}

func apiTeam() string { return "ops" }
