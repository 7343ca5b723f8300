package diffsuppress

import (
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func activationSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"version": {Type: schema.TypeInt, Required: true},
		"network": {Type: schema.TypeString, Required: true},
		// Shape (b): suppressed whenever version and network did not change,
		// which on create may not be known yet.
		"note": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: suppressUnlessReactivated},
		// Safe twin: the same decision behind a create guard.
		"contact": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: suppressUnlessReactivatedGuarded},
		// Shape (b), the decision returned.
		"comment": {Type: schema.TypeString, Optional: true,
			DiffSuppressFunc: func(_, _, _ string, d *schema.ResourceData) bool {
				return !hasNetworkChange(d, "network") // want `PLAN-1: the DiffSuppressFunc of "comment" suppresses the difference on a decision made only by changes of other attributes \("network"\)`
			}},
		// Shape (b) behind old != new, which holds on create.
		"description": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: suppressUnlessChanged},
		// Safe twin: a create guard.
		"label": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: suppressUnlessChangedGuarded},
		// Safe: the decision looks at the attribute's own values too.
		"email": {Type: schema.TypeString, Optional: true,
			DiffSuppressFunc: func(_, old, new string, d *schema.ResourceData) bool {
				if old != "" && !d.HasChange("version") {
					return true
				}
				return old == new
			}},
	}
}

func suppressUnlessReactivated(_, old, new string, d *schema.ResourceData) bool {
	reactivate := d.HasChanges("version", "network") || hasNetworkChange(d, "network")
	if !reactivate {
		return true // want `PLAN-1: suppressUnlessReactivated, the DiffSuppressFunc of "note", suppresses the difference on a decision made only by changes of other attributes \("network", "version"\)`
	}
	return old == new
}

func suppressUnlessReactivatedGuarded(_, old, new string, d *schema.ResourceData) bool {
	if d.Id() == "" {
		return false
	}
	reactivate := d.HasChanges("version", "network") || hasNetworkChange(d, "network")
	if !reactivate {
		return true
	}
	return old == new
}

func hasNetworkChange(d *schema.ResourceData, key string) bool {
	o, n := d.GetChange(key)
	return o.(string) != n.(string)
}

func suppressUnlessChanged(_, old, new string, d *schema.ResourceData) bool {
	if old != new && d.HasChanges("version", "network") {
		return false
	}
	return true // want `PLAN-1: suppressUnlessChanged, the DiffSuppressFunc of "description", suppresses the difference on a decision made only by changes of other attributes \("network", "version"\)`
}

func suppressUnlessChangedGuarded(_, old, new string, d *schema.ResourceData) bool {
	if old != new && (d.IsNewResource() || d.HasChanges("version", "network")) {
		return false
	}
	return true
}
