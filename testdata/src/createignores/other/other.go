// Package other stands for code the analysis cannot see into.
package other

import "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

// Apply reads whatever it likes from d.
func Apply(d *schema.ResourceData) error { return nil }
