package unguardedunknown

import (
	"context"

	"errors"
	"fmt"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"

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

// A comparison on a constant key: an unknown size reads as 0 and is rejected.
// (An unknown tier reads as "" and skips the check: not reported.)
func sizeRule(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.Get("tier").(string) == "paid" && d.Get("size").(int) < 1 { // want `VALIDATE-1: CustomizeDiff code decides on "size"`
		return fmt.Errorf("paid tier needs a size")
	}
	return nil
}

// An unknown list reads as empty.
func needsRules(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if len(d.Get("rules").([]any)) == 0 { // want `VALIDATE-1: CustomizeDiff code decides on "rules"`
		return errors.New("at least one rule")
	}
	return nil
}

// --- safe idioms ---

// The zero value an unknown reads as passes the check.
func maxSize(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.Get("tier").(string) == "free" && d.Get("size").(int) > 1 {
		return fmt.Errorf("free tier allows size 1")
	}
	return nil
}

// A switch: an unknown target matches no case and passes.
func byTarget(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	switch d.Get("tier").(string) {
	case "free":
		return needsRules(ctx, d, meta)
	case "legacy":
		return errors.New("legacy tier is gone")
	}
	return nil
}

// Both ways fail: ca_cert is not what rejects the configuration.
func tlsPairs(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.Get("ca_cert").(string) != "" {
		return errors.New("ca_cert is not supported")
	}
	if d.Get("prefix").(string) == "legacy" {
		return errors.New("legacy prefix")
	}
	return nil
}

// The second test runs only for a non-empty phase: an unknown skips both.
func phaseGate(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if phase := d.Get("prefix").(string); phase != "" && phase != "CREATED" {
		return errors.New("only CREATED deployments can change")
	}
	return nil
}

// A block is unknown as a whole only under a dynamic block.
func needsBlock(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if _, ok := d.GetOk("rule"); !ok {
		return errors.New("at least one rule block")
	}
	return nil
}

// Compared with another value: the outcome for an unknown cannot be told.
func notShrinking(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	o, n := d.GetChange("size")
	if n.(int) < o.(int) {
		return fmt.Errorf("size cannot shrink")
	}
	return nil
}

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
		ReadContext:   read,
		CustomizeDiff: customdiff.All(exactlyOne, sizeRule, needsRules, maxSize, notShrinking, byTarget, tlsPairs, needsBlock, phaseGate, exactlyOneGuarded, computeName, forceNewOnShrink),
		Schema: map[string]*schema.Schema{
			"a": {Type: schema.TypeString, Optional: true}, "b": {Type: schema.TypeString, Optional: true},
			"c": {Type: schema.TypeString, Optional: true}, "tier": {Type: schema.TypeString, Optional: true},
			"size": {Type: schema.TypeInt, Optional: true}, "rules": {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}}, "prefix": {Type: schema.TypeString, Optional: true},
			"name": {Type: schema.TypeString, Computed: true}, "ca_cert": {Type: schema.TypeString, Optional: true},
			"rule": {Type: schema.TypeList, Optional: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"x": {Type: schema.TypeString, Optional: true}}}},
		},
	}
}

func read(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }

// PLAN-8: a default given when the configured value reads as unset, which
// an unknown value does too.
func defaultGuest(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.Get("guest_id") == "" { // want `PLAN-8: CustomizeDiff calls d.SetNew on the way "guest_id" takes when it reads as zero or unset`
		return d.SetNew("guest_id", "other-64")
	}
	return nil
}

// Safe: asked whether the value is known first.
func defaultGuestKnown(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if !d.NewValueKnown("os_id") {
		return nil
	}
	if d.Get("os_id") == "" {
		return d.SetNew("os_id", "other-64")
	}
	return nil
}
