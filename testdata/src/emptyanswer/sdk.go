package emptyanswer

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/emptyanswer/api"
)

func noop(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

func resourceWorkflow() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readWorkflow, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// The answer's first entity, untested: a deleted workflow makes Read panic.
func readWorkflow(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	out, err := m.(*api.Client).Search(ctx, api.Filter{ID: d.Id()})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", out.Entities[0].Name) // want `READ-2: Read of resourceWorkflow takes element 0 of Search's answer without testing that the answer holds one`
	return nil
}

func resourceFound() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readFound, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// A slice answered directly.
func readFound(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	found, err := m.(*api.Client).Find(ctx, d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	w := found[0] // want `READ-2: Read of resourceFound takes element 0 of Find's answer`
	d.Set("name", w.Name)
	return nil
}

// --- safe idioms ---

func resourceTested() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readTested, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// The length is tested first, and an empty answer removes the resource.
func readTested(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	out, err := m.(*api.Client).Search(ctx, api.Filter{ID: d.Id()})
	if err != nil {
		return diag.FromErr(err)
	}
	if len(out.Entities) == 0 {
		d.SetId("")
		return nil
	}
	d.Set("name", out.Entities[0].Name)
	return nil
}

func resourceCounted() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readCounted, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// A count the API returns beside the list is a test too.
func readCounted(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	out, err := m.(*api.Client).Search(ctx, api.Filter{ID: d.Id()})
	if err != nil {
		return diag.FromErr(err)
	}
	if out.Total < 1 {
		d.SetId("")
		return nil
	}
	d.Set("name", out.Entities[0].Name)
	return nil
}

func resourceRegion() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readRegion, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// A lookup not keyed on the state (the provider's regions) cannot lose the
// object.
func readRegion(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	regions, err := m.(*api.Client).Regions(ctx)
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", regions[0])
	return nil
}

func resourceLooped() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readLooped, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// A loop over the answer, not a fixed index.
func readLooped(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	found, err := m.(*api.Client).Find(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	for _, w := range found {
		if w.ID == d.Id() {
			d.Set("name", w.Name)
			return nil
		}
	}
	d.SetId("")
	return nil
}

func resourceParts() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readParts, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// parseID splits the ID: a parser of the provider's, not a lookup.
func parseID(id string) ([]string, error) { return []string{id, id}, nil }

// The ID's parts, then a later lookup once the object was found: the
// metadata of an existing object is not answered empty when it is deleted.
func readParts(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	parts, err := parseID(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	c := m.(*api.Client)
	found, err := fetch(ctx, c, parts[1])
	if err != nil {
		return diag.FromErr(err)
	}
	if len(found) == 0 {
		d.SetId("")
		return nil
	}
	more, err := c.Find(ctx, found[0].ID+parts[0])
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", more[0].Name)
	return nil
}

// fetch is the provider's helper around the client.
func fetch(ctx context.Context, c *api.Client, id string) ([]api.Workflow, error) {
	return c.Find(ctx, id)
}

func resourceFetched() *schema.Resource {
	return &schema.Resource{CreateContext: noop, ReadContext: readFetched, DeleteContext: noop,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

// fetchInto fills the object found by the ID, or fails.
func fetchInto(ctx context.Context, d *schema.ResourceData, m any, w *api.Workflow) error {
	found, err := m.(*api.Client).Find(ctx, d.Id())
	if err == nil && len(found) > 0 {
		*w = found[0]
	}
	return err
}

// Safe: a helper handed d found the object first; the metadata read later
// belongs to an object that exists.
func readFetched(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	var w api.Workflow
	if err := fetchInto(ctx, d, m, &w); err != nil {
		return diag.FromErr(err)
	}
	meta, err := m.(*api.Client).Find(ctx, w.ID)
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", meta[0].Name)
	return nil
}
