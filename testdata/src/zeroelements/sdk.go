package zeroelements

import (
	"context"
	"sort"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type rule struct{ Name string }

type group struct {
	Rules   []rule
	Mirrors []string
}

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_group": {ReadContext: read, Schema: map[string]*schema.Schema{
			"rule":   {Type: schema.TypeList, Computed: true, Elem: &schema.Resource{Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Computed: true}}}},
			"mirror": {Type: schema.TypeList, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
		}},
	}}
}

func fetch() group             { return group{} }
func mirrored(id string) []int { return nil }

func read(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	g := fetch()
	d.Set("rule", flattenRules(g.Rules))
	d.Set("mirror", flattenMirrors(g, d.Id()))
	d.Set("rule", flattenRulesSafe(g.Rules))
	d.Set("rule", flattenRulesIndexed(g.Rules))
	d.Set("mirror", sortedNames(g.Mirrors))
	return nil
}

// The bug: made with a length, then appended to.
func flattenRules(rules []rule) []map[string]any {
	out := make([]map[string]any, len(rules)) // want `APPLY-2: this slice is made with a length and then appended to`
	for _, r := range rules {
		out = append(out, map[string]any{"name": r.Name})
	}
	return out
}

// The bug: sized by one collection, filled from another.
func flattenMirrors(g group, id string) []any {
	out := make([]any, len(g.Mirrors)) // want `APPLY-2: this slice is sized by the length of one collection but filled by index from a loop over another collection`
	for i, n := range mirrored(id) {
		out[i] = n
	}
	return out
}

// Safe: capacity, not length.
func flattenRulesSafe(rules []rule) []map[string]any {
	out := make([]map[string]any, 0, len(rules))
	for _, r := range rules {
		out = append(out, map[string]any{"name": r.Name})
	}
	return out
}

// Safe: every element written by index of the same collection.
func flattenRulesIndexed(rules []rule) []map[string]any {
	out := make([]map[string]any, len(rules))
	for i, r := range rules {
		out[i] = map[string]any{"name": r.Name}
	}
	return out
}

// Safe: filled from a sorted copy of the collection it is sized by.
func sortedNames(names []string) []any {
	out := make([]any, len(names))
	for i, n := range sortCopy(names) {
		out[i] = n
	}
	return out
}

func sortCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

// Safe: one element, written by a constant index.
func single(r rule) []any {
	out := make([]any, 1)
	out[0] = r.Name
	return out
}
