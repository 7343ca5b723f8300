package undeclaredkey

import (
	"context"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type api struct {
	Region, Encryption, Name string
	Rules                    []string
}

func get(ctx context.Context, id string) (*api, error) { return &api{}, nil }

func resourceBucket() *schema.Resource {
	return &schema.Resource{
		CreateContext: bucketCreate,
		ReadContext:   bucketRead,
		UpdateContext: bucketUpdate,
		DeleteContext: bucketDelete,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		CustomizeDiff: customdiff.All(
			customdiff.ComputedIf("checksum", func(_ context.Context, d *schema.ResourceDiff, _ any) bool {
				return d.HasChange("body") // want `APPLY-2: d.HasChange\("body"\) in resourceBucket: "body" is not in the schema of resourceBucket; the SDK never reports a change`
			}),
			customdiff.ComputedIf("checksum", func(_ context.Context, d *schema.ResourceDiff, _ any) bool {
				return d.HasChange("content") // declared: fine
			}),
		),
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Required: true, ForceNew: true},
			"s3_region":  {Type: schema.TypeString, Required: true, ForceNew: true},
			"encryption": {Type: schema.TypeString, Optional: true},
			"content":    {Type: schema.TypeString, Optional: true},
			"checksum":   {Type: schema.TypeString, Computed: true},
			"tags":       {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"action": {Type: schema.TypeString, Required: true},
			}}},
		},
	}
}

func bucketCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	name := d.Get("name").(string)
	region := d.Get("region").(string)      // want `APPLY-2: d.Get\("region"\) in bucketCreate: "region" is not in the schema of resourceBucket; the SDK answers nil, never the configured value \(a type assertion on it panics\)`
	if v, ok := d.GetOk("encryptoin"); ok { // want `APPLY-2: d.GetOk\("encryptoin"\) in bucketCreate: "encryptoin" is not in the schema of resourceBucket \(did you mean "encryption"\?\); the SDK always answers "not set"`
		_ = v
	}
	_ = d.Get("tags.owner")                   // a map's key: fine
	_ = d.Get("rule.0.action")                // a nested attribute: fine
	_ = d.Get("rule.0.actoin")                // want `APPLY-2: d.Get\("rule.0.actoin"\) in bucketCreate: "rule.0.actoin" is not in the schema of resourceBucket`
	_ = d.Get("id")                           // every resource has an ID: fine
	log.Printf("[DEBUG] %v", d.Get("regoin")) // only logged: left alone
	d.SetId(name + region)
	return bucketRead(ctx, d, meta)
}

func bucketRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	b, err := get(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", b.Name)
	d.Set("S3_region", b.Region)                                   // want `IMPORT-3: d.Set\("S3_region"\) in bucketRead: "S3_region" is not in the schema of resourceBucket \(did you mean "s3_region"\?\); the SDK refuses the value \(d.Set returns an error, ignored here\): "s3_region" is never saved here, so it stays empty after import`
	if err := d.Set("encryption_type", b.Encryption); err != nil { // want `IMPORT-3: d.Set\("encryption_type"\) in bucketRead: .* d.Set returns an error \("Invalid address to set"\), which this code checks`
		return diag.FromErr(err)
	}
	setRules(d, b)
	return nil
}

// setRules is a helper handed d: its keys are judged too.
func setRules(d *schema.ResourceData, b *api) {
	d.Set("rules", b.Rules) // want `IMPORT-3: d.Set\("rules"\) in setRules: "rules" is not in the schema of resourceBucket \(did you mean "rule"\?\)`
}

func bucketUpdate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if d.HasChanges("encryption", "contnet") { // want `APPLY-2: d.HasChanges\("contnet"\) in bucketUpdate`
		_ = fmt.Sprint(d.Get("encryption"))
	}
	return bucketRead(ctx, d, meta)
}

func bucketDelete(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	// Another resource's ResourceData, built here: its keys are its own.
	other := resourceBucketPolicy().Data(nil)
	_ = other.Set("policy", "{}")
	return nil
}

// Two resources sharing one Read: a key declared by either is fine.
func resourceBucketPolicy() *schema.Resource {
	return &schema.Resource{
		CreateContext: policyCreate,
		ReadContext:   sharedRead,
		DeleteContext: bucketDelete,
		Schema: map[string]*schema.Schema{
			"policy": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

func resourceBucketACL() *schema.Resource {
	return &schema.Resource{
		CreateContext: policyCreate,
		ReadContext:   sharedRead,
		DeleteContext: bucketDelete,
		Schema: map[string]*schema.Schema{
			"acl": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

func policyCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return sharedRead(ctx, d, meta)
}

func sharedRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.Set("policy", "{}")
	d.Set("acl", "private")
	d.Set("polcy", "{}") // want `IMPORT-3: d.Set\("polcy"\) in sharedRead: "polcy" is not in the schema of resourceBucketPolicy`
	return nil
}

// A data source's attributes are not kept in state: left to other checks.
func dataSourceBucket() *schema.Resource {
	return &schema.Resource{
		ReadContext: func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			d.SetId("x")
			d.Set("undeclared", 1)
			return nil
		},
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}},
	}
}

// A schema built by a helper the model cannot follow: left alone.
func resourceDynamic(extra map[string]*schema.Schema) *schema.Resource {
	return &schema.Resource{
		CreateContext: dynCreate,
		ReadContext:   dynRead,
		DeleteContext: dynRead,
		Schema:        extra,
	}
}

func dynCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return nil
}

func dynRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.Set("anything", 1)
	return nil
}

// A Read built by a factory: the function literal it returns is the Read.
func resourceLabel() *schema.Resource {
	return &schema.Resource{
		CreateContext: dynCreate,
		ReadContext:   readFor("label"),
		DeleteContext: dynCreate,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"label": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

func readFor(kind string) schema.ReadContextFunc {
	return func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		d.Set("lable", kind) // want `IMPORT-3: d.Set\("lable"\) in readFor: "lable" is not in the schema of resourceLabel \(did you mean "label"\?\)`
		return nil
	}
}
