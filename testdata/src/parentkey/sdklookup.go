package parentkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/parentkey/api"
)

// Read finds the feed by its project and name, not by the ID: the request
// struct holding both is the feed's address. Update addresses the feed
// with the planned project.
func resourceFeed() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: feedRead, UpdateContext: feedUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":        {Type: schema.TypeString, Required: true, ForceNew: true},
			"project_id":  {Type: schema.TypeString, Optional: true}, // want `SCHEMA-3: "project_id" of resourceFeed can change in place \(Optional, not ForceNew\), but Update only uses it to address the object by the keys Read finds it with \(UpdateFeed\)`
			"description": {Type: schema.TypeString, Optional: true},
		}}
}

func feedRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name, project := d.Get("name").(string), d.Get("project_id").(string)
	f, err := m.(*api.Client).GetFeed(api.FeedArgs{Project: &project, FeedID: &name})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("description", f.Description)
	return nil
}

func feedUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name, project, desc := d.Get("name").(string), d.Get("project_id").(string), d.Get("description").(string)
	_, err := m.(*api.Client).UpdateFeed(api.UpdateFeedArgs{Project: &project, FeedID: &name, Body: &api.FeedBody{Description: &desc}})
	return diag.FromErr(err)
}

// Safe: Read finds the feed by its ID, so a struct of project and name
// without it is a request body (the API may move the feed).
func resourceFeedByID() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: feedReadByID, UpdateContext: feedUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":        {Type: schema.TypeString, Required: true, ForceNew: true},
			"project_id":  {Type: schema.TypeString, Optional: true},
			"description": {Type: schema.TypeString, Optional: true},
		}}
}

func feedReadByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	f, err := m.(*api.Client).GetFeedByID(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("project_id", f.Project)
	d.Set("description", f.Description)
	return nil
}

// Safe: Read looks the feed up by project and name but keeps it only when
// it has the resource's ID: those keys filter, the ID names the feed.
func resourceFeedFiltered() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: feedReadFiltered, UpdateContext: feedUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":        {Type: schema.TypeString, Required: true, ForceNew: true},
			"project_id":  {Type: schema.TypeString, Optional: true},
			"description": {Type: schema.TypeString, Optional: true},
		}}
}

func feedReadFiltered(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name, project := d.Get("name").(string), d.Get("project_id").(string)
	f, err := m.(*api.Client).GetFeed(api.FeedArgs{Project: &project, FeedID: &name})
	if err != nil {
		return diag.FromErr(err)
	}
	if f.ID != d.Id() {
		d.SetId("")
		return nil
	}
	d.Set("description", f.Description)
	return nil
}
