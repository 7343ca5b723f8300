package readnotfound

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/readnotfound/api"
)

// thingByName searches the listing for a name and says so when it is not
// there.
func thingByName(c api.Client, name string) (*api.Thing, error) {
	things, _, err := c.List(name)
	if err != nil {
		return nil, err
	}
	for _, t := range things {
		if t.Name == name {
			return &t, nil
		}
	}
	return nil, fmt.Errorf("thing %q does not exist", name)
}

// Safe: the ID Create saves is a number; a name is accepted only at import,
// resolved once, and replaced by the number, so a refresh never searches.
func readIDByName(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(api.Client)
	if _, err := strconv.Atoi(d.Id()); err != nil {
		thing, err := thingByName(c, d.Id())
		if err != nil {
			return diag.FromErr(err)
		}
		d.SetId(strconv.Itoa(len(thing.Name)))
	}
	thing, resp, err := c.Get(d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

func createNamed(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId(d.Get("name").(string))
	return nil
}

// Create saves the name as the ID: the search by name runs on every
// refresh, and fails once the object is deleted.
func readNamedEveryRefresh(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(api.Client)
	name := d.Id()
	if _, err := strconv.Atoi(d.Id()); err != nil {
		thing, err := thingByName(c, d.Id())
		if err != nil {
			return diag.FromErr(err) // want `READ-2: Read of x_named_refresh fails here with the error of thingByName, which says the object is missing`
		}
		name = thing.Name
	}
	d.Set("name", name)
	return nil
}

// The search's match is tested through a field of the answer (asked with a
// key from state, but not a value from state): the object is missing when
// it is empty.
func readFoundEmpty(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	things, _, err := meta.(api.Client).List(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	var found api.Thing
	for _, t := range things {
		if t.Name == d.Id() {
			found = t
			break
		}
	}
	if found.Name == "" {
		return diag.Errorf("could not find thing %s", d.Id()) // want `READ-2: Read of x_found_empty fails with an error saying the object is missing`
	}
	d.Set("name", found.Name)
	return nil
}

// Safe (framework): an ID that is not a number is an import by name,
// resolved once and replaced.
type importedByName struct{ base }

func (r importedByName) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if _, err := strconv.Atoi(state.ID.ValueString()); err != nil {
		thing, err := thingByName(r.client, state.ID.ValueString())
		if err != nil {
			resp.Diagnostics.AddError("finding thing by name", err.Error())
			return
		}
		state.ID = types.StringValue(strconv.Itoa(len(thing.Name)))
	}
	thing, hr, err := r.client.Get(state.ID.ValueString())
	if hr != nil && hr.StatusCode == http.StatusNotFound {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.AddError("reading thing", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

var _ resource.Resource = importedByName{}

// The 404 test removes and then fails, as does the test of the answer
// below it: one finding, which names the second branch too.
func readRemovesTwice(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, resp, err := meta.(api.Client).Get(d.Id())
	if resp != nil && resp.StatusCode == http.StatusNotFound {
		d.SetId("")
		return diag.Errorf("thing %s is gone", d.Id()) // want `READ-2: Read of x_removes_twice removes the resource and then returns an error`
	}
	if err != nil {
		return diag.FromErr(err)
	}
	if thing.Name == "" {
		d.SetId("")
		return diag.Errorf("thing %s has no name", d.Id())
	}
	d.Set("name", thing.Name)
	return nil
}
