package sdk

import "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

func thing() *schema.Resource {
	return &schema.Resource{
		Create: func(*schema.ResourceData, any) error { return nil },
		Read:   func(*schema.ResourceData, any) error { return nil },
		Update: func(*schema.ResourceData, any) error { return nil },
		Delete: func(*schema.ResourceData, any) error { return nil },
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true, Optional: true}, // want `SCHEMA-1: thing: attribute "name" is Required and also Optional`
			// Safe for the SDK: a Default on an Optional attribute is the SDK's idiom.
			"size": {Type: schema.TypeInt, Optional: true, Default: 1},
		},
	}
}

func recordSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"id":   {Type: schema.TypeInt},
		"name": {Type: schema.TypeString},
	}
}

// Safe: digitalocean's idiom — flags set on the elements after the fact make
// the map unresolved rather than wrongly flagless.
func dataSource() *schema.Resource {
	s := recordSchema()
	for _, f := range s {
		f.Computed = true
	}
	s["id"].Optional = true
	return &schema.Resource{
		Read:   func(*schema.ResourceData, any) error { return nil },
		Schema: s,
	}
}
