package createreadremoves

import (
	"context"
	"errors"
	"net/http"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type client struct{}

func (client) create(name string) (string, error)          { return "id", nil }
func (client) get(id string) (*http.Response, error)       { return &http.Response{}, nil }
func (client) remove(id string) error                      { return nil }
func (client) list() ([]string, error)                     { return nil, nil }
func (client) getOrFail(id string) (string, error)         { return "", errors.New("x") }
func (client) delete(ctx context.Context, id string) error { return nil }

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_env":     {CreateContext: createEnv, ReadContext: readEnv, DeleteContext: deleteAny, Schema: nameSchema()},
		"x_guarded": {CreateContext: createGuarded, ReadContext: readGuarded, DeleteContext: deleteAny, Schema: nameSchema()},
		"x_errors":  {CreateContext: createErrors, ReadContext: readErrors, DeleteContext: deleteAny, Schema: nameSchema()},
		"x_apart":   {CreateContext: createApart, ReadContext: readApart, DeleteContext: deleteAny, Schema: nameSchema()},
		"x_listed":  {CreateContext: createListed, ReadContext: readListed, DeleteContext: deleteAny, Schema: nameSchema()},
		"x_waits":   {CreateContext: createWaits, ReadContext: readWaited, DeleteContext: deleteAny, Schema: nameSchema()},
	}}
}

func nameSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}
}

func deleteAny(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := m.(client).delete(ctx, d.Id()); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Create ends with the Read, which drops an object it does not see.
func createEnv(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := m.(client).create(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	return readEnv(ctx, d, m)
}

func readEnv(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	resp, err := m.(client).get(d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		d.SetId("") // want `APPLY-3: Read of x_env, which Create calls, drops the resource and returns success without a d.IsNewResource\(\) test`
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// The SDK's idiom: remove only on a refresh.
func createGuarded(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := m.(client).create(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	return readGuarded(ctx, d, m)
}

func readGuarded(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	resp, err := m.(client).get(d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound && !d.IsNewResource() {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Removing and failing: Create fails, Terraform keeps nothing it did not
// promise.
func createErrors(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, _ := m.(client).create(d.Get("name").(string))
	d.SetId(id)
	return readErrors(ctx, d, m)
}

func readErrors(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if _, err := m.(client).getOrFail(d.Id()); err != nil {
		d.SetId("")
		return diag.FromErr(err)
	}
	return nil
}

// Create does not call the Read.
func createApart(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := m.(client).create(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	return nil
}

func readApart(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	resp, _ := m.(client).get(d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		d.SetId("")
	}
	return nil
}

// A listing that may lag behind the create.
func createListed(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := m.(client).create(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	return readListed(ctx, d, m)
}

func readListed(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	ids, err := m.(client).list()
	if err != nil {
		return diag.FromErr(err)
	}
	for _, id := range ids {
		if id == d.Id() {
			return nil
		}
	}
	d.SetId("") // want `APPLY-3: Read of x_listed, which Create calls`
	return nil
}

// Create waits until the object answers before reading it.
func createWaits(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := m.(client).create(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	if err := waitUntilReadable(ctx, m.(client), id); err != nil {
		return diag.FromErr(err)
	}
	return readWaited(ctx, d, m)
}

func waitUntilReadable(ctx context.Context, c client, id string) error {
	_, err := c.get(id)
	return err
}

func readWaited(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	resp, _ := m.(client).get(d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		d.SetId("")
	}
	return nil
}
