// Package sdkv1 checks SCHEMA-3 on terraform-plugin-sdk v1 (G04's plugin).
package sdkv1

import "github.com/hashicorp/terraform-plugin-sdk/helper/schema"

func crud(*schema.ResourceData, any) error { return nil }

// No Update: region can change in config but nothing can update it.
func resourceBucket() *schema.Resource {
	return &schema.Resource{ // want `SCHEMA-3: resourceBucket has no Update function, but "region" is not ForceNew`
		Create: crud,
		Read:   crud,
		Delete: crud,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true, ForceNew: true},
			"region": {Type: schema.TypeString, Optional: true},
		},
	}
}
