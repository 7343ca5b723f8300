// Package sdkv1 is a provider on terraform-plugin-sdk v1.
package sdkv1

import (
	"github.com/hashicorp/terraform-plugin-sdk/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/terraform"
)

func Provider() terraform.ResourceProvider {
	return &schema.Provider{
		ResourcesMap: map[string]*schema.Resource{
			"v1_bucket": resourceBucket(),
			"v1_inline": {
				Create: func(*schema.ResourceData, any) error { return nil },
				Read:   func(*schema.ResourceData, any) error { return nil },
				Delete: func(*schema.ResourceData, any) error { return nil },
				Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
			},
		},
		DataSourcesMap: map[string]*schema.Resource{"v1_bucket": dataBucket()},
	}
}

func resourceBucket() *schema.Resource { // want resourceBucket:`sdk resource resourceBucket funcs\(Create=Create,Delete=Delete,Exists=Exists,Read=Read,Update=Update\) schema v1\{acl:string/OD name:string/RF region:string/OC\} migratestate importer=custom`
	return &schema.Resource{
		Create:        bucketCRUD,
		Read:          bucketCRUD,
		Update:        bucketCRUD,
		Delete:        bucketCRUD,
		Exists:        func(*schema.ResourceData, any) (bool, error) { return true, nil },
		Importer:      &schema.ResourceImporter{State: importBucket},
		SchemaVersion: 1,
		MigrateState:  func(v int, s *terraform.InstanceState, m any) (*terraform.InstanceState, error) { return s, nil },
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true, ForceNew: true},
			"region": {Type: schema.TypeString, Optional: true, Computed: true},
			"acl":    {Type: schema.TypeString, Optional: true, Default: "private"},
		},
	}
}

// Data sources have no Create, whatever map they are listed in.
func dataBucket() *schema.Resource { // want dataBucket:`sdk datasource dataBucket funcs\(Read=Read\) schema v0\{name:string/R\}`
	return &schema.Resource{
		Read:   bucketCRUD,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}},
	}
}

func bucketCRUD(*schema.ResourceData, any) error { return nil } // want bucketCRUD:`datakeys\(; sets \)`

func importBucket(d *schema.ResourceData, _ any) ([]*schema.ResourceData, error) { // want importBucket:`datakeys\(; sets ; dynamic\)`
	return []*schema.ResourceData{d}, nil
}
