package updateignores

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// Update reads the elements of a block with keys it builds from a spelled
// top-level name ("lifecycle.%d.days", "lifecycle." + i + ".days"): the
// keys it reads are known, and "name" is not among them.
func resourceBucketKeys() *schema.Resource {
	return &schema.Resource{
		CreateContext: bucketCreate,
		ReadContext:   bucketRead,
		UpdateContext: bucketUpdate,
		DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "name" of resourceBucketKeys can change in place \(Required, not ForceNew\), but bucketUpdate never reads it`
			"lifecycle": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"days":   {Type: schema.TypeInt, Optional: true},
				"prefix": {Type: schema.TypeString, Optional: true},
			}}},
		},
	}
}

func bucketCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := (client{}).put(d.Get("name").(string), pool{Description: fmt.Sprint(d.Get("lifecycle"))}); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(d.Get("name").(string))
	return bucketRead(ctx, d, m)
}

func bucketRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	p, err := (client{}).get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", p.Name)
	d.Set("lifecycle", []any{map[string]any{"days": 1, "prefix": p.Labels}})
	return nil
}

func bucketUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	var rules []string
	for i := 0; i < d.Get("lifecycle.#").(int); i++ {
		days := d.Get(fmt.Sprintf("lifecycle.%d.days", i)).(int)
		prefix := d.Get("lifecycle." + strconv.Itoa(i) + ".prefix").(string)
		rules = append(rules, prefix+strconv.Itoa(days))
	}
	return diag.FromErr((client{}).put(d.Id(), pool{Labels: fmt.Sprint(rules)}))
}

// Safe: the top-level name is not spelled in the key Update builds, so it
// may be any attribute, "name" too.
func resourceBucketAnyKey() *schema.Resource {
	return &schema.Resource{
		CreateContext: bucketCreate,
		ReadContext:   bucketRead,
		UpdateContext: bucketUpdateAnyKey,
		DeleteContext: poolDelete,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"lifecycle": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"days":   {Type: schema.TypeInt, Optional: true},
				"prefix": {Type: schema.TypeString, Optional: true},
			}}},
		},
	}
}

var bucketBlock = "life" + "cycle"

func bucketUpdateAnyKey(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	var rules []string
	for i := 0; i < d.Get("lifecycle.#").(int); i++ {
		rules = append(rules, strconv.Itoa(d.Get(fmt.Sprintf("%s.%d.days", bucketBlock, i)).(int)))
	}
	return diag.FromErr((client{}).put(d.Id(), pool{Labels: fmt.Sprint(rules)}))
}
