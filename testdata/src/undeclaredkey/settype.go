package undeclaredkey

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type teamRef struct{ ID, Type string }

type ruleOut struct {
	Action string
	Weight int
}

// A struct the SDK can decode into a block: every exported field is tagged.
type taggedRule struct {
	Action string `mapstructure:"action"`
}

type status string

type service struct {
	Name      string
	Timeout   *int
	Count     int
	OwnerID   int64
	Enabled   bool
	Ratio     float64
	Schema    teamRef
	Teams     []*teamRef
	Rules     []ruleOut
	Config    map[string]any
	Counts    map[string]int
	Labels    map[string]string
	Status    status
	Raw       json.Number
	Any       any
	Tagged    []taggedRule
	Instances []string
}

func getService(ctx context.Context, id string) (*service, error) { return &service{}, nil }

func resourceService() *schema.Resource {
	return &schema.Resource{
		CreateContext: serviceCreate,
		ReadContext:   serviceRead,
		UpdateContext: serviceUpdate,
		DeleteContext: serviceDelete,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"name":        {Type: schema.TypeString, Required: true},
			"timeout":     {Type: schema.TypeString, Optional: true},
			"count":       {Type: schema.TypeInt, Optional: true},
			"owner_id":    {Type: schema.TypeString, Computed: true},
			"enabled":     {Type: schema.TypeBool, Optional: true},
			"ratio":       {Type: schema.TypeFloat, Optional: true},
			"schema_id":   {Type: schema.TypeString, Required: true, ForceNew: true},
			"status":      {Type: schema.TypeString, Computed: true},
			"teams":       {Type: schema.TypeSet, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"instances":   {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
			"labels":      {Type: schema.TypeMap, Optional: true},
			"weights":     {Type: schema.TypeMap, Optional: true, Elem: schema.TypeInt},
			"config":      {Type: schema.TypeList, Optional: true, MaxItems: 1, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"key": {Type: schema.TypeString, Optional: true}}}},
			"rule":        {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"action": {Type: schema.TypeString, Optional: true}}}},
			"tagged_rule": {Type: schema.TypeSet, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"action": {Type: schema.TypeString, Optional: true}}}},
		},
	}
}

func serviceCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s, err := getService(ctx, "")
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(s.Name)
	if err := d.Set("owner_id", s.OwnerID); err != nil { // want `IMPORT-3: d.Set\("owner_id", int64\) in serviceCreate: "owner_id" is a TypeString, and a TypeString takes a string, not int64; d.Set returns an error, which this code checks`
		return diag.FromErr(err)
	}
	return serviceRead(ctx, d, meta)
}

func serviceRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	s, err := getService(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("timeout", *s.Timeout)                              // want `IMPORT-3: d.Set\("timeout", int\) in serviceRead: "timeout" is a TypeString, and a TypeString takes a string, not int; the SDK refuses the value`
	d.Set("count", "null")                                    // want `IMPORT-3: d.Set\("count", string\) in serviceRead: "count" is a TypeInt, and a TypeInt takes a number, not string`
	d.Set("enabled", s.Name)                                  // want `IMPORT-3: d.Set\("enabled", string\) in serviceRead: "enabled" is a TypeBool`
	d.Set("schema_id", s.Schema)                              // want `IMPORT-3: d.Set\("schema_id", undeclaredkey.teamRef\) in serviceRead: "schema_id" is a TypeString, and a TypeString takes a string, not undeclaredkey.teamRef`
	d.Set("teams", s.Teams)                                   // want `IMPORT-3: d.Set\("teams", \[\]\*undeclaredkey.teamRef\) in serviceRead: "teams" is a TypeSet of strings, and its elements are strings: a TypeString takes a string, not undeclaredkey.teamRef`
	d.Set("config", s.Config)                                 // want `IMPORT-3: d.Set\("config", map\[string\]any\) in serviceRead: "config" is a TypeList of blocks, and a list takes a slice, not map\[string\]any`
	d.Set("rule", s.Rules)                                    // want `IMPORT-3: d.Set\("rule", \[\]undeclaredkey.ruleOut\) in serviceRead: "rule" is a TypeList of blocks, and its elements are blocks: each block must be a map, not the struct undeclaredkey.ruleOut \(its field Action`
	d.Set("weights", s.Labels)                                // want `IMPORT-3: d.Set\("weights", map\[string\]string\) in serviceRead: "weights" is a TypeMap of ints, and its values are ints: a TypeInt takes a number, not string`
	d.Set("labels", s.Counts)                                 // want `IMPORT-3: d.Set\("labels", map\[string\]int\) in serviceRead: "labels" is a TypeMap of strings`
	d.Set("instances", s.Instances)                           // a []string for a list of strings: fine
	d.Set("rule.0.action", s.Count)                           // want `IMPORT-3: d.Set\("rule.0.action", int\) in serviceRead: "rule.0.action" is a TypeString`
	d.Set("instances", schema.NewSet(schema.HashString, nil)) // want `IMPORT-3: d.Set\("instances", \*schema.Set\) in serviceRead: "instances" is a TypeList of strings, and a list takes a slice, not schema.Set`
	setServiceFields(d, s)
	return nil
}

// The safe twins: each value in a form the SDK stores.
func setServiceFields(d *schema.ResourceData, s *service) {
	d.Set("name", &s.Name)                     // a *string: dereferenced
	d.Set("timeout", strconv.Itoa(*s.Timeout)) // converted
	d.Set("status", s.Status)                  // a named string type
	d.Set("count", s.OwnerID)                  // any integer kind
	d.Set("count", s.Ratio)                    // a float for an int: decoded (truncated)
	d.Set("count", s.Raw)                      // json.Number
	d.Set("ratio", s.Count)                    // an int for a float
	d.Set("enabled", s.Enabled)
	d.Set("schema_id", s.Schema.ID)
	d.Set("teams", flattenTeamRefs(s.Teams))
	d.Set("teams", schema.NewSet(schema.HashString, nil)) // a *schema.Set for a set
	d.Set("config", []any{s.Config})
	d.Set("rule", []map[string]any{{"action": s.Name}})
	d.Set("tagged_rule", s.Tagged) // tagged struct fields map to the block's attributes
	d.Set("labels", s.Labels)
	d.Set("weights", s.Counts)
	d.Set("name", s.Any) // an interface: the type says nothing
	d.Set("name", nil)   // clears it
	d.Set("teams.0", s.Name)
}

func flattenTeamRefs(ts []*teamRef) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func serviceUpdate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	_ = d.Get("name")
	return serviceRead(ctx, d, meta)
}

func serviceDelete(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return nil
}

// Two resources sharing a Read that declare "size" with different types:
// the value fits one of them, so it is left alone.
func resourceDiskA() *schema.Resource {
	return &schema.Resource{
		CreateContext: diskCreate,
		ReadContext:   diskRead,
		DeleteContext: serviceDelete,
		Schema:        map[string]*schema.Schema{"size": {Type: schema.TypeString, Optional: true, ForceNew: true}},
	}
}

func resourceDiskB() *schema.Resource {
	return &schema.Resource{
		CreateContext: diskCreate,
		ReadContext:   diskRead,
		DeleteContext: serviceDelete,
		Schema:        map[string]*schema.Schema{"size": {Type: schema.TypeInt, Optional: true, ForceNew: true}},
	}
}

func diskCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return diskRead(ctx, d, meta)
}

func diskRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.Set("size", 10)
	return nil
}

// A data source: its attributes are not kept in state, left alone.
func dataSourceService() *schema.Resource {
	return &schema.Resource{
		ReadContext: func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			d.SetId("x")
			d.Set("name", 1)
			return nil
		},
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Computed: true}},
	}
}

// A helper shared by a resource and a data source: both lose the value.
type server struct{ ImageID int }

func resourceServer() *schema.Resource {
	return &schema.Resource{
		CreateContext: serverCreate,
		ReadContext:   serverRead,
		DeleteContext: serviceDelete,
		Schema:        map[string]*schema.Schema{"image": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func dataSourceServer() *schema.Resource {
	return &schema.Resource{
		ReadContext: serverRead,
		Schema:      map[string]*schema.Schema{"image": {Type: schema.TypeString, Computed: true}},
	}
}

func serverCreate(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return serverRead(ctx, d, meta)
}

func serverRead(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	setServerSchema(d, &server{})
	return nil
}

func setServerSchema(d *schema.ResourceData, s *server) {
	d.Set("image", s.ImageID) // want `IMPORT-3: d.Set\("image", int\) in setServerSchema: "image" is a TypeString, and a TypeString takes a string, not int`
}
