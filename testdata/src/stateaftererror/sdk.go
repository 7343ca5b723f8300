package stateaftererror

import (
	"context"

	"fixtures/stateaftererror/api"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_early":    {CreateContext: createEarly, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_move":     {CreateContext: createMove, ReadContext: readAny, UpdateContext: updateMove, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_late":     {CreateContext: createLate, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_clears":   {CreateContext: createClears, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_retried":  {CreateContext: createRetried, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_either":   {CreateContext: createEither, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_reads":    {CreateContext: createReads, ReadContext: readRemote, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_movesafe": {CreateContext: createMoveSafe, ReadContext: readAny, UpdateContext: updateMoveSafe, DeleteContext: deleteAny, Schema: sdkSchema()},
	}}
}

func sdkSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name":   {Type: schema.TypeString, Required: true, ForceNew: true},
		"number": {Type: schema.TypeString, Optional: true},
	}
}

func readAny(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics   { return nil }
func deleteAny(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

// The bug: the ID is set from the configuration before the object is made;
// a failed create returns with it set.
func createEarly(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name := d.Get("name").(string)
	d.SetId(name) // want `APPLY-3: Create of x_early sets the ID before any call to the API has succeeded`
	if _, err := (api.Client{}).Create(name); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// The bug through delegation: Create sets the ID and hands on to Update,
// whose first call into the API can fail.
func createMove(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId(d.Get("name").(string)) // want `APPLY-3: Create of x_move sets the ID before`
	return updateMove(ctx, d, m)
}

func updateMove(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := (api.Client{}).Move(d.Id(), "there"); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: the ID comes from the API once the create succeeded; a later wait
// failing leaves the object tainted, as it should.
func createLate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id, err := (api.Client{}).Create(d.Get("name").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	if err := (api.Client{}).Wait(id); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: the ID is cleared before the failure is returned; once the create
// succeeded, a failed wait keeps it.
func createClears(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name := d.Get("name").(string)
	d.SetId(name)
	if _, err := (api.Client{}).Create(name); err != nil {
		d.SetId("")
		return diag.FromErr(err)
	}
	if err := (api.Client{}).Wait(name); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: the delegated Update clears the ID when its call fails.
func createMoveSafe(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId(d.Get("name").(string))
	return updateMoveSafe(ctx, d, m)
}

func updateMoveSafe(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := (api.Client{}).Move(d.Id(), "there"); err != nil {
		if d.IsNewResource() {
			d.SetId("")
		}
		return diag.FromErr(err)
	}
	return nil
}

// Safe: the create runs inside a retry closure; the ID is set after it.
func createRetried(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	var id string
	err := retry.RetryContext(ctx, 0, func() *retry.RetryError {
		var err error
		if id, err = (api.Client{}).Create(d.Get("name").(string)); err != nil {
			return retry.NonRetryableError(err)
		}
		return nil
	})
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	if err := (api.Client{}).Wait(id); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: both arms call the API before the ID is set.
func createEither(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	var id string
	var err error
	if v, ok := d.GetOk("number"); ok {
		id, err = (api.Client{}).Edit(v.(string), d.Get("name").(string))
	} else {
		id, err = (api.Client{}).Create(d.Get("name").(string))
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(id)
	if err := (api.Client{}).Wait(id); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: with nothing to make, Create names the object that is there and
// reads it; a failing Read is not a failed create.
func createReads(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId(d.Get("name").(string))
	return readRemote(ctx, d, m)
}

func readRemote(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if _, err := (api.Client{}).Get(d.Id()); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: nothing remote is made, on any path; the state is all there is.
func createLocal(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("local")
	if d.Get("name").(string) == "" {
		return diag.Errorf("name is empty")
	}
	return nil
}

func resourceLocal() *schema.Resource {
	return &schema.Resource{CreateContext: createLocal, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()}
}
