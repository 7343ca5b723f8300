package stalecomputed

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type team struct{ ID, Org, Name, Title, Path string }

type teamClient struct{}

func getTeam(ctx context.Context, id string) (*team, error)  { return &team{}, nil }
func editTeam(ctx context.Context, id string, t *team) error { return nil }

// teamURL builds the address of a team from plain values.
func teamURL(org, name string) string { return "https://example.com/" + org + "/" + name }

// teamMembers asks the API: its answer is the team's, whatever it is named.
func teamMembers(c *teamClient, name string) string { return "" }

func teamSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"name":       {Type: schema.TypeString, Required: true},
		"title":      {Type: schema.TypeString, Optional: true},
		"path":       {Type: schema.TypeString, Optional: true},
		"url":        {Type: schema.TypeString, Computed: true},
		"web_url":    {Type: schema.TypeString, Computed: true},
		"heading":    {Type: schema.TypeString, Computed: true},
		"path_lower": {Type: schema.TypeString, Computed: true},
		"api_url":    {Type: schema.TypeString, Computed: true},
		"members":    {Type: schema.TypeString, Computed: true},
		"label":      {Type: schema.TypeString, Optional: true, Computed: true},
	}
}

// The API addresses a team by its name: a rename in place gives it a new
// url, web_url and path_lower, and the heading is the title; the plan keeps
// the old ones.
func resourceTeam() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readTeam,
		UpdateContext: updateTeam,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Required: true},
			"title":      {Type: schema.TypeString, Optional: true},
			"path":       {Type: schema.TypeString, Optional: true},
			"url":        {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "url" of resourceTeam is built from "name" \(Read or Update saves it from the value "name" is saved from\), but when "name" changes in place the plan keeps its prior value`
			"web_url":    {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "web_url" of resourceTeam is built from "name"`
			"heading":    {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "heading" of resourceTeam is built from "title"`
			"path_lower": {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "path_lower" of resourceTeam is built from "path" \(Read or Update saves it from d.Get\("path"\)\)`
			// Built from the identifier, which no update changes.
			"api_url": {Type: schema.TypeString, Computed: true},
			// Asked of the API by the name: a lookup, not a value built from it.
			"members": {Type: schema.TypeString, Computed: true},
			// The user may set it: a setting of its own.
			"label": {Type: schema.TypeString, Optional: true, Computed: true},
		},
	}
}

func readTeam(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t, err := getTeam(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", t.Name)
	d.Set("title", t.Title)
	d.Set("url", fmt.Sprintf("https://example.com/teams/%s", t.Name))
	d.Set("web_url", teamURL(t.Org, t.Name))
	d.Set("heading", t.Title)
	d.Set("path_lower", strings.ToLower(d.Get("path").(string)))
	d.Set("api_url", "https://example.com/api/teams/"+t.ID)
	d.Set("members", teamMembers(meta.(*teamClient), t.Name))
	d.Set("label", t.Name)
	return nil
}

func updateTeam(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t := &team{Name: d.Get("name").(string), Title: d.Get("title").(string), Path: d.Get("path").(string)}
	if err := editTeam(ctx, d.Id(), t); err != nil {
		return diag.FromErr(err)
	}
	return readTeam(ctx, d, meta)
}

// The fix: the CustomizeDiff marks each built output unknown when its
// source changes.
func resourceTeamFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readTeam,
		UpdateContext: updateTeam,
		DeleteContext: remove,
		Schema:        teamSchema(),
		CustomizeDiff: markTeamOutputs,
	}
}

func markTeamOutputs(ctx context.Context, d *schema.ResourceDiff, meta any) error {
	if d.HasChange("name") {
		d.SetNewComputed("url")
		d.SetNewComputed("web_url")
	}
	if d.HasChange("title") {
		d.SetNewComputed("heading")
	}
	if d.HasChange("path") {
		return d.SetNewComputed("path_lower")
	}
	return nil
}

// Safe: every source replaces the team, so every Computed value is unknown
// in the plan.
func resourceTeamReplaced() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readTeam,
		UpdateContext: updateTeam,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":       {Type: schema.TypeString, Required: true, ForceNew: true},
			"title":      {Type: schema.TypeString, Optional: true, ForceNew: true},
			"path":       {Type: schema.TypeString, Optional: true, ForceNew: true},
			"url":        {Type: schema.TypeString, Computed: true},
			"web_url":    {Type: schema.TypeString, Computed: true},
			"heading":    {Type: schema.TypeString, Computed: true},
			"path_lower": {Type: schema.TypeString, Computed: true},
		},
	}
}

// Safe: the saved values come from fields no setting is saved from, and a
// constant saved twice says nothing.
func resourceTeamApart() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readTeamApart,
		UpdateContext: updateTeamApart,
		DeleteContext: remove,
		Schema:        teamSchema(),
	}
}

func readTeamApart(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t, err := getTeam(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", t.Name)
	d.Set("title", "")
	d.Set("url", fmt.Sprintf("https://example.com/teams/%s", t.ID))
	d.Set("web_url", teamURL(t.Org, t.ID))
	d.Set("heading", "")
	d.Set("path_lower", strings.ToLower(t.Path))
	return nil
}

func updateTeamApart(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t := &team{Name: d.Get("name").(string)}
	if err := editTeam(ctx, d.Id(), t); err != nil {
		return diag.FromErr(err)
	}
	return readTeamApart(ctx, d, meta)
}

// The saves in a helper Read hands d to count as Read's.
func resourceTeamHelper() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readTeamHelper,
		UpdateContext: updateTeamHelper,
		DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"url":  {Type: schema.TypeString, Computed: true}, // want `PLAN-9: Computed "url" of resourceTeamHelper is built from "name"`
			// Saved from the name on one path only: the code cannot tell
			// which value it holds (stays quiet).
			"web_url": {Type: schema.TypeString, Computed: true},
		},
	}
}

func readTeamHelper(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t, err := getTeam(ctx, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(saveTeam(d, t))
}

func saveTeam(d *schema.ResourceData, t *team) error {
	d.Set("name", t.Name)
	d.Set("url", "https://example.com/teams/"+t.Name)
	web := t.Org
	if t.Path != "" {
		web = t.Name
	}
	return d.Set("web_url", web)
}

func updateTeamHelper(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := editTeam(ctx, d.Id(), &team{Name: d.Get("name").(string)}); err != nil {
		return diag.FromErr(err)
	}
	return readTeamHelper(ctx, d, meta)
}
