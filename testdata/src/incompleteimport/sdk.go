package incompleteimport

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func list(string) (map[string]string, error) { return nil, nil }

func readPrefix(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: resourcePrefix is imported with ImportStatePassthrough, which sets only the ID, but its Read never sets "path_prefix" \(Required, ForceNew\)`
	pairs, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	if err := d.Set("subkeys", pairs); err != nil {
		return diag.FromErr(err)
	}
	return nil
}

func noop(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { return nil }

// The F12 shape: passthrough, and Read never sets the Required+ForceNew prefix.
func resourcePrefix() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readPrefix,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"path_prefix": {Type: schema.TypeString, Required: true, ForceNew: true},
			"subkeys":     {Type: schema.TypeMap, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

// --- safe idioms ---

// The importer sets the prefix from the ID.
func resourcePrefixFixed() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readPrefix,
		DeleteContext: noop,
		Importer: &schema.ResourceImporter{StateContext: func(ctx context.Context, d *schema.ResourceData, m any) ([]*schema.ResourceData, error) {
			err := d.Set("path_prefix", d.Id())
			return []*schema.ResourceData{d}, err
		}},
		Schema: map[string]*schema.Schema{
			"path_prefix": {Type: schema.TypeString, Required: true, ForceNew: true},
			"subkeys":     {Type: schema.TypeMap, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

// Read sets it, through a helper of the package.
func setPrefix(d *schema.ResourceData) error { return d.Set("path_prefix", d.Id()) }

func readSetsPrefix(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	if err := setPrefix(d); err != nil {
		return diag.FromErr(err)
	}
	return readPrefix(ctx, d, m)
}

func resourcePrefixReadSets() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readSetsPrefix,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"path_prefix": {Type: schema.TypeString, Required: true, ForceNew: true},
			"subkeys":     {Type: schema.TypeMap, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}

// Read sets keys by computed names: left alone.
func readByMap(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	for k, v := range map[string]any{"path_prefix": d.Id()} {
		if err := d.Set(k, v); err != nil {
			return diag.FromErr(err)
		}
	}
	return nil
}

func resourcePrefixByMap() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readByMap,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"path_prefix": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// Read sets the prefix inside a retry closure.
func retry(f func() error) error { return f() }

func readInRetry(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	err := retry(func() error {
		return d.Set("path_prefix", d.Id())
	})
	return diag.FromErr(err)
}

func resourcePrefixRetry() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readInRetry,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"path_prefix": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// Read writes through a state writer wrapping d.
type stateWriter struct {
	d   *schema.ResourceData
	err error
}

func newStateWriter(d *schema.ResourceData) *stateWriter { return &stateWriter{d: d} }

func (w *stateWriter) set(key string, v any) {
	if err := w.d.Set(key, v); err != nil && w.err == nil {
		w.err = err
	}
}

func readWithWriter(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	sw := newStateWriter(d)
	sw.set("path_prefix", d.Id())
	return diag.FromErr(sw.err)
}

func resourcePrefixWriter() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readWithWriter,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"path_prefix": {Type: schema.TypeString, Required: true, ForceNew: true},
		},
	}
}

// Required but not ForceNew, never set by Read: the first plan after import
// updates it. A Sensitive one (a secret the API does not return) is left alone.
func readLabelled(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics { // want `IMPORT-3: labelled is imported with ImportStatePassthrough, which sets only the ID, but its Read never sets "label" \(Required\): .* the first plan with the matching configuration is not empty`
	pairs, err := list(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return diag.FromErr(d.Set("subkeys", pairs))
}

func labelled() *schema.Resource {
	return &schema.Resource{
		CreateContext: noop,
		ReadContext:   readLabelled,
		UpdateContext: noop,
		DeleteContext: noop,
		Importer:      &schema.ResourceImporter{StateContext: schema.ImportStatePassthroughContext},
		Schema: map[string]*schema.Schema{
			"label":    {Type: schema.TypeString, Required: true},
			"password": {Type: schema.TypeString, Required: true, Sensitive: true},
			"subkeys":  {Type: schema.TypeMap, Computed: true, Elem: &schema.Schema{Type: schema.TypeString}},
		},
	}
}
