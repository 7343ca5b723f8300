package incompleteimport

import (
	"context"
	"fmt"
	"log"
	"strings"

	apiclient "fixtures/incompleteimport/api"
	"fixtures/incompleteimport/api/readiness"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func tags(v any) map[string]string { return nil }

var api apiclient.Client

func roleSchema() map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"parent_id": {Type: schema.TypeString, Optional: true},
		"name":      {Type: schema.TypeString, Optional: true},
		"tags":      {Type: schema.TypeMap, Optional: true, Elem: &schema.Schema{Type: schema.TypeString}},
		"etag":      {Type: schema.TypeString, Computed: true},
	}
}

// The parent's ID comes from state: empty after a passthrough import. It is
// also ForceNew and never set: IMPORT-1 says it, IMPORT-3 does not repeat it.
func readByParent(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: byParent is imported with ImportStatePassthrough, which sets only the ID, but Read looks the object up with "parent_id" read from state`
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func byParent() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByParent,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"parent_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"etag":      {Type: schema.TypeString, Computed: true},
		},
	}
}

// Through a request struct.
func readByRequest(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.Get(ctx, &apiclient.GetRequest{Identifier: d.Get("name").(string)}) // want `IMPORT-1: byRequest .* looks the object up with "name" read from state`
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func byRequest() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByRequest,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// Through a request builder whose Execute fails.
func readByBuilder(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.Project(ctx, d.Get("name").(string)).Execute() // want `IMPORT-1: byBuilder .* "name" read from state`
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func byBuilder() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByBuilder,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// Through a path built from it, in a helper Read hands d to.
func fetch(d *schema.ResourceData) error {
	return api.Do("/parents/" + d.Get("parent_id").(string) + "/roles/" + d.Id()) // want `IMPORT-1: byPath .* "parent_id" read from state`
}

// Through a helper of the package that builds the path.
func rolePath(parent, id string) error {
	return api.Do(fmt.Sprintf("/parents/%s/roles/%s", parent, id))
}

func readByHelper(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(rolePath(d.Get("parent_id").(string), d.Id())) // want `IMPORT-1: byHelper .* "parent_id" read from state`
}

func byHelper() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByHelper,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

func readByPath(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(fetch(d))
}

func byPath() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByPath,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// --- safe idioms ---

// Looked up by the ID alone; attributes from state only logged or converted.
func readByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	log.Printf("reading %s", d.Get("name").(string))
	_ = fmt.Sprint(tags(d.Get("tags")))
	r, err := api.GetRole(ctx, "", d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func byID() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByID,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// The attribute only filters what an ID lookup returned, in a helper of the
// package that looks nothing up.
func filterByName(r *apiclient.Role, name string) error {
	if !strings.EqualFold(r.Name, name) {
		return fmt.Errorf("role %s renamed", r.ID)
	}
	return nil
}

func readFilters(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.GetRole(ctx, "", d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(filterByName(r, d.Get("name").(string)))
}

func filters() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readFilters,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// Falls back to the ID when the attribute is empty (as after import).
func readWithFallback(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name := d.Get("name").(string)
	if name == "" {
		name = d.Id()
	}
	r, err := api.Get(ctx, &apiclient.GetRequest{Identifier: name})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func withFallback() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readWithFallback,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// Read sets the attribute itself.
func readSetsParent(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	d.Set("parent_id", d.Id())
	r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func setsParent() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readSetsParent,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// A Computed attribute is not the import's business here.
func readByEtag(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := api.Get(ctx, &apiclient.GetRequest{Identifier: d.Get("etag").(string)})
	return diag.FromErr(err)
}

func byEtag() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByEtag,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// A custom importer parses the parent from the ID.
func parsedParent() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByParent,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer: &schema.ResourceImporter{StateContext: func(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
			err := d.Set("parent_id", d.Id())
			return []*schema.ResourceData{d}, err
		}},
		Schema: roleSchema(),
	}
}

// A custom importer sets the name, not the parent Read looks up by.
func importName(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	err := d.Set("name", d.Id())
	return []*schema.ResourceData{d}, err
}

func readParentOf(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: namedImporter has an importer that sets only the ID and "name", but Read looks the object up with "parent_id" read from state`
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func namedImporter() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readParentOf,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: importName},
		Schema:        roleSchema(),
	}
}

// The same with a function literal (the importer is found by position).
func readParentAgain(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: literalImporter has an importer that sets only the ID and "name"`
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("etag", r.ID)
	return nil
}

func literalImporter() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readParentAgain,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer: &schema.ResourceImporter{StateContext: func(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
			return []*schema.ResourceData{d}, d.Set("name", d.Id())
		}},
		Schema: roleSchema(),
	}
}

// An importer that ends in the passthrough importer sets only the ID.
func importElsewhere(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	return schema.ImportStatePassthroughContext(ctx, d, m)
}

func readParentOnceMore(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: wrappedPassthrough has an importer that sets only the ID, but`
	return diag.FromErr(err)
}

func wrappedPassthrough() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readParentOnceMore,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: importElsewhere},
		Schema:        roleSchema(),
	}
}

// An importer that hands d to a function value: the check cannot tell what
// it sets, and stays quiet.
var importVia = func(d *schema.ResourceData) error { return d.Set("parent_id", d.Id()) }

func importOpaque(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	return []*schema.ResourceData{d}, importVia(d)
}

func opaqueImporter() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readParentOf,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: importOpaque},
		Schema:        roleSchema(),
	}
}

// Read stores the attribute from the API's answer, after looking the object
// up by it: too late for the import.
func readSetsAfter(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: setsAfter .* "parent_id" read from state`
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("parent_id", r.ID)
	return nil
}

func setsAfter() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readSetsAfter,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

var ready readiness.Retrier

// Read is the retry of a plain function handed d; that function looks the
// object up by "parent_id", which the passthrough import leaves empty.
func readAssignment(ctx context.Context, d *schema.ResourceData, m any) error {
	r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: retried is imported with ImportStatePassthrough, which sets only the ID, but Read looks the object up with "parent_id" read from state`
	if err != nil {
		return err
	}
	return d.Set("etag", r.ID)
}

func readAssignmentRetry(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return ready.Retry(readAssignment, ctx, d, m)
}

func retried() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readAssignmentRetry,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"parent_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"etag":      {Type: schema.TypeString, Computed: true},
		},
	}
}

// localRetrier is the provider's own retry wrapper.
type localRetrier struct{}

func (localRetrier) Retry(f func(context.Context, *schema.ResourceData, any) error, ctx context.Context, d *schema.ResourceData, meta any) diag.Diagnostics {
	return diag.FromErr(f(ctx, d, meta))
}

var readiness2 localRetrier

// The importer calls the plain Read; the resource's Read retries it.
func readEndpoint(ctx context.Context, d *schema.ResourceData, m any) error {
	r, err := api.GetRole(ctx, d.Get("org_id").(string), d.Id()) // want `IMPORT-1: retriedLocal has an importer that sets only the ID and "etag", but Read looks the object up with "org_id" read from state`
	if err != nil {
		return err
	}
	return d.Set("etag", r.ID)
}

func readEndpointRetry(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return readiness2.Retry(readEndpoint, ctx, d, m)
}

func importEndpoint(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
	if err := readEndpoint(ctx, d, m); err != nil {
		return nil, err
	}
	return []*schema.ResourceData{d}, nil
}

func retriedLocal() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readEndpointRetry,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: importEndpoint},
		Schema: map[string]*schema.Schema{
			"org_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"etag":   {Type: schema.TypeString, Computed: true},
		},
	}
}

type roleSetter func(*schema.ResourceData, *apiclient.Role) error

// Read built by a factory around a setter it is handed: the setter runs
// after the lookup, which already asked for the empty parent.
func readWithSetter(set roleSetter) schema.ReadContextFunc {
	return func(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
		r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id()) // want `IMPORT-1: withSetter is imported with ImportStatePassthrough, which sets only the ID, but Read looks the object up with "parent_id" read from state`
		if err != nil {
			return diag.FromErr(err)
		}
		return diag.FromErr(set(d, r))
	}
}

func setRole(d *schema.ResourceData, r *apiclient.Role) error { return d.Set("etag", r.ID) }

func withSetter() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readWithSetter(setRole),
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}

// Safe: code the check cannot see runs before the lookup and may fill the
// parent from the ID.
func readPrepared(prepare func(*schema.ResourceData) error) schema.ReadContextFunc {
	return func(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
		if err := prepare(d); err != nil {
			return diag.FromErr(err)
		}
		r, err := api.GetRole(ctx, d.Get("parent_id").(string), d.Id())
		if err != nil {
			return diag.FromErr(err)
		}
		d.Set("etag", r.ID)
		return nil
	}
}

func prepared() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readPrepared(func(d *schema.ResourceData) error { return d.Set("parent_id", d.Id()) }),
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema:        roleSchema(),
	}
}
