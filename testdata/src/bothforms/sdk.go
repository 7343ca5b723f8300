package bothforms

import (
	"context"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type downtime struct {
	Start    int64
	End      int64
	Policies []string
	Period   int
	Owner    string
	Team     string
	Color    string
	Size     int
}

func apiGet(id string) (*downtime, error) { return &downtime{}, nil }

// Read saves both forms of start and end whatever the configuration uses.
func resourceDowntime() *schema.Resource {
	return &schema.Resource{
		CreateContext: downtimeCreate,
		ReadContext:   downtimeRead,
		UpdateContext: downtimeUpdate,
		DeleteContext: downtimeDelete,
		Schema: map[string]*schema.Schema{
			"start":      {Type: schema.TypeInt, Optional: true},
			"start_date": {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"start"}},
			"end":        {Type: schema.TypeInt, Optional: true},
			"end_date":   {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"end"}},
			"policies": {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString},
				ConflictsWith: []string{"token_policies"}},
			"token_policies": {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"period":         {Type: schema.TypeInt, Optional: true, ConflictsWith: []string{"token_period"}},
			"token_period":   {Type: schema.TypeInt, Optional: true},
			"message":        {Type: schema.TypeString, Optional: true},
		},
	}
}

func downtimeCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("1")
	return downtimeRead(ctx, d, m)
}

func downtimeRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	dt, err := apiGet(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if err := d.Set("start", dt.Start); err != nil { // want `READ-3: Read of resourceDowntime saves "start" from the API's answer without testing which form the configuration uses, though it is Optional, not Computed, and an alternative to "start_date"`
		return diag.FromErr(err)
	}
	d.Set("start_date", time.Unix(dt.Start, 0).Format(time.RFC3339)) // want `READ-3: Read of resourceDowntime saves "start_date" .* alternative to "start"`
	// Safe: only the form the configuration (or the state) uses.
	if _, ok := d.GetOk("end_date"); ok {
		d.Set("end_date", time.Unix(dt.End, 0).Format(time.RFC3339))
	} else {
		d.Set("end", dt.End)
	}
	d.Set("message", strconv.Itoa(dt.Period)) // no alternative
	// A loop over the keys saves the deprecated forms for everyone.
	for _, k := range []string{"message", "policies", "period"} { // want +1 `READ-3: Read of resourceDowntime saves "policies"` `READ-3: Read of resourceDowntime saves "period"`
		if err := d.Set(k, dt.value(k)); err != nil {
			return diag.FromErr(err)
		}
	}
	// Safe: the new forms, only when the deprecated ones are not in use.
	if _, deprecated := d.GetOk("policies"); !deprecated {
		d.Set("token_policies", dt.Policies)
	}
	if _, deprecated := d.GetOk("period"); deprecated {
		return nil
	}
	d.Set("token_period", dt.Period)
	return nil
}

func (dt *downtime) value(k string) any { return k }

func downtimeUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return downtimeRead(ctx, d, m)
}

func downtimeDelete(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return nil
}

// Create hands d to a helper that saves both forms; Read uses the safe helper.
func resourceWindow() *schema.Resource {
	return &schema.Resource{
		CreateContext: windowCreate,
		ReadContext:   windowRead,
		UpdateContext: windowRead,
		DeleteContext: downtimeDelete,
		Schema: map[string]*schema.Schema{
			"owner":       {Type: schema.TypeString, Optional: true, ExactlyOneOf: []string{"owner", "owner_email"}},
			"owner_email": {Type: schema.TypeString, Optional: true, ExactlyOneOf: []string{"owner", "owner_email"}},
			"team":        {Type: schema.TypeString, Optional: true, Computed: true, ConflictsWith: []string{"team_id"}},
			"team_id":     {Type: schema.TypeString, Optional: true, Computed: true},
			"color": {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"color_code"},
				DiffSuppressFunc: func(k, o, n string, d *schema.ResourceData) bool { return d.Get("color_code") != "" }},
			"color_code": {Type: schema.TypeString, Optional: true},
			"size":       {Type: schema.TypeInt, Optional: true, ConflictsWith: []string{"size_name"}},
			"size_name":  {Type: schema.TypeString, Optional: true},
		},
	}
}

func windowCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	dt, err := apiGet("")
	if err != nil {
		return diag.FromErr(err)
	}
	if v, ok := d.GetOk("size"); ok { // tests "size", but both ways go on to the d.Set
		dt.Size = v.(int)
	}
	d.SetId("w")
	return saveWindow(d, dt)
}

func saveWindow(d *schema.ResourceData, dt *downtime) diag.Diagnostics {
	d.Set("owner", dt.Owner)               // want `APPLY-2: Create of resourceWindow saves "owner" .* alternative to "owner_email"`
	d.Set("team", dt.Team)                 // Optional+Computed absorbs it
	d.Set("team_id", dt.Team)              // Optional+Computed absorbs it
	d.Set("color", dt.Color)               // want `APPLY-2: Create of resourceWindow saves "color" .* DiffSuppressFunc hides`
	d.Set("size", dt.Size)                 // want `APPLY-2: Create of resourceWindow saves "size"`
	d.Set("size_name", d.Get("size_name")) // the configuration's own value
	d.Set("owner_email", nil)              // cleared, not filled
	return nil
}

func windowRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	dt, err := apiGet(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	// Safe: ExactlyOneOf, guarded by the form in use.
	if _, ok := d.GetOk("owner_email"); ok {
		d.Set("owner_email", dt.Owner)
	} else {
		d.Set("owner", dt.Owner)
	}
	d.Set("color", dt.Color) // a DiffSuppressFunc hides it in every plan after Create
	if useSizeName(d) {
		d.Set("size_name", strconv.Itoa(dt.Size))
	} else {
		d.Set("size", dt.Size)
	}
	return nil
}

func useSizeName(d *schema.ResourceData) bool {
	_, ok := d.GetOk("size_name")
	return ok
}

// The API's answer says which form is in use: one or the other is saved.
func resourcePolicy() *schema.Resource {
	return &schema.Resource{
		CreateContext: policyRead,
		ReadContext:   policyRead,
		UpdateContext: policyRead,
		DeleteContext: downtimeDelete,
		Schema: map[string]*schema.Schema{
			"pattern":     {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"tag_pattern"}},
			"tag_pattern": {Type: schema.TypeString, Optional: true},
			"limit":       {Type: schema.TypeInt, Optional: true, Default: 300, ConflictsWith: []string{"limit_name"}},
			"limit_name":  {Type: schema.TypeString, Optional: true, Computed: true},
			// Two settings that exclude each other, not two forms of one:
			// the API answers the unused one with nothing.
			"git_repo": {Type: schema.TypeString, Optional: true, ConflictsWith: []string{"url"}},
			"url":      {Type: schema.TypeString, Optional: true},
			// A deprecated form and its successor.
			"is_read_only":     {Type: schema.TypeBool, Optional: true, Deprecated: "use restricted_roles", ConflictsWith: []string{"restricted_roles"}},
			"restricted_roles": {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

func policyRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	dt, err := apiGet(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if dt.Color == "branch" {
		d.Set("pattern", dt.Owner)
	} else {
		d.Set("tag_pattern", dt.Owner)
	}
	d.Set("limit", dt.Size) // a Default: the plan holds it, not null
	d.Set("git_repo", dt.Owner)
	d.Set("url", dt.Team)
	d.Set("is_read_only", dt.Size > 0)     // want `READ-3: Read of resourcePolicy saves "is_read_only" .* alternative to "restricted_roles"`
	d.Set("restricted_roles", dt.Policies) // want `READ-3: Read of resourcePolicy saves "restricted_roles" .* alternative to "is_read_only"`
	return nil
}

// Saved only when the API has a value for it: an API that keeps one form
// answers the other with nothing.
func resourceBucket() *schema.Resource {
	return &schema.Resource{
		CreateContext: bucketRead,
		ReadContext:   bucketRead,
		UpdateContext: bucketRead,
		DeleteContext: downtimeDelete,
		Schema: map[string]*schema.Schema{
			"versioning":        {Type: schema.TypeBool, Optional: true, ConflictsWith: []string{"versioning_legacy"}},
			"versioning_legacy": {Type: schema.TypeString, Optional: true},
		},
	}
}

func bucketRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	dt, err := apiGet(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if dt == nil { // not found: a test of the answer, not of the value saved
		d.SetId("")
		return nil
	}
	if dt.Owner != "" {
		d.Set("versioning_legacy", dt.Owner)
	}
	d.Set("versioning", dt.Size > 0) // want `READ-3: Read of resourceBucket saves "versioning" .* alternative to "versioning_legacy"`
	return nil
}
