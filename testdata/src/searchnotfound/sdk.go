package searchnotfound

import (
	"context"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/searchnotfound/api"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_rule_set":       {CreateContext: create, ReadContext: readSetsFound, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_returns":   {CreateContext: create, ReadContext: readReturnsFound, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_split":     {CreateContext: create, ReadContext: readSplitID, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_flag":      {CreateContext: create, ReadContext: readFlag, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_message":   {CreateContext: create, ReadContext: readMessage, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_skips":     {CreateContext: create, ReadContext: readSkipsItself, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_by_name":   {CreateContext: create, ReadContext: readByName, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_config":    {CreateContext: create, ReadContext: readConfigList, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_index":     {CreateContext: create, ReadContext: readIndex, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_grouped":   {CreateContext: create, ReadContext: readGrouped, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_decorated": {CreateContext: create, ReadContext: gone(readDecorated), DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_found_err": {CreateContext: create, ReadContext: readFoundTestFails, DeleteContext: remove, Schema: ruleSchema()},
		"x_rule_break_ok":  {CreateContext: create, ReadContext: readBreakThenTest, DeleteContext: remove, Schema: ruleSchema()},
	}}
}

func ruleSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"parent": {Type: schema.TypeString, Required: true, ForceNew: true},
		"name":   {Type: schema.TypeString, Required: true, ForceNew: true},
		"others": {Type: schema.TypeList, Optional: true, ForceNew: true, Elem: &schema.Schema{Type: schema.TypeString}},
	}
}

func create(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	r, err := meta.(api.Client).CreateRule(d.Get("parent").(string), api.Rule{Name: d.Get("name").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(r.ID)
	return nil
}

func remove(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return diag.FromErr(meta.(api.Client).DeleteRule(d.Get("parent").(string), d.Id()))
}

// The parent's 404 is handled; a rule deleted on its own is simply not in
// the list, and the Read keeps the old state.
func readSetsFound(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, resp, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	for _, r := range rules {
		if r.ID == d.Id() {
			d.Set("name", r.Name)
		}
	}
	return nil // want `READ-2: Read of x_rule_set searches what ListRules lists for the resource's ID, and when nothing matches`
}

func readReturnsFound(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	for _, r := range rules {
		if r.GetID() == d.Id() {
			return diag.FromErr(d.Set("name", r.Name))
		}
	}
	return nil // want `READ-2: Read of x_rule_returns searches`
}

// The ID is "parent/rule".
func readSplitID(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	parts := strings.Split(d.Id(), "/")
	rules, _, err := meta.(api.Client).ListRules(parts[0])
	if err != nil {
		return diag.FromErr(err)
	}
	for i := range rules {
		if strings.EqualFold(rules[i].ID, parts[1]) {
			d.Set("name", rules[i].Name)
			break
		}
	}
	d.Set("parent", parts[0])
	return nil // want `READ-2: Read of x_rule_split searches`
}

// Quiet: the search remembers whether it matched and removes when not.
func readFlag(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	found := false
	for _, r := range rules {
		if r.ID == d.Id() {
			found = true
			d.Set("name", r.Name)
		}
	}
	if !found {
		d.SetId("")
	}
	return nil
}

// Quiet here: failing with a not-found text is readnotfound's to report.
func readMessage(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	for _, r := range rules {
		if r.ID == d.Id() {
			return diag.FromErr(d.Set("name", r.Name))
		}
	}
	return diag.Errorf("rule %s not found", d.Id())
}

// Quiet: the ID is compared to skip the rule itself, not to find it.
func readSkipsItself(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	var names []string
	for _, r := range rules {
		if r.ID == d.Id() {
			continue
		}
		names = append(names, r.Name)
	}
	d.Set("others", names)
	return nil
}

// Quiet: matched on a configured value, not on the ID.
func readByName(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	for _, r := range rules {
		if r.Name == d.Get("name").(string) {
			d.Set("others", []string{r.ID})
		}
	}
	return nil
}

// Quiet: the loop runs over the configuration, not over an API answer.
func readConfigList(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	for _, o := range d.Get("others").([]any) {
		if o.(string) == d.Id() {
			d.Set("name", o)
		}
	}
	return nil
}

// A map answer searched by ranging over it.
func readIndex(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, err := meta.(api.Client).RuleIndex(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	for _, r := range rules {
		if r.ID == d.Id() {
			d.Set("name", r.Name)
		}
	}
	return nil // want `READ-2: Read of x_rule_index searches`
}

// Quiet: break on a match, then test what was found.
func readBreakThenTest(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	var rule *api.Rule
	for i := range rules {
		if rules[i].ID == d.Id() {
			rule = &rules[i]
			break
		}
	}
	if rule == nil {
		d.SetId("")
		return nil
	}
	d.Set("name", rule.Name)
	return nil
}

// The listing comes grouped in a map; only a nil answer is taken as gone.
func readGrouped(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	groups, err := meta.(api.Client).GroupedRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	if groups == nil {
		d.SetId("")
		return nil
	}
	for _, r := range groups["rules"] {
		if d.Id() == r.ID {
			d.Set("name", r.Name)
			break
		}
	}
	return nil // want `READ-2: Read of x_rule_grouped searches`
}

// Quiet here: the Read tells no match from a match, and fails on it
// (readnotfound's to report).
func readFoundTestFails(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	var found api.Rule
	for _, r := range rules {
		if r.ID == d.Id() {
			found = r
			break
		}
	}
	if found.ID == "" {
		return diag.Errorf("could not find rule %s", d.Id())
	}
	if err := d.Set("name", found.Name); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

// gone removes the resource when Read fails with a 404.
func gone(read schema.ReadContextFunc) schema.ReadContextFunc {
	return func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		diags := read(ctx, d, meta)
		if diags.HasError() && strings.Contains(diags[0].Summary, "404") {
			d.SetId("")
			return nil
		}
		return diags
	}
}

// The decorator acts on errors; a search without a match returns none.
func readDecorated(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	rules, _, err := meta.(api.Client).ListRules(d.Get("parent").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	for _, r := range rules {
		if r.ID == d.Id() {
			d.Set("name", r.Name)
			break
		}
	}
	return nil // want `READ-2: Read of x_rule_decorated searches`
}
