package unguardedunknown

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// Attributes of block elements: an unknown nested value reads as zero too.

// diskPath gives a disk's path, or its name when the path is empty (the
// vsphere shape): with path unknown and name left unset, "".
func diskPath(m map[string]any) string {
	var path, name string
	if v, ok := m["path"]; ok && v != nil {
		path = v.(string)
	}
	if v, ok := m["name"]; ok && v != nil {
		name = v.(string)
	}
	if path != "" {
		return path
	}
	return name
}

// The path of an attached disk may come from another resource.
func disksAttached(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	_, n := d.GetChange("disk")
	for i, e := range n.([]any) {
		m := e.(map[string]any)
		if m["attach"].(bool) {
			if diskPath(m) == "" { // want `VALIDATE-1: CustomizeDiff code decides on "disk.\*.path" \(read through diskPath\) without asking d.NewValueKnown first`
				return fmt.Errorf("disk.%d: path or name cannot be empty when using attach", i)
			}
		}
	}
	return nil
}

// Safe twin: the check waits until the path is known.
func disksAttachedKnown(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	_, n := d.GetChange("disk")
	for i, e := range n.([]any) {
		m := e.(map[string]any)
		if !d.NewValueKnown(fmt.Sprintf("disk.%d.path", i)) {
			continue
		}
		if m["attach"].(bool) {
			if diskPath(m) == "" {
				return fmt.Errorf("disk.%d: path or name cannot be empty when using attach", i)
			}
		}
	}
	return nil
}

// A set block, its element's attribute read in place.
func volumeZones(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for _, e := range d.Get("volume").(*schema.Set).List() {
		v := e.(map[string]any)
		if !strings.HasPrefix(v["zone"].(string), "eu-") { // want `VALIDATE-1: CustomizeDiff code decides on "volume.\*.zone" without`
			return errors.New("volumes must be in an EU zone")
		}
	}
	return nil
}

// Safe twin: an empty zone (unknown, or unset) is skipped.
func volumeZonesSet(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for _, e := range d.Get("volume").(*schema.Set).List() {
		v := e.(map[string]any)
		if z := v["zone"].(string); z != "" && !strings.HasPrefix(z, "eu-") {
			return errors.New("volumes must be in an EU zone")
		}
	}
	return nil
}

// A parser: strconv.Atoi fails on the "" an unknown port reads as.
func volumePorts(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if v, ok := d.GetOk("volume"); ok {
		for _, e := range v.(*schema.Set).List() {
			if _, err := strconv.Atoi(e.(map[string]any)["port"].(string)); err != nil { // want `VALIDATE-1: CustomizeDiff code passes "volume.\*.port" to strconv.Atoi, which fails on an empty string`
				return err
			}
		}
	}
	return nil
}

// A helper's error: a label from another resource, with no name, is
// rejected; so is a name from another resource with no label.
func diskLabel(m map[string]any) (string, error) {
	label, name := m["label"].(string), m["name"].(string)
	if label == "" && name == "" {
		return "", errors.New("disk label or name must be defined")
	}
	if label != "" {
		return label, nil
	}
	return name, nil
}

func diskLabels(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for i, e := range d.Get("disk").([]any) {
		if _, err := diskLabel(e.(map[string]any)); err != nil { // want `VALIDATE-1: CustomizeDiff code decides on "disk.\*.label" \(read through diskLabel\)` `"disk.\*.name" \(read through diskLabel\)`
			return fmt.Errorf("disk.%d: %s", i, err)
		}
	}
	return nil
}

// Safe twin: both are asked about, by keys built with + and Sprintf.
func diskLabelsKnown(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for i, e := range d.Get("disk").([]any) {
		if !d.NewValueKnown("disk."+strconv.Itoa(i)+".label") || !d.NewValueKnown(fmt.Sprintf("disk.%d.name", i)) {
			continue
		}
		if _, err := diskLabel(e.(map[string]any)); err != nil {
			return fmt.Errorf("disk.%d: %s", i, err)
		}
	}
	return nil
}

// Quiet: both sizes have defaults, so the helper's fallback to the other
// is not zero.
func diskSize(m map[string]any) int {
	if s := m["size_gb"].(int); s != 0 {
		return s
	}
	return m["size"].(int)
}

func diskSizes(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for _, e := range d.Get("disk").([]any) {
		if diskSize(e.(map[string]any)) == 0 {
			return errors.New("a disk needs a size")
		}
	}
	return nil
}

func resourceVM() *schema.Resource {
	return &schema.Resource{
		ReadContext:   read,
		CustomizeDiff: customdiff.All(disksAttached, disksAttachedKnown, volumeZones, volumeZonesSet, volumePorts, diskLabels, diskLabelsKnown, diskSizes),
		Schema: map[string]*schema.Schema{
			"disk": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"path":    {Type: schema.TypeString, Optional: true, Computed: true},
				"name":    {Type: schema.TypeString, Optional: true},
				"label":   {Type: schema.TypeString, Optional: true},
				"attach":  {Type: schema.TypeBool, Optional: true},
				"size_gb": {Type: schema.TypeInt, Optional: true, Default: 1},
				"size":    {Type: schema.TypeInt, Optional: true, Default: 10},
			}}},
			"volume": {Type: schema.TypeSet, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{
				"zone": {Type: schema.TypeString, Optional: true},
				"port": {Type: schema.TypeString, Optional: true},
			}}},
		},
	}
}
