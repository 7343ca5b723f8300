package existsnotfound

import (
	"net/http"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

type assignment struct{ Priority int }

type client struct{}

func (client) GetAssignment(app, group string) (*assignment, *http.Response, error) {
	return &assignment{}, &http.Response{}, nil
}
func (client) Ping() error { return nil }

func resourceAssignment() *schema.Resource {
	return &schema.Resource{
		Create: crud,
		Read:   crud,
		Delete: crud,
		Exists: assignmentExists,
		Schema: map[string]*schema.Schema{
			"app_id": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

func crud(d *schema.ResourceData, m any) error { return nil }

func assignmentExists(d *schema.ResourceData, m any) (bool, error) {
	g, _, err := client{}.GetAssignment(d.Get("app_id").(string), d.Id())
	return g != nil, err // want `READ-2: Exists of resourceAssignment returns the error of GetAssignment without testing it for not-found`
}

func resourceChecked() *schema.Resource {
	return &schema.Resource{
		Create: crud,
		Read:   crud,
		Delete: crud,
		Exists: checkedExists,
		Schema: map[string]*schema.Schema{
			"app_id": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// A not-found answer is tested: fine.
func checkedExists(d *schema.ResourceData, m any) (bool, error) {
	g, resp, err := client{}.GetAssignment(d.Get("app_id").(string), d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		return false, nil
	}
	return g != nil, err
}

func resourcePinged() *schema.Resource {
	return &schema.Resource{
		Create: crud,
		Read:   crud,
		Delete: crud,
		Exists: pingExists,
		Schema: map[string]*schema.Schema{
			"app_id": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// A call that does not look the object up (not keyed on state).
func pingExists(d *schema.ResourceData, m any) (bool, error) {
	if err := (client{}).Ping(); err != nil {
		return false, err
	}
	return true, nil
}

type apiError struct{ ID string }

func (e apiError) Error() string { return e.ID }

func resourceAddon() *schema.Resource {
	return &schema.Resource{
		Create: crud,
		Read:   crud,
		Delete: crud,
		Exists: addonExists,
		Schema: map[string]*schema.Schema{
			"app_id": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// The error is looked into (an API code): the author tests for not-found.
func addonExists(d *schema.ResourceData, m any) (bool, error) {
	_, _, err := client{}.GetAssignment(d.Get("app_id").(string), d.Id())
	if err != nil {
		if e, ok := err.(apiError); ok && e.ID == "not_found" {
			return false, nil
		}
		return false, err
	}
	return true, nil
}
