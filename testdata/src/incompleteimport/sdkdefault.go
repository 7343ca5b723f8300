package incompleteimport

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func getBucket(string) (map[string]string, error) { return nil, nil }

func readBucket(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: bucket is imported with ImportStatePassthrough, which sets only the ID, but its Read never sets "versioning", which has a default: .* the first plan puts the default back`
	b, err := getBucket(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", b["name"])
	return nil
}

func bucketSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name":       {Type: schema.TypeString, Optional: true, Computed: true},
		"versioning": {Type: schema.TypeBool, Optional: true, Default: true},
		"token":      {Type: schema.TypeString, Optional: true, DefaultFunc: schema.EnvDefaultFunc("BUCKET_TOKEN", nil)},
		// A DiffSuppressFunc hides the default's difference when unset.
		"legacy": {Type: schema.TypeBool, Optional: true, Default: false,
			DiffSuppressFunc: func(k, old, new string, d *schema.ResourceData) bool { return new == "false" }},
	}
}

// An Optional attribute with a Default that Read never sets: after import
// the state holds none, and the plan puts the default back.
func bucket() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readBucket,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        bucketSchema(),
	}
}

// --- safe idioms ---

// The importer sets the default (a DefaultFunc's value, from the
// environment or none, is left alone).
func bucketImportsDefault() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readBucket,
		DeleteContext: noop,
		Importer: &schema.ResourceImporter{StateContext: func(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
			err := d.Set("versioning", true)
			return []*schema.ResourceData{d}, err
		}},
		Schema: bucketSchema(),
	}
}

func readBucketVersioning(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	b, err := getBucket(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", b["name"])
	d.Set("versioning", b["versioning"] == "on")
	return nil
}

// Read sets it from the API's answer.
func bucketReadsDefault() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readBucketVersioning,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        bucketSchema(),
	}
}
