package lookupnotfound

import (
	"context"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/lookupnotfound/api"
)

// parentID returns a parent's number as it is, and looks a name up.
func parentID(ctx context.Context, c *api.Client, s string) (string, error) {
	if _, ok := parseNumber(s); ok {
		return s, nil
	}
	p, err := c.Parent(ctx, api.GetRequest{ID: s})
	if err != nil {
		return "", err
	}
	return p.ID, nil
}

func parseNumber(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func createNumbered(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	p, err := parentID(ctx, meta.(*api.Client), d.Get("parent_id").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	n, _ := strconv.Atoi(p)
	d.SetId(strconv.Itoa(n) + "/" + d.Get("name").(string))
	return nil
}

func createByName(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId(d.Get("parent_id").(string) + "/" + d.Get("name").(string))
	return nil
}

// Safe: Create saves the parent's number in the ID, for which parentID
// asks nothing; a name there comes only from an import.
func readParentNumbered(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parts := strings.SplitN(d.Id(), "/", 2)
	p, err := parentID(ctx, c, parts[0])
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, p, parts[1])
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Create saves the parent as configured, a name too: parentID looks it up
// on every refresh, and fails once the parent is deleted.
func readParentNamed(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parts := strings.SplitN(d.Id(), "/", 2)
	p, err := parentID(ctx, c, parts[0])
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of x_parent_named fails here when parentID finds nothing, before it reaches its own not-found test`
	}
	child, resp, err := c.Child(ctx, p, parts[1])
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the variable the retry sets holds what Child answered, never nil:
// the nil branch that removes and fails cannot be taken.
func readRetriedNeverNil(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	var child *api.Thing
	err := retry.RetryContext(ctx, d.Timeout(schema.TimeoutRead), func() *retry.RetryError {
		var err error
		child, _, err = meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
		if err != nil {
			return retry.NonRetryableError(err)
		}
		return nil
	})
	if err != nil {
		return diag.FromErr(err)
	}
	if child == nil {
		d.SetId("")
		return diag.Errorf("no object %s", d.Id())
	}
	d.Set("name", child.Name)
	return nil
}

// Find answers nil for a missing object: the nil branch is taken, and its
// removal is lost with the error.
func readRetriedMaybeNil(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	var child *api.Thing
	err := retry.RetryContext(ctx, d.Timeout(schema.TimeoutRead), func() *retry.RetryError {
		var err error
		child, err = meta.(*api.Client).Find(ctx, d.Get("parent_id").(string), d.Id())
		if err != nil {
			return retry.NonRetryableError(err)
		}
		return nil
	})
	if err != nil {
		return diag.FromErr(err)
	}
	if child == nil {
		d.SetId("")
		return diag.Errorf("no object %s", d.Id()) // want `READ-2: Read of x_retried_maybe_nil removes the resource on this branch and then fails too`
	}
	d.Set("name", child.Name)
	return nil
}

// Safe here: the 404 test removes and then fails as well, which readnotfound
// reports, listing this branch with it: one mistake, one finding.
func readRemovesTwice(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	child, resp, err := meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return diag.Errorf("object %s is gone", d.Id())
	}
	if err != nil {
		return diag.FromErr(err)
	}
	if child.ID != d.Id() {
		d.SetId("")
		return diag.Errorf("object %s is gone", d.Id())
	}
	d.Set("name", child.Name)
	return nil
}
