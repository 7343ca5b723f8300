package diffsuppress

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/validation"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_record":     {Schema: recordSchema()},
		"x_activation": {Schema: activationSchema()},
	}}
}

func recordSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		// Shape (a), a package function: "up" values that are not booleans
		// (a feed pointer) all parse to false, so every change is hidden.
		"meta": {Type: schema.TypeMap, Optional: true, DiffSuppressFunc: metaUpDiff},
		// Safe twin: the errors are tested.
		"meta_checked": {Type: schema.TypeMap, Optional: true, DiffSuppressFunc: metaUpDiffChecked},
		// Shape (a), a function literal returning the comparison.
		"timeout": {Type: schema.TypeString, Optional: true,
			DiffSuppressFunc: func(_, old, new string, _ *schema.ResourceData) bool {
				if old == "" || new == "" {
					return false
				}
				o, _ := time.ParseDuration(old)
				n, _ := time.ParseDuration(new)
				return o.Seconds() == n.Seconds() // want `PLAN-1: the DiffSuppressFunc of "timeout" compares what time.ParseDuration made of old and new without looking at the errors`
			}},
		// Safe twin: a validator holds the value to a duration, so both parse.
		"timeout_validated": {Type: schema.TypeString, Optional: true, ValidateFunc: validation.StringIsNotEmpty,
			DiffSuppressFunc: durationDiff},
		// Shape (a), unmarshalled JSON compared whole.
		"policy": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: jsonDiff},
		// Safe twin: the unmarshal errors are tested.
		"policy_checked": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: jsonDiffChecked},
		// Shape (a), the DSF returned by a package function.
		"port": {Type: schema.TypeString, Optional: true, DiffSuppressFunc: numericDiff(10)},
		// Safe: a bool attribute is handed over in the SDK's own form, which parses.
		"enabled": {Type: schema.TypeBool, Optional: true, DiffSuppressFunc: boolDiff},
	}
}

func metaUpDiff(k, old, new string, _ *schema.ResourceData) bool {
	if strings.HasSuffix(k, "up") {
		n, _ := strconv.ParseBool(new)
		o, _ := strconv.ParseBool(old)
		if n == o { // want `PLAN-1: metaUpDiff, the DiffSuppressFunc of "meta", compares what strconv.ParseBool made of old and new`
			return true
		}
	}
	return false
}

func metaUpDiffChecked(k, old, new string, _ *schema.ResourceData) bool {
	if strings.HasSuffix(k, "up") {
		n, errN := strconv.ParseBool(new)
		o, errO := strconv.ParseBool(old)
		if errN != nil || errO != nil {
			return false
		}
		if n == o {
			return true
		}
	}
	return false
}

func durationDiff(_, old, new string, _ *schema.ResourceData) bool {
	o, _ := time.ParseDuration(old)
	n, _ := time.ParseDuration(new)
	return o == n
}

func jsonDiff(_, old, new string, _ *schema.ResourceData) bool {
	var o, n map[string]any
	_ = json.Unmarshal([]byte(old), &o)
	json.Unmarshal([]byte(new), &n)
	return reflect.DeepEqual(o, n) // want `PLAN-1: jsonDiff, the DiffSuppressFunc of "policy", compares what encoding/json.Unmarshal made of old and new`
}

func jsonDiffChecked(_, old, new string, _ *schema.ResourceData) bool {
	var o, n map[string]any
	if err := json.Unmarshal([]byte(old), &o); err != nil {
		return false
	}
	if err := json.Unmarshal([]byte(new), &n); err != nil {
		return false
	}
	return reflect.DeepEqual(o, n)
}

func numericDiff(base int) schema.SchemaDiffSuppressFunc {
	return func(_, old, new string, _ *schema.ResourceData) bool {
		o, _ := strconv.ParseInt(old, base, 64)
		n, _ := strconv.ParseInt(new, base, 64)
		if o != n { // want `PLAN-1: the DiffSuppressFunc of "port" compares what strconv.ParseInt made of old and new`
			return false
		}
		return true
	}
}

func boolDiff(_, old, new string, _ *schema.ResourceData) bool {
	o, _ := strconv.ParseBool(old)
	n, _ := strconv.ParseBool(new)
	return o == n
}
