package readnotfound

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/readnotfound/api"
)

// Read searches a listing for its object and, when the search ends without
// a match, reports an error of its own saying so.
type searchFails struct{ base }

func (r searchFails) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	things, _, err := r.client.List("all")
	if err != nil {
		resp.Diagnostics.AddError("listing things", err.Error())
		return
	}
	for _, t := range things {
		if t.Name == state.ID.ValueString() {
			state.Name = types.StringValue(t.Name)
			resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
			return
		}
	}
	resp.Diagnostics.AddError("Thing not found", fmt.Sprintf("no thing %s in the listing", state.ID.ValueString())) // want `READ-2: Read of searchFails fails with an error saying the object is missing \("Thing not found"\)`
}

// Safe: the same search removes the resource.
type searchRemoves struct{ base }

func (r searchRemoves) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	things, _, err := r.client.List("all")
	if err != nil {
		resp.Diagnostics.AddError("listing things", err.Error())
		return
	}
	for _, t := range things {
		if t.Name == state.ID.ValueString() {
			state.Name = types.StringValue(t.Name)
			resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
			return
		}
	}
	resp.Diagnostics.AddWarning("Thing not found", "removing it from state")
	resp.State.RemoveResource(ctx)
}

// Safe: a message that wraps the client's error reports that error.
type wrapsClientError struct{ base }

func (r wrapsClientError) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	thing, _, err := r.client.Get(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("Thing not found or unreadable", err.Error())
		return
	}
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Safe: a failure before any call to the API is about the configuration.
type configMissing struct{ base }

func (r configMissing) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if state.Name.IsNull() {
		resp.Diagnostics.AddError("name not found in state", "")
		return
	}
	thing, _, _ := r.client.Get(state.ID.ValueString())
	state.Name = types.StringValue(thing.Name)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

var (
	_ resource.Resource = searchFails{}
	_ resource.Resource = searchRemoves{}
	_ resource.Resource = wrapsClientError{}
	_ resource.Resource = configMissing{}
)

// A client that answers a missing object with nil (beside its response),
// turned into an error.
func readNilMessage(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if thing == nil {
		return diag.Errorf("thing %s does not exist", d.Id()) // want `READ-2: Read of x_nil_message fails with an error saying the object is missing \("thing %s does not exist"\)`
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: a "not found" text that is neither after a search nor under a nil
// answer (a field of the answer, already known to be there).
func readFieldMessage(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if thing.Name == "" {
		return diag.Errorf("thing %s: name not found", d.Id())
	}
	d.Set("name", thing.Name)
	return nil
}

// A search of a listing with fmt.Errorf.
func readSearchErrorf(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	things, _, err := meta.(api.Client).List("all")
	if err != nil {
		return diag.FromErr(err)
	}
	for _, t := range things {
		if t.Name == d.Id() {
			d.Set("name", t.Name)
			return nil
		}
	}
	return diag.FromErr(fmt.Errorf("could not find thing %q", d.Id())) // want `READ-2: Read of x_search_errorf fails with an error saying the object is missing`
}

func findThing(things []api.Thing, name string) *api.Thing {
	for i := range things {
		if things[i].Name == name {
			return &things[i]
		}
	}
	return nil
}

// A listing searched by a helper; its nil answer ends the Read with an error.
func readSearchHelper(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	things, _, err := meta.(api.Client).List("all")
	if err != nil {
		return diag.FromErr(err)
	}
	thing := findThing(things, d.Id())
	if thing == nil {
		return diag.Errorf("No thing found for %q", d.Id()) // want `READ-2: Read of x_search_helper fails with an error saying the object is missing`
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: the same search, and the resource removed when it finds nothing.
func readSearchHelperRemoves(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	things, _, err := meta.(api.Client).List("all")
	if err != nil {
		return diag.FromErr(err)
	}
	thing := findThing(things, d.Id())
	if thing == nil {
		d.SetId("")
		return nil
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: wrapping the client's error.
func readWrapped(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.FromErr(fmt.Errorf("thing %s not found: %w", d.Id(), err))
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: failing right after Create is the SDK's idiom.
func readNewOnly(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if thing == nil {
		if d.IsNewResource() {
			return diag.Errorf("thing %s not found after create", d.Id())
		}
		d.SetId("")
		return nil
	}
	d.Set("name", thing.Name)
	return nil
}

// fetchThing decodes a query's answer; a missing thing is a nil field, which
// it turns into an error of its own.
func fetchThing(meta any, id string) (*api.Thing, error) {
	var q struct{ Thing *api.Thing }
	if err := meta.(api.Client).Decode("thing(id: "+id+")", &q); err != nil {
		return nil, err
	}
	if q.Thing == nil {
		return nil, fmt.Errorf("thing %s not found", id)
	}
	return q.Thing, nil
}

// fetchThingByID hands on fetchThing's answer.
func fetchThingByID(meta any, id string) (*api.Thing, error) { return fetchThing(meta, id) }

// The helper decides the thing is gone and says so with an error; Read
// fails with it.
func readFetchSays(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := fetchThingByID(meta, d.Id())
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of x_fetch_says fails here with the error of fetchThingByID, which says the object is missing \("thing %s not found"\)`
	}
	d.Set("name", thing.Name)
	return nil
}

// fetchOrNil answers a missing thing with nil and no error.
func fetchOrNil(meta any, id string) (*api.Thing, error) {
	var q struct{ Thing *api.Thing }
	if err := meta.(api.Client).Decode("thing(id: "+id+")", &q); err != nil {
		return nil, err
	}
	return q.Thing, nil
}

// Safe: a missing thing comes back as nil, and Read removes it.
func readFetchNil(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := fetchOrNil(meta, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if thing == nil {
		d.SetId("")
		return nil
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: Read tests the helper's error for not-found.
func readFetchTested(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := fetchThing(meta, d.Id())
	if err != nil && strings.Contains(err.Error(), "not found") {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// Safe: the thing was just found (its 404 removes the resource); the helper
// runs after that.
func readFetchAfterFound(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	_, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		d.SetId("")
		return nil
	}
	thing, err := fetchThing(meta, d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// The listing runs in a retry; the search without a match still says the
// object is missing, and fails.
type retriedSearchFails struct{ base }

func (r retriedSearchFails) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var things []api.Thing
	err := retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		var err error
		things, _, err = r.client.List(state.Name.ValueString())
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		resp.Diagnostics.AddError("listing things", err.Error())
		return
	}
	for _, t := range things {
		if t.Name == state.ID.ValueString() {
			resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
			return
		}
	}
	resp.Diagnostics.AddError("Unable to find thing", "not in the listing") // want `READ-2: Read of retriedSearchFails fails with an error saying the object is missing \("Unable to find thing"\)`
}

// The search looks for a team the object names, and blames that attribute
// when it is not there: the object itself was found.
type ownerMissing struct{ base }

func (r ownerMissing) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state model
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	things, _, err := r.client.List(state.ID.ValueString())
	if err != nil {
		resp.Diagnostics.AddError("listing teams", err.Error())
		return
	}
	for _, t := range things {
		if t.Name == state.Name.ValueString() {
			resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
			return
		}
	}
	resp.Diagnostics.AddAttributeError(path.Root("name"), "Could not find owning team", "no team matching")
}
