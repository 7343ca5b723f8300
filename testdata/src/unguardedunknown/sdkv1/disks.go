// Package sdkv1 holds a block's schema and its diff code, while the
// resource using them is declared in an importing package (vsphere's
// virtualdevice): the block is known from the schema map and from how
// its elements are read.
package sdkv1

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-sdk/helper/schema"
)

// DiskSchema is the schema of a disk block.
func DiskSchema() map[string]*schema.Schema {
	s := map[string]*schema.Schema{
		"path":        {Type: schema.TypeString, Optional: true, Computed: true},
		"name":        {Type: schema.TypeString, Optional: true},
		"attach":      {Type: schema.TypeBool, Optional: true},
		"unit_number": {Type: schema.TypeInt, Optional: true},
	}
	return s
}

func pathOrName(data map[string]interface{}) string {
	var path, name string
	if v, ok := data["path"]; ok && v != nil {
		path = v.(string)
	}
	if v, ok := data["name"]; ok && v != nil {
		name = v.(string)
	}
	if path != "" {
		return path
	}
	return name
}

// DiskDiff checks the disks. The count of the block is not reported: a
// block is unknown as a whole only under a dynamic block.
func DiskDiff(d *schema.ResourceDiff) error {
	_, n := d.GetChange("disk")
	if len(n.([]interface{})) < 1 {
		return errors.New("there must be at least one disk specified")
	}
	attachments := map[string]bool{}
	for ni, ne := range n.([]interface{}) {
		nm := ne.(map[string]interface{})
		if nm["attach"].(bool) {
			path := pathOrName(nm) // want `VALIDATE-1: CustomizeDiff code decides on "disk.\*.path" \(read through pathOrName\)`
			if path == "" {
				return fmt.Errorf("disk.%d: path or name cannot be empty when using attach", ni)
			}
			if attachments[path] {
				return fmt.Errorf("disk: multiple entries trying to attach external disk %s", path)
			}
			attachments[path] = true
		}
	}
	return nil
}

// DiskDiffKnown is the fix: the path is checked once it is known.
func DiskDiffKnown(d *schema.ResourceDiff) error {
	_, n := d.GetChange("disk")
	if len(n.([]interface{})) < 1 {
		return errors.New("there must be at least one disk specified")
	}
	attachments := map[string]bool{}
	for ni, ne := range n.([]interface{}) {
		nm := ne.(map[string]interface{})
		pathKnown := d.NewValueKnown(fmt.Sprintf("disk.%d.path", ni))
		if nm["attach"].(bool) && pathKnown {
			path := pathOrName(nm)
			if path == "" {
				return fmt.Errorf("disk.%d: path or name cannot be empty when using attach", ni)
			}
			if attachments[path] {
				return fmt.Errorf("disk: multiple entries trying to attach external disk %s", path)
			}
			attachments[path] = true
		}
	}
	return nil
}

// NICDiff reads a block whose schema is nowhere in sight: its attributes
// cannot be judged, and nothing is reported.
func NICDiff(d *schema.ResourceDiff) error {
	for _, e := range d.Get("network_interface").([]interface{}) {
		if e.(map[string]interface{})["network_id"].(string) == "" {
			return errors.New("a network interface needs a network_id")
		}
	}
	return nil
}
