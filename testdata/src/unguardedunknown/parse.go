package unguardedunknown

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/customdiff"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// An unknown policy reads as "", and json.Unmarshal of "" always fails.
func policyIsJSON(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	var doc map[string]any
	if err := json.Unmarshal([]byte(d.Get("policy").(string)), &doc); err != nil { // want `VALIDATE-1: CustomizeDiff code passes "policy" to json.Unmarshal, which fails on an empty string`
		return fmt.Errorf("policy is not JSON: %w", err)
	}
	return nil
}

// Safe: asked whether the policy is known first.
func policyIsJSONKnown(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if !d.NewValueKnown("policy") {
		return nil
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(d.Get("policy").(string)), &doc); err != nil {
		return fmt.Errorf("policy is not JSON: %w", err)
	}
	return nil
}

// Safe: an empty policy (unknown, or unset) is not parsed.
func policyIsJSONIfSet(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	p := d.Get("policy").(string)
	if p == "" {
		return nil
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(p), &doc); err != nil {
		return fmt.Errorf("policy is not JSON: %w", err)
	}
	return nil
}

// Safe: created only from a non-empty value, and otherwise an empty one
// returns before the parse (the flag is false whichever way an unknown goes).
func rulesOnCreate(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	o, n := d.GetChange("policy")
	create := d.Id() == "" && n.(string) != ""
	if !create && (o.(string) == "" || n.(string) == "") {
		return nil
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(n.(string)), &doc); err != nil {
		return fmt.Errorf("policy is not JSON: %w", err)
	}
	return nil
}

// Safe: url.Parse accepts "".
func endpointParses(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if _, err := url.Parse(d.Get("endpoint").(string)); err != nil {
		return err
	}
	return nil
}

// The parse error returned as it is.
func portIsNumber(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	_, err := strconv.Atoi(d.Get("port").(string)) // want `VALIDATE-1: CustomizeDiff code passes "port" to strconv.Atoi`
	return err
}

type spec struct{ Name string }

// parseSpec fails on "" when the spec is JSON.
func parseSpec(raw string, isJSON bool) (*spec, error) {
	var s spec
	if isJSON {
		if err := json.Unmarshal([]byte(raw), &s); err != nil {
			return nil, fmt.Errorf("parsing spec: %w", err)
		}
	}
	return &s, nil
}

// parseSpecOrEmpty takes "" for an empty spec.
func parseSpecOrEmpty(raw string) (*spec, error) {
	if raw == "" {
		return &spec{}, nil
	}
	return parseSpec(raw, true)
}

// The R183 shape: the new side of a change, parsed by an in-package helper.
func specDiff(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	o, n := d.GetChange("spec") // want `VALIDATE-1: CustomizeDiff code passes "spec" to parseSpec, which fails on an empty string`
	if o.(string) == n.(string) {
		return nil
	}
	s, err := parseSpec(n.(string), d.Get("json").(bool))
	if err != nil {
		return err
	}
	return d.SetNew("name", s.Name)
}

// Safe: the helper takes "" for an empty spec.
func specDiffOrEmpty(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	s, err := parseSpecOrEmpty(d.Get("spec2").(string))
	if err != nil {
		return err
	}
	return d.SetNew("name", s.Name)
}

// PLAN-8: the parse failure is swallowed and the version is not marked unknown.
func rulesVersion(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	_, n := d.GetChange("rules_json") // want `PLAN-8: CustomizeDiff passes "rules_json" to json.Unmarshal, which fails on an empty string, and then skips d.SetNewComputed`
	var rules []any
	if err := json.Unmarshal([]byte(n.(string)), &rules); err != nil {
		return nil
	}
	return d.SetNewComputed("latest_version")
}

// Safe: asked whether the rules are known first.
func rulesVersionKnown(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if !d.NewValueKnown("rules_json") {
		return d.SetNewComputed("latest_version")
	}
	_, n := d.GetChange("rules_json")
	var rules []any
	if err := json.Unmarshal([]byte(n.(string)), &rules); err != nil {
		return nil
	}
	return d.SetNewComputed("latest_version")
}

// changeFetcher is the part of the diff the helpers below need.
type changeFetcher interface {
	GetChange(string) (any, any)
}

// The R229 shape: a helper handed the diff as an interface parses the new
// rules; its caller swallows the failure and skips SetNewComputed.
func rulesChanged(rc changeFetcher) (bool, error) {
	o, n := rc.GetChange("rules_doc") // want `PLAN-8: CustomizeDiff helper rulesChanged passes "rules_doc" to json.Unmarshal, which fails on an empty string`
	var a, b []any
	if err := json.Unmarshal([]byte(n.(string)), &b); err != nil {
		return false, err
	}
	_ = json.Unmarshal([]byte(o.(string)), &a)
	return len(a) != len(b), nil
}

func markVersion(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if ok, err := rulesChanged(d); err != nil || !ok {
		return nil
	}
	return d.SetNewComputed("latest_version")
}

// Safe: the fixed helper treats empty rules as empty.
func rulesChangedOrEmpty(rc changeFetcher) (bool, error) {
	o, n := rc.GetChange("rules_doc2")
	var a, b []any
	if n.(string) != "" {
		if err := json.Unmarshal([]byte(n.(string)), &b); err != nil {
			return false, err
		}
	}
	_ = json.Unmarshal([]byte(o.(string)), &a)
	return len(a) != len(b), nil
}

func markVersionOrEmpty(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if ok, err := rulesChangedOrEmpty(d); err != nil || !ok {
		return nil
	}
	return d.SetNewComputed("latest_version")
}

// The same helper shape, whose caller returns the failure.
func rulesChanged2(rc changeFetcher) (bool, error) {
	_, n := rc.GetChange("rules_doc3") // want `VALIDATE-1: CustomizeDiff helper rulesChanged2 passes "rules_doc3" to json.Unmarshal`
	var b []any
	if err := json.Unmarshal([]byte(n.(string)), &b); err != nil {
		return false, err
	}
	return len(b) > 0, nil
}

func checkRules(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	_, err := rulesChanged2(d)
	return err
}

func resourceParsed() *schema.Resource {
	return &schema.Resource{
		ReadContext:   read,
		CustomizeDiff: customdiff.All(policyIsJSON, policyIsJSONKnown, policyIsJSONIfSet, rulesOnCreate, endpointParses, portIsNumber, specDiff, specDiffOrEmpty, rulesVersion, rulesVersionKnown, markVersion, markVersionOrEmpty, checkRules),
		Schema: map[string]*schema.Schema{
			"policy": {Type: schema.TypeString, Required: true}, "endpoint": {Type: schema.TypeString, Required: true},
			"port": {Type: schema.TypeString, Required: true}, "spec": {Type: schema.TypeString, Required: true},
			"spec2": {Type: schema.TypeString, Required: true}, "json": {Type: schema.TypeBool, Optional: true},
			"name": {Type: schema.TypeString, Computed: true}, "rules_json": {Type: schema.TypeString, Required: true},
			"rules_doc": {Type: schema.TypeString, Required: true}, "rules_doc2": {Type: schema.TypeString, Required: true},
			"rules_doc3": {Type: schema.TypeString, Required: true}, "latest_version": {Type: schema.TypeInt, Computed: true},
		},
	}
}
