package readneverremoves

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/readnotfound/api"
	"fixtures/readnotfound/errs"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_never":         resourceNever(),
		"x_helper":        resourceHelper(),
		"x_exists":        resourceWithExists(),
		"x_warns":         resourceWarns(),
		"x_repo_settings": resourceRepoSettings(),
		"x_repo_scopes":   resourceRepoScopes(),
		"x_prefix":        resourcePrefix(),
		"x_undeletable":   resourceUndeletable(),
		"x_closure":       resourceClosure(),
		"x_closure_ok":    resourceClosureRemoves(),
		"x_table":         resourceTable(),
		"x_table_setting": resourceTableSetting(),
		"x_retried":       {CreateContext: create, ReadContext: readRetried, DeleteContext: remove, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}},
		"x_retried_all":   {CreateContext: createRetried, ReadContext: readRetried2, DeleteContext: removeRetried, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}},
		"x_fallback":      {CreateContext: create, ReadContext: readWithFallback, DeleteContext: remove, Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}},
	}}
}

func create(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	meta.(api.Client).Create(d.Get("name").(string))
	return nil
}

func remove(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	meta.(api.Client).Delete(d.Id())
	return nil
}

func resourceNever() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readNever, DeleteContext: remove,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

func resourceHelper() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readHelper, DeleteContext: remove,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

func resourceWithExists() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readNever2, DeleteContext: remove,
		Exists: func(d *schema.ResourceData, meta any) (bool, error) { return meta.(api.Client).Exists(d.Id()) },
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

func readNever(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.Errorf("reading thing %s: %s", d.Id(), err) // want `READ-2: Read of resourceNever has no path that removes the resource from state`
	}
	d.Set("name", thing.Name)
	return nil
}

// With an Exists function the SDK drops the resource before Read.
func readNever2(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// A helper in another package removes (its summary is a fact).
func readHelper(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if errs.Forget(d, err) {
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

func resourceWarns() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readWarns, DeleteContext: remove,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

// Not-found handled on purpose with a warning (a patch resource on an object
// it does not own): the Read does ask, so this check is quiet.
func readWarns(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		if errs.Gone(err) {
			return diag.Diagnostics{{Severity: diag.Warning, Summary: "the object is gone"}}
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// Settings of a repository: one function creates and updates them, Delete
// puts the defaults back. Nothing here deletes an object of its own.
func resourceRepoSettings() *schema.Resource {
	return &schema.Resource{CreateContext: putSettings, ReadContext: readSettings, UpdateContext: putSettings, DeleteContext: resetSettings,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Optional: true}}}
}

func putSettings(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := meta.(api.Client).Put(d.Id(), api.Thing{Name: d.Get("name").(string)}); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

func resetSettings(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := meta.(api.Client).Put(d.Id(), api.Thing{}); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

func readSettings(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// Settings of a repository named by a Required, ForceNew attribute: the
// repository is another object, which can be deleted outside Terraform, and
// then this Read fails on every refresh.
func resourceRepoScopes() *schema.Resource {
	return &schema.Resource{CreateContext: putRepoScopes, ReadContext: readRepoScopes, UpdateContext: putRepoScopes, DeleteContext: resetRepoScopes,
		Schema: map[string]*schema.Schema{
			"repository": {Type: schema.TypeString, Required: true, ForceNew: true},
			"name":       {Type: schema.TypeString, Optional: true},
		}}
}

func putRepoScopes(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := meta.(api.Client).Put(d.Get("repository").(string), api.Thing{Name: d.Get("name").(string)}); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(d.Get("repository").(string))
	return nil
}

func resetRepoScopes(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	if err := meta.(api.Client).Put(d.Get("repository").(string), api.Thing{}); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

func readRepoScopes(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Get("repository").(string))
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of resourceRepoScopes has no path that removes the resource from state`
	}
	d.Set("name", thing.Name)
	return nil
}

// Keys under a prefix: a listing answers a deleted prefix with no keys, not
// with an error, and Read saves the empty set (Terraform then plans to
// write the keys again). Its error is not a missing object.
func resourcePrefix() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readPrefix, DeleteContext: remove,
		Schema: map[string]*schema.Schema{"keys": {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}}}}
}

func readPrefix(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	things, _, err := meta.(api.Client).List(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	var keys []string
	for _, t := range things {
		keys = append(keys, t.Name)
	}
	d.Set("keys", keys)
	return nil
}

// A sub-collection read from the object's own endpoint (Get, not List): a
// deleted object is an error, not an empty answer.
func resourceScopes() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readScopes, DeleteContext: remove,
		Schema: map[string]*schema.Schema{"client_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"scopes": {Type: schema.TypeList, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}}}}
}

func readScopes(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	things, err := meta.(api.Client).GetScopes(d.Get("client_id").(string))
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of resourceScopes has no path that removes the resource from state`
	}
	var scopes []string
	for _, t := range things {
		scopes = append(scopes, t.Name)
	}
	d.Set("scopes", scopes)
	return nil
}

// Safe: the object cannot be deleted at all (Delete is the SDK's no-op, and
// Create only claims an existing code), so Read never meets a missing one.
func resourceUndeletable() *schema.Resource {
	return &schema.Resource{CreateContext: create, ReadContext: readUndeletable, DeleteContext: schema.NoopContext,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

func readUndeletable(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.Errorf("reading code %s: %s", d.Id(), err)
	}
	d.Set("name", thing.Name)
	return nil
}

// A Read held in a local variable is the resource's Read all the same.
func resourceClosure() *schema.Resource {
	var read = func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		thing, _, err := meta.(api.Client).Get(d.Id())
		if err != nil {
			return diag.FromErr(err) // want `READ-2: Read of resourceClosure has no path that removes the resource from state`
		}
		d.Set("name", thing.Name)
		return nil
	}
	update := func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
		return read(ctx, d, meta)
	}
	return &schema.Resource{CreateContext: create, ReadContext: read, UpdateContext: update, DeleteContext: remove,
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

func resourceClosureRemoves() *schema.Resource {
	return &schema.Resource{CreateContext: create, DeleteContext: remove,
		ReadContext: func(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			thing, _, err := meta.(api.Client).Get(d.Id())
			if errs.Gone(err) {
				d.SetId("")
				return nil
			}
			if err != nil {
				return diag.FromErr(err)
			}
			d.Set("name", thing.Name)
			return nil
		},
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}}
}

// A SQL object: every call is Exec or Query, but Delete drops the table.
func resourceTable() *schema.Resource {
	return &schema.Resource{
		CreateContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			return diag.FromErr(meta.(api.Client).Exec("CREATE TABLE " + d.Get("name").(string)))
		},
		ReadContext: readTable,
		UpdateContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			return diag.FromErr(meta.(api.Client).Exec("ALTER TABLE " + d.Id()))
		},
		DeleteContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			return diag.FromErr(meta.(api.Client).Exec("DROP TABLE " + d.Id()))
		},
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}}
}

func readTable(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t, err := meta.(api.Client).Query("SHOW TABLES LIKE " + d.Id())
	if err != nil {
		return diag.FromErr(err) // want `READ-2: Read of resourceTable has no path that removes the resource from state`
	}
	d.Set("name", t.Name)
	return nil
}

// Quiet: a setting of a table; Delete puts it back to its default.
func resourceTableSetting() *schema.Resource {
	return &schema.Resource{
		CreateContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			return diag.FromErr(meta.(api.Client).Exec("ALTER TABLE t SET " + d.Get("name").(string)))
		},
		ReadContext: readTableSetting,
		UpdateContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			return diag.FromErr(meta.(api.Client).Exec("ALTER TABLE t SET " + d.Get("name").(string)))
		},
		DeleteContext: func(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
			return diag.FromErr(meta.(api.Client).Exec("ALTER TABLE t RESET " + d.Id()))
		},
		Schema: map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true}}}
}

func readTableSetting(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	t, err := meta.(api.Client).Query("SHOW PARAMETERS LIKE " + d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", t.Name)
	return nil
}

// retrier runs a lifecycle function again while the API is busy.
type retrier struct{ attempts int }

func (r retrier) Retry(f func(context.Context, *schema.ResourceData, any) error, ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	var err error
	for i := 0; i < r.attempts; i++ {
		if err = f(ctx, d, meta); err == nil {
			return nil
		}
	}
	return diag.FromErr(err)
}

func (r retrier) RetryWithFallback(f func(context.Context, *schema.ResourceData, any) error, ctx context.Context, d *schema.ResourceData, meta any, onMissing func(*schema.ResourceData)) diag.Diagnostics {
	if err := f(ctx, d, meta); err != nil {
		if errs.Gone(err) {
			onMissing(d)
			return nil
		}
		return diag.FromErr(err)
	}
	return nil
}

var busy = retrier{attempts: 3}

// The Read the resource names only hands the real one to the retrier.
func readRetried(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return busy.Retry(readPlain, ctx, d, meta)
}

func readPlain(_ context.Context, d *schema.ResourceData, meta any) error {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return err // want `READ-2: Read of x_retried has no path that removes the resource from state`
	}
	return d.Set("name", thing.Name)
}

// Quiet: the forwarder hands a fallback that removes the resource.
func readWithFallback(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return busy.RetryWithFallback(readPlain2, ctx, d, meta, func(d *schema.ResourceData) { d.SetId("") })
}

func readPlain2(_ context.Context, d *schema.ResourceData, meta any) error {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return err
	}
	return d.Set("name", thing.Name)
}

// Every lifecycle function goes through the retrier: Create and Delete are
// judged by the functions they hand it (Delete deletes: not a settings reset).
func createRetried(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return busy.Retry(createPlain, ctx, d, meta)
}

func createPlain(_ context.Context, d *schema.ResourceData, meta any) error {
	t, err := meta.(api.Client).Create(d.Get("name").(string))
	if err == nil {
		d.SetId(t.Name)
	}
	return err
}

func removeRetried(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return busy.Retry(removePlain, ctx, d, meta)
}

func removePlain(_ context.Context, d *schema.ResourceData, meta any) error {
	return meta.(api.Client).Delete(d.Id())
}

func readRetried2(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return busy.Retry(readPlain3, ctx, d, meta)
}

func readPlain3(_ context.Context, d *schema.ResourceData, meta any) error {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return err // want `READ-2: Read of x_retried_all has no path that removes the resource from state`
	}
	return d.Set("name", thing.Name)
}
