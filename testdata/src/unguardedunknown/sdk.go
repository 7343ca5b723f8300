package unguardedunknown

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// The C09 shape: "exactly one of" decided on values that may be unknown.
func exactlyOne(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for _, attr := range []string{"a", "b", "c"} {
		if _, ok := d.GetOk(attr); ok { // want `VALIDATE-1: CustomizeDiff code decides on a key held in a variable without asking d.NewValueKnown first`
			return nil
		}
	}
	return errors.New("exactly one of a, b or c should be provided")
}

// A comparison on a constant key.
func sizeRule(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.Get("tier").(string) == "free" && d.Get("size").(int) > 1 { // want `VALIDATE-1: CustomizeDiff code decides on "tier"` `VALIDATE-1: CustomizeDiff code decides on "size"`
		return fmt.Errorf("free tier allows size 1")
	}
	return nil
}

// --- safe idioms ---

// Guarded by NewValueKnown for the same key.
func exactlyOneGuarded(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	for _, attr := range []string{"a", "b", "c"} {
		if !d.NewValueKnown(attr) {
			return nil
		}
		if _, ok := d.GetOk(attr); ok {
			return nil
		}
	}
	return errors.New("exactly one of a, b or c should be provided")
}

// The value only feeds SetNew; the error comes from elsewhere.
func computeName(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if v, ok := d.GetOk("prefix"); ok {
		if err := d.SetNew("name", v.(string)+"-x"); err != nil {
			return err
		}
	}
	return nil
}

// A decision that never leads to an error.
func forceNewOnShrink(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	o, n := d.GetChange("size")
	if n.(int) < o.(int) {
		return d.ForceNew("size")
	}
	return nil
}

func resourceThing() *schema.Resource {
	return &schema.Resource{
		CustomizeDiff: customdiff.All(exactlyOne, sizeRule, exactlyOneGuarded, computeName, forceNewOnShrink),
		Schema: map[string]*schema.Schema{
			"a": {Type: schema.TypeString, Optional: true}, "b": {Type: schema.TypeString, Optional: true},
			"c": {Type: schema.TypeString, Optional: true}, "tier": {Type: schema.TypeString, Optional: true},
			"size": {Type: schema.TypeInt, Optional: true}, "prefix": {Type: schema.TypeString, Optional: true},
			"name": {Type: schema.TypeString, Computed: true},
		},
	}
}
