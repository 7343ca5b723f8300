package unreachablenotfound

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type Client struct{}

type Dashboard struct{ Title string }

// get maps a 404 to (nil, nil): the answer a caller must look for.
func (c *Client) get(path string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	return []byte("{}"), nil
}

// GetDashboard unmarshals even the 404's nil body: it never answers a nil
// dashboard without an error.
func (c *Client) GetDashboard(id string) (*Dashboard, error) {
	data, err := c.get("dashboards/" + id)
	if err != nil {
		return nil, err
	}
	var d Dashboard
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("reading dashboard %s: %w", id, err)
	}
	return &d, nil
}

// GetFolder passes the 404 on as (nil, nil).
func (c *Client) GetFolder(id string) (*Dashboard, error) {
	data, err := c.get("folders/" + id)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, nil
	}
	var d Dashboard
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

var ErrNotFound = errors.New("not found")

// GetPanel answers a missing panel with ErrNotFound.
func (c *Client) GetPanel(id string) (*Dashboard, error) {
	data, err := c.get("panels/" + id)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, ErrNotFound
	}
	return &Dashboard{}, nil
}

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_dashboard": {Create: create, Read: readDashboard, Delete: remove, Schema: schemaMap()},
		"x_folder":    {Create: create, Read: readFolder, Delete: remove, Schema: schemaMap()},
		"x_panel":     {Create: create, Read: readPanel, Delete: remove, Schema: schemaMap()},
		"x_on_error":  {Create: create, Read: readDashboardOnError, Delete: remove, Schema: schemaMap()},
	}}
}

func schemaMap() map[string]*schema.Schema {
	return map[string]*schema.Schema{"title": {Type: schema.TypeString, Optional: true}}
}

func create(d *schema.ResourceData, meta any) error { d.SetId("x"); return nil }
func remove(d *schema.ResourceData, meta any) error { return nil }

func readDashboard(d *schema.ResourceData, meta any) error {
	dash, err := meta.(*Client).GetDashboard(d.Id())
	if err != nil {
		return err
	}
	if dash == nil { // want `READ-2: Read of x_dashboard removes the resource when GetDashboard answers a nil object, but GetDashboard never answers nil without an error`
		d.SetId("")
		return nil
	}
	return d.Set("title", dash.Title)
}

// The lookup answers a missing folder with (nil, nil): the test is reached.
func readFolder(d *schema.ResourceData, meta any) error {
	f, err := meta.(*Client).GetFolder(d.Id())
	if err != nil {
		return err
	}
	if f == nil {
		d.SetId("")
		return nil
	}
	return d.Set("title", f.Title)
}

// Read tests the error for not-found too: the nil test is only a guard.
func readPanel(d *schema.ResourceData, meta any) error {
	p, err := meta.(*Client).GetPanel(d.Id())
	if errors.Is(err, ErrNotFound) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return err
	}
	if p == nil {
		d.SetId("")
		return nil
	}
	return d.Set("title", p.Title)
}

// Every error of the lookup removes the resource (err != nil && obj == nil):
// the nil test is reached on the error path.
func readDashboardOnError(d *schema.ResourceData, meta any) error {
	dash, err := meta.(*Client).GetDashboard(d.Id())
	if err != nil && dash == nil {
		d.SetId("")
		return nil
	}
	return d.Set("title", dash.Title)
}
