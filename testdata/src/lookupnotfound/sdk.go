package lookupnotfound

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/lookupnotfound/api"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_parent_first":      {CreateContext: create, ReadContext: readParentFirst, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_fallback":   {CreateContext: create, ReadContext: readParentFallback, DeleteContext: remove, Schema: schemaMap()},
		"x_defensive_nil":     {CreateContext: create, ReadContext: readDefensiveNil, DeleteContext: remove, Schema: schemaMap()},
		"x_defensive_owner":   {CreateContext: create, ReadContext: readDefensiveOwner, DeleteContext: remove, Schema: schemaMap()},
		"x_err_nil_branch":    {CreateContext: create, Read: readErrNil, DeleteContext: remove, Schema: schemaMap()},
		"x_node_first":        {CreateContext: create, ReadContext: readNodeFirst, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_request":    {CreateContext: create, ReadContext: readParentRequest, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_helper":     {CreateContext: create, ReadContext: readParentHelperError, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_logged":     {CreateContext: create, ReadContext: readParentLogged, DeleteContext: remove, Schema: schemaMap()},
		"x_removed_fails":     {CreateContext: create, ReadContext: readRemovedThenFails, DeleteContext: remove, Schema: schemaMap()},
		"x_both_handled":      {CreateContext: create, ReadContext: readBothHandled, DeleteContext: remove, Schema: schemaMap()},
		"x_child_only":        {CreateContext: create, ReadContext: readChildOnly, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_after":      {CreateContext: create, ReadContext: readParentAfter, DeleteContext: remove, Schema: schemaMap()},
		"x_client_region":     {CreateContext: create, ReadContext: readClientForRegion, DeleteContext: remove, Schema: schemaMap()},
		"x_client_project":    {CreateContext: create, ReadContext: readClientForParent, DeleteContext: remove, Schema: schemaMap()},
		"x_client_checked":    {CreateContext: create, ReadContext: readClientParentChecked, DeleteContext: remove, Schema: schemaMap()},
		"x_new_resource":      {CreateContext: create, ReadContext: readNewResourceGuard, DeleteContext: remove, Schema: schemaMap()},
		"x_handler":           {CreateContext: create, ReadContext: readHandler, DeleteContext: remove, Schema: schemaMap()},
		"x_listing":           {CreateContext: create, ReadContext: readListing, DeleteContext: remove, Schema: schemaMap()},
		"x_settings":          {CreateContext: create, ReadContext: readSettingsFirst, DeleteContext: remove, Schema: schemaMap()},
		"x_request_built":     {CreateContext: create, ReadContext: readRequestBuilt, DeleteContext: remove, Schema: schemaMap()},
		"x_context_id":        {CreateContext: create, ReadContext: readContextID, DeleteContext: remove, Schema: schemaMap()},
		"x_drift_removal":     {CreateContext: create, ReadContext: readDriftRemoval, DeleteContext: remove, Schema: schemaMap()},
		"x_decorated":         resourceHandled(),
		"x_warns_only":        {CreateContext: create, ReadContext: readWarnsOnly, DeleteContext: remove, Schema: schemaMap()},
		"x_removed_success":   {CreateContext: create, ReadContext: readRemovedSuccess, DeleteContext: remove, Schema: schemaMap()},
		"x_retry_removes":     {CreateContext: create, ReadContext: readRetryRemovesThenFails, DeleteContext: remove, Schema: schemaMap()},
		"x_retry_removed":     {CreateContext: create, ReadContext: readRetryRemoved, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_numbered":   {CreateContext: createNumbered, ReadContext: readParentNumbered, DeleteContext: remove, Schema: schemaMap()},
		"x_parent_named":      {CreateContext: createByName, ReadContext: readParentNamed, DeleteContext: remove, Schema: schemaMap()},
		"x_retried_never_nil": {CreateContext: create, ReadContext: readRetriedNeverNil, DeleteContext: remove, Schema: schemaMap()},
		"x_removes_twice":     {CreateContext: create, ReadContext: readRemovesTwice, DeleteContext: remove, Schema: schemaMap()},
		"x_retried_maybe_nil": {CreateContext: create, ReadContext: readRetriedMaybeNil, DeleteContext: remove, Schema: schemaMap()},
		"x_exists": {CreateContext: create, ReadContext: readParentFirst2, DeleteContext: remove,
			Exists: func(d *schema.ResourceData, meta any) (bool, error) { return true, nil },
			Schema: schemaMap()},
	}}
}

func schemaMap() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"parent_id": {Type: schema.TypeString, Required: true, ForceNew: true},
		"region":    {Type: schema.TypeString, Required: true, ForceNew: true}, // a place, not a parent
		"name":      {Type: schema.TypeString, Computed: true},
	}
}

func create(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	d.SetId("x")
	return nil
}

func remove(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics { return nil }

func gone(resp *http.Response) bool { return resp != nil && resp.StatusCode == http.StatusNotFound }

// The machine's node is looked up first, through a client of a package the
// provider does not import itself: a deleted machine runs on no node.
func readNodeFirst(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	id, err := strconv.Atoi(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	node, err := c.Nodes().NodeOf(ctx, id)
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of x_node_first fails here when NodeOf finds nothing, before it reaches its own not-found test`
	}
	child, resp, err := c.Child(ctx, node, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Parent never answers nil without an error (it returns an address): the
// nil test that removes and fails cannot be taken.
func readDefensiveNil(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	child, resp, err := c.Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	parent, err := c.Parent(ctx, api.GetRequest{ID: child.Name})
	if err != nil {
		return diag.FromErr(err)
	}
	if parent == nil {
		d.SetId("")
		return diag.Errorf("no parent for %s", d.Id())
	}
	d.Set("name", child.Name)
	return nil
}

// Owner allocates its answer before filling it: the same.
func readDefensiveOwner(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	child, resp, err := c.Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	owner, _, err := c.Owner(ctx, child.Name)
	if err != nil {
		return diag.FromErr(err)
	}
	if owner == nil {
		d.SetId("")
		return diag.Errorf("no owner for %s", d.Id())
	}
	d.Set("name", owner.Name)
	return nil
}

// The parent's ID is looked up only while the state lacks it (the first
// Read after Create): a refresh reads the saved one and reaches the 404 test.
func readParentFallback(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parentID := d.Get("parent_id").(string)
	if parentID == "" {
		parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("name").(string)})
		if err != nil {
			return diag.Errorf("finding parent: %s", err)
		}
		parentID = parent.ID
	}
	child, resp, err := c.Child(ctx, parentID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// The parent is looked up first and its error returned: after the parent is
// deleted (which deletes the child), Read never reaches the 404 test below.
func readParentFirst(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return diag.Errorf("reading parent: %s", err) // want `READ-2: Read of x_parent_first fails here when Parent finds nothing, before it reaches its own not-found test`
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// The same, with the key in a request struct built beforehand.
func readParentRequest(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	req := &api.GetRequest{}
	req.ID = d.Get("parent_id").(string)
	if _, err := c.Parent(ctx, *req); err != nil {
		return diag.FromErr(err) // want `READ-2: Read of x_parent_request fails here when Parent finds nothing`
	}
	child, _, err := c.Child(ctx, req.ID, d.Id())
	if errors.Is(err, api.ErrNotFound) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// A helper of the package turns the error into diagnostics: still an error.
func readParentHelperError(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return readError(err, "parent") // want `READ-2: Read of x_parent_helper fails here when Parent finds nothing`
	}
	return readChild(ctx, c, d, parent.ID)
}

func readError(err error, what string) diag.Diagnostics {
	return diag.Errorf("reading %s: %s", what, err)
}

// readChild goes on with the Read: it removes the resource on a 404.
func readChild(ctx context.Context, c *api.Client, d *schema.ResourceData, parent string) diag.Diagnostics {
	child, resp, err := c.Child(ctx, parent, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// A logger on the error branch does not change the outcome.
func readParentLogged(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	var log api.Logger
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		log.Errorf("parent: %s", err)
		return diag.FromErr(err) // want `READ-2: Read of x_parent_logged fails here when Parent finds nothing`
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if resp != nil && resp.StatusCode == 404 {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Removing on any error and still returning it: the removal is discarded.
func readRemovedThenFails(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	child, _, err := meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
	if err != nil {
		d.SetId("")
		return diag.FromErr(fmt.Errorf("reading: %w", err)) // want `READ-2: Read of x_removed_fails removes the resource when Child fails and then fails too`
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: both lookups handle not-found.
func readBothHandled(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if errors.Is(err, api.ErrNotFound) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: one lookup, handled.
func readChildOnly(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	child, resp, err := meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe for this check: the object was just found; a later lookup of its
// parent fails only in a race.
func readParentAfter(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	child, resp, err := c.Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name+parent.Name)
	return nil
}

// Safe: making a client for the region in state is not a lookup.
func readClientForRegion(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c, err := api.NewClient(d.Get("region").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// A client made for the parent named in state (Required, ForceNew): making
// it looks the parent up, and fails once the parent is deleted — before the
// not-found test below.
func readClientForParent(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c, err := meta.(*api.Client).ForProject(d.Get("parent_id").(string))
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of x_client_project fails here when ForProject finds nothing, before it reaches its own not-found test`
	}
	child, resp, err := c.Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the parent was looked up first, with the same value, and a missing
// parent removes the resource; the client made for it next cannot fail
// because the parent is gone.
func readClientParentChecked(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	project := d.Get("parent_id").(string)
	if err := parentExists(ctx, meta.(*api.Client), project); err != nil {
		if errors.Is(err, api.ErrNotFound) {
			d.SetId("")
			return nil
		}
		return diag.FromErr(err)
	}
	c, err := meta.(*api.Client).ForProject(project)
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, project, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

func parentExists(ctx context.Context, c *api.Client, id string) error {
	_, err := c.Parent(ctx, api.GetRequest{ID: id})
	return err
}

// Safe: right after Create, erroring is the SDK's documented idiom.
func readNewResourceGuard(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		if d.IsNewResource() {
			return diag.FromErr(err)
		}
		d.SetId("")
		return nil
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the error goes to a helper handed d, which decides.
func readHandler(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return handle(d, err)
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

func handle(d *schema.ResourceData, err error) diag.Diagnostics {
	if errors.Is(err, api.ErrNotFound) {
		d.SetId("")
		return nil
	}
	return diag.FromErr(err)
}

// Safe: a listing answers a missing parent with nothing, not an error.
func readListing(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	things, err := c.Children(ctx, d.Get("parent_id").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	for _, t := range things {
		if t.ID == d.Id() {
			d.Set("name", t.Name)
			return nil
		}
	}
	d.SetId("")
	return nil
}

// Safe: the account's settings are not named by the state.
func readSettingsFirst(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	settings, err := c.Settings(ctx)
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, settings.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: removing on any error and returning none.
func readRemovedSuccess(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	child, _, err := meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
	if err != nil {
		d.SetId("")
		return nil
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: with an Exists function the SDK removes the resource before Read.
func readParentFirst2(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: building a request is not a lookup; the request's answer is judged.
func readRequestBuilt(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	req, err := c.NewRequest("GET", "/things/"+d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Do(ctx, req)
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the ID rides in the context for logging only; the settings are
// the account's.
func readContextID(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	ctx = context.WithValue(ctx, ctxKey{}, d.Id())
	settings, err := c.Settings(ctx)
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, settings.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

type ctxKey struct{}

// Safe: the object was found first; a later listing of its parts and a
// drift check that forces re-creation are not the object's absence.
func readDriftRemoval(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	child, resp, err := c.Child(ctx, d.Get("parent_id").(string), d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	if parent.Name != d.Get("name").(string) {
		d.SetId("")
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: Read is handed to a decorator that removes the resource when the
// error it returns is a not-found.
func resourceHandled() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: removeOnNotFound(readParentFirst3), DeleteContext: remove, Schema: schemaMap()}
}

func removeOnNotFound(read schema.ReadContextFunc) schema.ReadContextFunc {
	return func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		diags := read(ctx, d, meta)
		if diags.HasError() && errors.Is(api.ErrNotFound, api.ErrNotFound) {
			d.SetId("")
			return nil
		}
		return diags
	}
}

func readParentFirst3(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the Read warns on not-found on purpose (it patches an object it
// does not own) and never removes; an earlier lookup failing is no worse.
func readWarnsOnly(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	c := meta.(*api.Client)
	parent, err := c.Parent(ctx, api.GetRequest{ID: d.Get("parent_id").(string)})
	if err != nil {
		return diag.FromErr(err)
	}
	child, resp, err := c.Child(ctx, parent.ID, d.Id())
	if gone(resp) {
		return diag.Diagnostics{{Severity: diag.Warning, Summary: "the object was deleted"}}
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", child.Name)
	return nil
}

// The lookup runs inside a retry, and the retry's error branch removes the
// resource and fails as well: the removal is discarded with the error.
func readRetryRemovesThenFails(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	var child *api.Thing
	err := retry.RetryContext(ctx, d.Timeout(schema.TimeoutRead), func() *retry.RetryError {
		var err error
		child, _, err = meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		d.SetId("")
		return diag.FromErr(err) // want `READ-2: Read of x_retry_removes removes the resource when RetryContext fails and then fails too`
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the retry's error branch removes the resource and returns nil.
func readRetryRemoved(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	var child *api.Thing
	err := retry.RetryContext(ctx, d.Timeout(schema.TimeoutRead), func() *retry.RetryError {
		var err error
		child, _, err = meta.(*api.Client).Child(ctx, d.Get("parent_id").(string), d.Id())
		if err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
	if err != nil {
		d.SetId("")
		return nil
	}
	d.Set("name", child.Name)
	return nil
}

// Safe: the removal sits under err == nil, so the `return err` after it
// returns nil on that path.
func readErrNil(d *schema.ResourceData, meta any) error {
	things, err := meta.(*api.Client).Children(context.Background(), d.Get("parent_id").(string))
	if err == nil {
		found := false
		for _, t := range things {
			if t.Name == d.Get("name").(string) {
				found = true
			}
		}
		if !found {
			d.SetId("")
		}
	}
	return err
}
