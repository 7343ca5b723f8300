package parentkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/parentkey/api"
)

// The provider's configuration makes a session for the region it is given:
// the region chooses the endpoint the bucket is found at.
type config struct{}

func (*config) regionSession(region string) (*api.Session, error) {
	return &api.Session{Region: region}, nil
}

func bucketSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"region": {Type: schema.TypeString, Required: true},
		"acl":    {Type: schema.TypeString, Optional: true},
	}
}

func bucketRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	sess, err := m.(*config).regionSession(d.Get("region").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	acl, err := api.NewSpaces(sess).HeadBucket(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("acl", acl)
	return nil
}

// Update calls the API through the client of the planned region: after a
// change of region it looks for the bucket where it is not.
func resourceBucket() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: bucketRead, UpdateContext: bucketUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"region": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "region" of resourceBucket can change in place \(Required, not ForceNew\), but Update only uses it to choose the client the API is called through \(regionSession\)`
			"acl":    {Type: schema.TypeString, Optional: true},
		}}
}

func bucketUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	region := d.Get("region").(string)
	sess, err := m.(*config).regionSession(region)
	if err != nil {
		return diag.FromErr(err)
	}
	svc := api.NewSpaces(sess)
	if d.HasChange("acl") {
		if err := bucketACL(svc, d); err != nil {
			return diag.FromErr(err)
		}
	}
	return bucketRead(ctx, d, m)
}

func bucketACL(svc *api.Spaces, d *schema.ResourceData) error {
	return svc.PutACL(d.Id(), d.Get("acl").(string))
}

// Safe: Update moves the bucket to the new region before using its client.
func resourceBucketMoved() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: bucketRead, UpdateContext: bucketMove, DeleteContext: remove,
		Schema: bucketSchema()}
}

func bucketMove(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	old, region := d.GetChange("region")
	sess, err := m.(*config).regionSession(old.(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if err := api.NewSpaces(sess).MoveBucket(d.Id(), region.(string)); err != nil {
		return diag.FromErr(err)
	}
	return bucketRead(ctx, d, m)
}
