package orphanedcreate

import (
	"context"
	"time"

	"fixtures/orphanedcreate/api"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func retriedProvider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_retried":     {CreateContext: createRetried, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_retriednil":  {CreateContext: createRetriedNil, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
		"x_retriedsafe": {CreateContext: createRetriedSafe, ReadContext: readAny, DeleteContext: deleteAny, Schema: sdkSchema()},
	}}
}

// The bug with the create retried in a closure that fills out.
func createRetried(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	var out *api.Object
	err := retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		var err error
		out, err = c.CreateObject(d.Get("name").(string))
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		return diag.FromErr(err)
	}
	if err := c.WaitReady(*out.ID); err != nil {
		return diag.FromErr(err) // want `APPLY-3: Create of x_retried returns an error after CreateObject \(retried by RetryContext\) made the object`
	}
	d.SetId(*out.ID)
	return nil
}

// Safe twin: the ID is saved before the wait.
func createRetriedSafe(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	var out *api.Object
	err := retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		var err error
		out, err = c.CreateObject(d.Get("name").(string))
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*out.ID)
	if err := c.WaitReady(*out.ID); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// Safe: the error is for an answer with no ID, which could not be saved.
func createRetriedNil(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	c := api.Client{}
	var out *api.Object
	err := retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		var err error
		out, err = c.CreateObject(d.Get("name").(string))
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		return diag.FromErr(err)
	}
	if out.ID == nil {
		return diag.Errorf("created object has no ID")
	}
	d.SetId(*out.ID)
	return nil
}
