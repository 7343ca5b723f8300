package zerofornull

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type apiJob struct {
	Name    string
	Options *apiOptions
	Group   *apiGroup
	Reset   apiReset
	Meta    []string
}

func (j *apiJob) GetReset() apiReset { return j.Reset }
func (j *apiJob) HasReset() bool     { return j.Reset.Time != "" }
func (j *apiJob) GetMeta() []string  { return j.Meta }
func (j *apiJob) HasMeta() bool      { return j.Meta != nil }

type apiOptions struct{ Format string }
type apiGroup struct{ ID string }
type apiReset struct{ Time string }

type jobClient struct{}

func (jobClient) Get(id string) (*apiJob, error) { return &apiJob{}, nil }

var errGone = errors.New("gone")

func resourceJob() *schema.Resource {
	elem := &schema.Resource{Schema: map[string]*schema.Schema{
		"format": {Type: schema.TypeString, Optional: true},
	}}
	return &schema.Resource{
		CreateContext: jobCreate,
		ReadContext:   jobRead,
		UpdateContext: jobUpdate,
		DeleteContext: jobUpdate,
		Schema: map[string]*schema.Schema{
			"name":           {Type: schema.TypeString, Required: true},
			"output_options": {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"group":          {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"reset":          {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"metadata":       {Type: schema.TypeSet, Optional: true, MaxItems: 1, Elem: elem},
			"settings":       {Type: schema.TypeList, Optional: true, Computed: true, MaxItems: 1, Elem: elem},
			"required_block": {Type: schema.TypeList, Required: true, MaxItems: 1, Elem: elem},
			"guarded":        {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"configured":     {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"flattened":      {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"schedule":       {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
			"placement":      {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: elem},
		},
	}
}

func jobCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.SetId("j")
	return jobRead(ctx, d, m)
}

func jobRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	job, err := jobClient{}.Get(d.Id())
	if errors.Is(err, errGone) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", job.Name)

	// An empty map when the API has no options: a block nobody configured.
	outputOptions := make(map[string]interface{})
	if job.Options != nil {
		data, _ := json.Marshal(job.Options)
		if err := json.Unmarshal(data, &outputOptions); err != nil {
			return diag.FromErr(err)
		}
	}
	if err := d.Set("output_options", []map[string]interface{}{outputOptions}); err != nil { // want `READ-3: Read of resourceJob saves the block "output_options" as a one-element list on every way through`
		return diag.FromErr(err)
	}

	group := map[string]interface{}{}
	if job.Group != nil {
		group["format"] = job.Group.ID
	}
	d.Set("group", []interface{}{group}) // want `READ-3: Read of resourceJob saves the block "group"`

	var groupMap map[string]interface{}
	if groups := flattenGroups(job); len(groups) > 0 {
		groupMap = groups[0]
	}
	d.Set("placement", []map[string]interface{}{groupMap}) // want `READ-3: Read of resourceJob saves the block "placement"`

	d.Set("reset", flattenReset(job.GetReset())) // want `READ-3: Read of resourceJob saves the block "reset"`

	setMetadata(d, job)

	// Built from a part of the object the API always has: whether the
	// configuration can leave the block out is the API's to say.
	d.Set("schedule", flattenReset(job.Reset))

	// Optional+Computed: the SDK keeps what Read saves.
	d.Set("settings", []interface{}{map[string]interface{}{"format": "x"}})
	// Required: the configuration always has it.
	d.Set("required_block", []interface{}{map[string]interface{}{"format": "x"}})

	// Saved only when the API has it.
	if job.Options != nil {
		d.Set("guarded", []interface{}{map[string]interface{}{"format": job.Options.Format}})
	}
	// Saved only when the configuration has it.
	if _, ok := d.GetOk("configured"); ok {
		d.Set("configured", []interface{}{map[string]interface{}{"format": job.Name}})
	}
	// A helper that answers nil when the API has nothing.
	d.Set("flattened", flattenOptions(job.Options))
	return nil
}

func jobUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return jobRead(ctx, d, m)
}

func flattenReset(r apiReset) *[]map[string]interface{} {
	return &[]map[string]interface{}{{"format": r.Time}}
}

func flattenOptions(o *apiOptions) []interface{} {
	if o == nil {
		return nil
	}
	return []interface{}{map[string]interface{}{"format": o.Format}}
}

func setMetadata(d *schema.ResourceData, job *apiJob) {
	meta := map[string]interface{}{"format": job.GetMeta()}
	d.Set("metadata", []map[string]interface{}{meta}) // want `READ-3: Read of resourceJob saves the block "metadata"`
}

func flattenGroups(job *apiJob) []map[string]interface{} {
	if job.Group == nil {
		return nil
	}
	return []map[string]interface{}{{"format": job.Group.ID}}
}
