package missingstateset

import (
	"context"
	"errors"

	sdkdiag "github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	sdkschema "github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

func create(string) (string, error) { return "", nil }
func exists(string) bool           { return false }

func sdkNoop(context.Context, *sdkschema.ResourceData, any) sdkdiag.Diagnostics { return nil }

// Returns success when the object already exists, without an ID.
func createForgetsID(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	name := d.Get("name").(string)
	if exists(name) {
		return nil // want `APPLY-3: the Create of resourceForgetsID can return success without d.SetId of a non-empty ID`
	}
	id, err := create(name)
	if err != nil {
		return sdkdiag.FromErr(err)
	}
	d.SetId(id)
	return nil
}

func resourceForgetsID() *sdkschema.Resource {
	return &sdkschema.Resource{CreateContext: createForgetsID, ReadContext: sdkNoop, DeleteContext: sdkNoop,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}}}
}

// --- safe idioms ---

// Sets the ID inside a retry closure: handed off, counts as set.
func createInRetry(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	err := retry(func() error {
		id, err := create(d.Get("name").(string))
		if err != nil {
			return err
		}
		d.SetId(id)
		return nil
	})
	if err != nil {
		return sdkdiag.FromErr(err)
	}
	return nil
}

func retry(f func() error) error { return f() }

// Returns Read's result after setting the ID; failing paths return errors.
func createThenRead(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	id, err := create(d.Get("name").(string))
	if err != nil {
		return sdkdiag.FromErr(err)
	}
	if id == "" {
		return sdkdiag.FromErr(errors.New("no id"))
	}
	d.SetId(id)
	return sdkNoop(ctx, d, m)
}

func resourceSafe() *sdkschema.Resource {
	return &sdkschema.Resource{CreateContext: createInRetry, ReadContext: sdkNoop, DeleteContext: sdkNoop,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}}}
}

func resourceSafe2() *sdkschema.Resource {
	return &sdkschema.Resource{CreateContext: createThenRead, ReadContext: sdkNoop, DeleteContext: sdkNoop,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}}}
}

func list() []string { return nil }

// When the scan for the object just made finds nothing, Create falls
// through to Read with no ID.
func createScans(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	name := d.Get("name").(string)
	if _, err := create(name); err != nil {
		return sdkdiag.FromErr(err)
	}
	for _, id := range list() {
		if id == name {
			d.SetId(id)
			break
		}
	}
	return readByID(ctx, d, m) // want `APPLY-3: the Create of resourceScans returns what readByID answers without d.SetId of a non-empty ID`
}

func readByID(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	if exists(d.Id()) {
		return nil
	}
	d.SetId("")
	return nil
}

func resourceScans() *sdkschema.Resource {
	return &sdkschema.Resource{CreateContext: createScans, ReadContext: readByID, DeleteContext: sdkNoop,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}}}
}

// Safe: a helper handed d sets the ID.
func createViaHelper(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	if err := createAndName(d); err != nil {
		return sdkdiag.FromErr(err)
	}
	return readByID(ctx, d, m)
}

func createAndName(d *sdkschema.ResourceData) error {
	id, err := create(d.Get("name").(string))
	if err != nil {
		return err
	}
	d.SetId(id)
	return nil
}

func resourceViaHelper() *sdkschema.Resource {
	return &sdkschema.Resource{CreateContext: createViaHelper, ReadContext: readByID, DeleteContext: sdkNoop,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}}}
}

// Safe: an ID is never there when Create starts.
func createUnlessID(ctx context.Context, d *sdkschema.ResourceData, m any) sdkdiag.Diagnostics {
	if d.Id() == "" {
		id, err := create(d.Get("name").(string))
		if err != nil {
			return sdkdiag.FromErr(err)
		}
		d.SetId(id)
	}
	return readByID(ctx, d, m)
}

func resourceUnlessID() *sdkschema.Resource {
	return &sdkschema.Resource{CreateContext: createUnlessID, ReadContext: readByID, DeleteContext: sdkNoop,
		Schema: map[string]*sdkschema.Schema{"name": {Type: sdkschema.TypeString, Required: true, ForceNew: true}}}
}
