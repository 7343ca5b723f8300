// Package sdkv1: the same rule for terraform-plugin-sdk v1, whose diffList
// and diffSet also give a block's ForceNew to the element count only.
package sdkv1

import "github.com/hashicorp/terraform-plugin-sdk/helper/schema"

type api struct{}

func (api) get(string) (map[string]any, error) { return nil, nil }
func (api) put(string, map[string]any) error   { return nil }

func resourceEvent() *schema.Resource {
	return &schema.Resource{
		Create: eventCreate,
		Read:   eventRead,
		Update: eventUpdate,
		Delete: func(*schema.ResourceData, any) error { return nil },
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"attribute": {Type: schema.TypeList, Required: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{ // want `SCHEMA-3: "attribute" of resourceEvent can change in place \(Required, ForceNew, but .*"attribute.value" inside it is not ForceNew\), but eventUpdate never reads it`
				"key":   {Type: schema.TypeString, Optional: true, ForceNew: true},
				"value": {Type: schema.TypeString, Optional: true},
			}}},
			// Safe twin: the attributes inside are ForceNew too.
			"tag": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"key":   {Type: schema.TypeString, Optional: true, ForceNew: true},
				"value": {Type: schema.TypeString, Optional: true, ForceNew: true},
			}}},
			// Safe twin: Update reads the block.
			"header": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"value": {Type: schema.TypeString, Optional: true},
			}}},
		},
	}
}

func eventCreate(d *schema.ResourceData, m any) error {
	body := map[string]any{"name": d.Get("name"), "attribute": d.Get("attribute"), "tag": d.Get("tag"), "header": d.Get("header")}
	if err := (api{}).put("", body); err != nil {
		return err
	}
	d.SetId(d.Get("name").(string))
	return eventRead(d, m)
}

func eventRead(d *schema.ResourceData, m any) error {
	e, err := (api{}).get(d.Id())
	if err != nil {
		return err
	}
	for _, k := range []string{"name", "attribute", "tag", "header"} {
		d.Set(k, e[k])
	}
	return nil
}

func eventUpdate(d *schema.ResourceData, m any) error {
	body := map[string]any{"name": d.Get("name")}
	if d.HasChange("header") {
		body["header"] = d.Get("header")
	}
	if err := (api{}).put(d.Id(), body); err != nil {
		return err
	}
	return eventRead(d, m)
}
