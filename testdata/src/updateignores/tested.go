package updateignores

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type monitor struct {
	Name, Type, Mode string
	LogsSample       *bool
	Enabled          bool
}

type monitorClient struct{}

func (monitorClient) create(monitor) (string, error) { return "1", nil }
func (monitorClient) get(string) (*monitor, error)   { return &monitor{}, nil }
func (monitorClient) update(string, monitor) error   { return nil }
func (monitorClient) enable(string) error            { return nil }
func (monitorClient) disable(string) error           { return nil }

func monitorSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name":               {Type: schema.TypeString, Required: true},
		"type":               {Type: schema.TypeString, Required: true},
		"enable_logs_sample": {Type: schema.TypeBool, Optional: true},
		"enabled":            {Type: schema.TypeBool, Optional: true},
	}
}

func monitorCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := (monitorClient{}).create(monitor{Name: d.Get("name").(string), Type: d.Get("type").(string), Enabled: d.Get("enabled").(bool)})
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	return monitorRead(ctx, d, m)
}

func monitorRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	mon, err := (monitorClient{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", mon.Name)
	d.Set("type", mon.Type)
	d.Set("enabled", mon.Enabled)
	return nil
}

// Update compares the type with a constant only to decide whether it sends
// another attribute: the new type never reaches the API.
func resourceMonitor() *schema.Resource {
	s := monitorSchema()
	return &schema.Resource{
		CreateContext: monitorCreate, ReadContext: monitorRead, UpdateContext: monitorUpdate, DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"name":               s["name"],
			"type":               {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "type" of resourceMonitor can change in place \(Required, not ForceNew\), but monitorUpdate only tests it and never sends it`
			"enable_logs_sample": s["enable_logs_sample"],
			"enabled":            s["enabled"],
		},
	}
}

func monitorUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	mon := monitor{Name: d.Get("name").(string), Enabled: d.Get("enabled").(bool)}
	if d.Get("type") == "log alert" {
		if v, ok := d.GetOk("enable_logs_sample"); ok {
			b := v.(bool)
			mon.LogsSample = &b
		} else {
			f := false
			mon.LogsSample = &f
		}
	}
	if err := (monitorClient{}).update(d.Id(), mon); err != nil {
		return diag.FromErr(err)
	}
	return monitorRead(ctx, d, m)
}

// Safe: the test of "enabled" picks the call that applies it.
func resourceMonitorToggle() *schema.Resource {
	return &schema.Resource{
		CreateContext: monitorCreate, ReadContext: monitorRead, UpdateContext: monitorToggle, DeleteContext: poolDelete,
		Schema: monitorSchema(),
	}
}

func monitorToggle(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := monitorClient{}
	err := c.update(d.Id(), monitor{Name: d.Get("name").(string), Type: d.Get("type").(string)})
	if err == nil {
		if d.Get("enabled").(bool) {
			err = c.enable(d.Id())
		} else {
			err = c.disable(d.Id())
		}
	}
	return diag.FromErr(err)
}

// Safe: the test chooses a value that is sent (the type, encoded as a mode).
func resourceMonitorMode() *schema.Resource {
	return &schema.Resource{
		CreateContext: monitorCreate, ReadContext: monitorRead, UpdateContext: monitorMode, DeleteContext: poolDelete,
		Schema: monitorSchema(),
	}
}

func monitorMode(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	mode := "metrics"
	if d.Get("type") == "log alert" {
		mode = "logs"
	}
	mon := monitor{Name: d.Get("name").(string), Enabled: d.Get("enabled").(bool), Mode: mode}
	return diag.FromErr((monitorClient{}).update(d.Id(), mon))
}
