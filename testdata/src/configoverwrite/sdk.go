package configoverwrite

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type policyDoc struct {
	Statements []string `json:"statements"`
	Region     string   `json:"region"`
}

func fetchPolicy(ctx context.Context, id string) (*policyDoc, error) { return &policyDoc{}, nil }

func resourcePolicy() *schema.Resource {
	return &schema.Resource{
		CreateContext: createPolicy,
		ReadContext:   readPolicy,
		UpdateContext: updatePolicy,
		DeleteContext: deletePolicy,
		Schema: map[string]*schema.Schema{
			"policy":      {Type: schema.TypeString, Required: true},
			"region":      {Type: schema.TypeString, Optional: true},
			"rules":       {Type: schema.TypeString, Optional: true},
			"document":    {Type: schema.TypeString, Optional: true, StateFunc: func(v any) string { return normalizeJSON(v.(string)) }},
			"fingerprint": {Type: schema.TypeString, Computed: true},
		},
	}
}

func createPolicy(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("p")
	out, err := fetchPolicy(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	b, _ := json.Marshal(out)
	d.Set("policy", string(b))      // want `APPLY-2: CreateContext of resourcePolicy saves "policy" \(Required, not Computed\) as a string built by a normalising step`
	d.Set("fingerprint", string(b)) // Computed: the provider's to choose
	return readPolicy(ctx, d, meta)
}

func updatePolicy(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	out, err := fetchPolicy(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	setRegion(d, out)
	d.Set("policy", d.Get("policy")) // the configured value: fine
	return readPolicy(ctx, d, meta)
}

func setRegion(d *schema.ResourceData, out *policyDoc) {
	d.Set("region", strings.ToLower(out.Region))        // case folding mostly restores the validated form: not reported
	d.Set("rules", normalizeJSON(out.Statements[0]))    // want `APPLY-2: UpdateContext of resourcePolicy saves "rules" \(Optional, not Computed\)`
	d.Set("document", normalizeJSON(out.Statements[0])) // the plan holds StateFunc's form too: fine
}

func normalizeJSON(s string) string { return s }

// Read is where the remote form belongs (with a DiffSuppressFunc or a
// comparison against the prior value): not reported.
func readPolicy(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	out, err := fetchPolicy(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	b, _ := json.Marshal(out)
	d.Set("policy", string(b))
	d.Set("region", strings.ToLower(out.Region))
	return nil
}

func deletePolicy(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }
