package readnotfound

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/readnotfound/api"
	"fixtures/readnotfound/errs"
)

func Provider() *schema.Provider {
	return &schema.Provider{ResourcesMap: map[string]*schema.Resource{
		"x_nil_error":      resourceNilError(),
		"x_not_exists":     resourceNotExists(),
		"x_new_guard":      resourceNewGuard(),
		"x_helper":         resourceHelper(),
		"x_sentinel":       resourceSentinel(),
		"x_exists_good":    resourceExistsGood(),
		"x_both":           resourceBothTests(),
		"x_clears":         resourceClearsInTest(),
		"x_nil_deref":      {CreateContext: create, ReadContext: readNilDeref, DeleteContext: remove, Schema: nameSchema()},
		"x_nil_checked":    {CreateContext: create, ReadContext: readNilChecked, DeleteContext: remove, Schema: nameSchema()},
		"x_local_nf":       {CreateContext: create, ReadContext: readLocalNotFound, DeleteContext: remove, Schema: nameSchema()},
		"x_nil_getter":     {CreateContext: create, ReadContext: readNilGetter, DeleteContext: remove, Schema: nameSchema()},
		"x_two_tests":      {CreateContext: create, ReadContext: readTwoTests, DeleteContext: remove, Schema: nameSchema()},
		"x_fetcher_nf":     {CreateContext: create, ReadContext: readFetcherNotFound, DeleteContext: remove, Schema: nameSchema()},
		"x_nil_message":    {CreateContext: create, ReadContext: readNilMessage, DeleteContext: remove, Schema: nameSchema()},
		"x_field_message":  {CreateContext: create, ReadContext: readFieldMessage, DeleteContext: remove, Schema: nameSchema()},
		"x_wrapped":        {CreateContext: create, ReadContext: readWrapped, DeleteContext: remove, Schema: nameSchema()},
		"x_new_only":       {CreateContext: create, ReadContext: readNewOnly, DeleteContext: remove, Schema: nameSchema()},
		"x_search_errorf":  {CreateContext: create, ReadContext: readSearchErrorf, DeleteContext: remove, Schema: nameSchema()},
		"x_search_helper":  {CreateContext: create, ReadContext: readSearchHelper, DeleteContext: remove, Schema: nameSchema()},
		"x_search_removes": {CreateContext: create, ReadContext: readSearchHelperRemoves, DeleteContext: remove, Schema: nameSchema()},
		"x_fetch_says":     {CreateContext: create, ReadContext: readFetchSays, DeleteContext: remove, Schema: nameSchema()},
		"x_fetch_nil":      {CreateContext: create, ReadContext: readFetchNil, DeleteContext: remove, Schema: nameSchema()},
		"x_fetch_after":    {CreateContext: create, ReadContext: readFetchAfterFound, DeleteContext: remove, Schema: nameSchema()},
		"x_fetch_tested":   {CreateContext: create, ReadContext: readFetchTested, DeleteContext: remove, Schema: nameSchema()},
		"x_id_by_name":     {CreateContext: create, ReadContext: readIDByName, DeleteContext: remove, Schema: nameSchema()},
		"x_named_refresh":  {CreateContext: createNamed, ReadContext: readNamedEveryRefresh, DeleteContext: remove, Schema: nameSchema()},
		"x_wrong_variable": {CreateContext: create, ReadContext: readWrongVariable, DeleteContext: remove, Schema: nameSchema()},
		"x_right_variable": {CreateContext: create, ReadContext: readRightVariable, DeleteContext: remove, Schema: nameSchema()},
		"x_nil_response":   {CreateContext: create, ReadContext: readNilResponse, DeleteContext: remove, Schema: nameSchema()},
		"x_grpc_error":     {CreateContext: create, ReadContext: readGRPCError, DeleteContext: remove, Schema: nameSchema()},
		"x_grpc_removed":   {CreateContext: create, ReadContext: readGRPCRemoved, DeleteContext: remove, Schema: nameSchema()},
		"x_code_error":     {CreateContext: create, ReadContext: readCodeError, DeleteContext: remove, Schema: nameSchema()},
		"x_code_removed":   {CreateContext: create, ReadContext: readCodeRemoved, DeleteContext: remove, Schema: nameSchema()},
		"x_removes_twice":  {CreateContext: create, ReadContext: readRemovesTwice, DeleteContext: remove, Schema: nameSchema()},
		"x_found_empty":    {CreateContext: create, ReadContext: readFoundEmpty, DeleteContext: remove, Schema: nameSchema()},
	}}
}

func resourceNilError() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readNilError,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func resourceNotExists() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readNotExists,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func resourceNewGuard() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readNewGuard,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func resourceHelper() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readHelper,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func resourceSentinel() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readSentinel,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func resourceExistsGood() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readExistsGood,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

func create(context.Context, *schema.ResourceData, any) diag.Diagnostics { return nil }

func remove(_ context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	meta.(api.Client).Delete(d.Id())
	return nil
}

// D19's shape: a nil object from the client reported as an error.
func readNilError(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if thing == nil {
		return diag.Errorf("resource not found") // want `READ-2: Read of resourceNilError returns an error when the object is gone \(Lookup returned a nil object\)`
	}
	d.Set("name", thing.Name)
	return nil
}

func thingExists(ctx context.Context, d *schema.ResourceData, meta any) (bool, error) {
	return meta.(api.Client).Exists(d.Id())
}

// D18's shape: an inlined Exists whose false result returns success.
func readNotExists(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	exists, err := thingExists(ctx, d, meta)
	if err != nil {
		return diag.FromErr(err)
	}
	if !exists {
		return diag.Diagnostics{} // want `READ-2: Read of resourceNotExists returns without error and without removing the resource when the object is gone \(thingExists reported false\)`
	}
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// The fix of D18.
func readExistsGood(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	exists, err := thingExists(ctx, d, meta)
	if err != nil {
		return diag.FromErr(err)
	}
	if !exists {
		d.SetId("")
		return diag.Diagnostics{}
	}
	return nil
}

// Erroring on not-found right after Create is the SDK's idiom.
func readNewGuard(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if errs.Gone(err) {
		if d.IsNewResource() {
			return diag.Errorf("thing %s vanished right after create", d.Id())
		}
		log.Printf("[WARN] thing %s gone, removing from state", d.Id())
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// A helper in another package removes: summarised as a fact.
func readHelper(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if errs.Gone(err) {
		errs.Forget(d, err)
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// A sentinel not-found error, reported as an error.
func readSentinel(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if errors.Is(err, api.ErrThingNotFound) {
		return diag.FromErr(fmt.Errorf("thing %s: %w", d.Id(), err)) // want `READ-2: Read of resourceSentinel returns an error when the object is gone \(the error is ErrThingNotFound\)`
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

func resourceBothTests() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readBothTests,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

// `obj == nil && strings.Contains(err.Error(), "not found")`: the error
// return after it is for other errors.
func readBothTests(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if thing == nil && err != nil && strings.Contains(err.Error(), "not found") {
		d.SetId("")
		return nil
	}
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

func resourceClearsInTest() *schema.Resource {
	return &schema.Resource{
		CreateContext: create,
		ReadContext:   readClearsInTest,
		DeleteContext: remove,
		Schema:        map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}},
	}
}

// isNotFoundClearing removes the resource while it tests the error.
func isNotFoundClearing(err error, d *schema.ResourceData) bool {
	var se *api.StatusError
	if errors.As(err, &se) && se.Code == 404 {
		log.Printf("[WARN] %s not found, removing from state", d.Id())
		d.SetId("")
		return true
	}
	return false
}

// The predicate already cleared the ID: returning nil is the removal.
func readClearsInTest(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, _, err := meta.(api.Client).Get(d.Id())
	if err != nil {
		if isNotFoundClearing(err, d) {
			return nil
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

func nameSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{"name": {Type: schema.TypeString, Required: true, ForceNew: true}}
}

// D14's shape: the client answers a missing role with (nil, nil) and Read
// uses the role without testing it: a deleted role panics the provider.
func readNilDeref(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	role, err := meta.(api.Client).Role(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", role.Name) // want `READ-2: Read of x_nil_deref uses the object Role returns without a nil test`
	return nil
}

// The fix: test for nil and remove.
func readNilChecked(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	role, err := meta.(api.Client).Role(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if role == nil {
		d.SetId("")
		return nil
	}
	d.Set("name", role.Name)
	return nil
}

// Handed to a helper (which may test it, or be a nil-safe getter): not decided here.
func readNilGetter(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	role, err := meta.(api.Client).Role(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("name", nameOf(role))
	return nil
}

func nameOf(t *api.Thing) string {
	if t == nil {
		return ""
	}
	return t.Name
}

func getList(key string, d *schema.ResourceData) ([]any, error) {
	v, ok := d.GetOk(key)
	if !ok {
		return nil, api.ErrThingNotFound
	}
	return v.([]any), nil
}

// A not-found error from reading the ResourceData is a missing attribute,
// not a missing object.
func readLocalNotFound(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	target, err := getList("target", d)
	if err != nil && !errors.Is(err, api.ErrThingNotFound) {
		return diag.FromErr(err)
	}
	if len(target) != 1 {
		return diag.Errorf("remote has diverged")
	}
	return nil
}

// Two tests of one branch (cloudamqp's plugin): one finding, and returning
// nil without clearing the ID keeps the gone object in state.
func readTwoTests(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	thing, err := meta.(api.Client).Lookup(d.Id())
	if err != nil {
		if strings.Contains(err.Error(), "not found") || strings.Contains(err.Error(), "status=404") {
			return nil // want `READ-2: Read of x_two_tests returns without error and without removing the resource when the object is gone \(the message contains "not found"\)`
		}
		return diag.FromErr(err)
	}
	d.Set("name", thing.Name)
	return nil
}

// The same with the ResourceData handed as an interface of the provider's
// own (akamai's tf.GetListValue(key, rd tf.ResourceDataFetcher)).
type fetcher interface{ GetOk(string) (any, bool) }

func getListFrom(key string, rd fetcher) ([]any, error) {
	v, ok := rd.GetOk(key)
	if !ok {
		return nil, api.ErrThingNotFound
	}
	return v.([]any), nil
}

func readFetcherNotFound(ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	target, err := getListFrom("target", d)
	if err != nil && !errors.Is(err, api.ErrThingNotFound) {
		return diag.FromErr(err)
	}
	if len(target) != 1 {
		return diag.Errorf("remote has diverged")
	}
	return nil
}
