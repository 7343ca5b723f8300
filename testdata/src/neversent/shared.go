package neversent

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// A schema helper shared with a data source strips the map on the data
// source's side only; a resource built with isDataSource false has the
// schema as written.
type sharedOpts struct {
	forProject   bool
	isDataSource bool
}

func sharedBase(opts sharedOpts) map[string]*schema.Schema {
	m := map[string]*schema.Schema{
		"name":     {Type: schema.TypeString, Required: true, ForceNew: !opts.forProject},
		"color":    {Type: schema.TypeString, Optional: true},
		"critical": {Type: schema.TypeBool, Optional: true}, // want `APPLY-2: "critical" of resourceShared is configurable \(Optional\), but neither envCreate nor envUpdate reads it`
	}
	if opts.isDataSource {
		m = forDataSource(m)
	}
	return m
}

// sharedSchema hands its options on, as the resource's own helper.
func sharedSchema(opts sharedOpts) map[string]*schema.Schema {
	m := sharedBase(opts)
	m["region"] = &schema.Schema{Type: schema.TypeString, Optional: true, Computed: true}
	return m
}

func forDataSource(m map[string]*schema.Schema) map[string]*schema.Schema {
	for _, s := range m {
		s.Optional, s.Computed = false, true
	}
	return m
}

func resourceShared() *schema.Resource {
	return &schema.Resource{
		CreateContext: envCreate,
		ReadContext:   envRead,
		UpdateContext: envUpdate,
		DeleteContext: envDelete,
		Schema:        sharedSchema(sharedOpts{forProject: false}),
	}
}

// The same helper, called for the stripping side: the value there is not
// followed.
func strippedBase(opts sharedOpts) map[string]*schema.Schema {
	m := map[string]*schema.Schema{
		"name":     {Type: schema.TypeString, Required: true},
		"color":    {Type: schema.TypeString, Optional: true},
		"critical": {Type: schema.TypeBool, Optional: true},
	}
	if opts.isDataSource {
		m = forDataSource(m)
	}
	return m
}

func resourceSharedStripped() *schema.Resource {
	return &schema.Resource{
		CreateContext: envCreate,
		ReadContext:   envRead,
		UpdateContext: envUpdate,
		DeleteContext: envDelete,
		Schema:        strippedBase(sharedOpts{isDataSource: true}),
	}
}
