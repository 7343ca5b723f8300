package parentkey

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/parentkey/api"
)

// An ACL entry addressed by request structs that name its service and ACL
// beside its ID: Update asks for the entry under the new service and ACL.

func createEntry(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := m.(*api.Client).UpdateEntry(&api.UpdateEntryInput{
		ServiceID: d.Get("service_id").(string),
		ACLID:     d.Get("acl_id").(string),
		IP:        api.ToPointer(d.Get("ip").(string)),
	})
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId("1")
	return nil
}

func readEntry(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	e, err := m.(*api.Client).GetEntry(&api.GetEntryInput{
		ServiceID: d.Get("service_id").(string),
		ACLID:     d.Get("acl_id").(string),
		EntryID:   api.ToPointer(d.Id()),
	})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("ip", e.IP)
	return nil
}

func entrySchema(forceNew bool) map[string]*schema.Schema {
	return map[string]*schema.Schema{
		"service_id": {Type: schema.TypeString, Required: true, ForceNew: forceNew},
		"acl_id":     {Type: schema.TypeString, Required: true, ForceNew: forceNew},
		"ip":         {Type: schema.TypeString, Required: true},
	}
}

func resourceEntry() *schema.Resource {
	return &schema.Resource{CreateContext: createEntry, ReadContext: readEntry, UpdateContext: updateEntry, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"service_id": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "service_id" of resourceEntry can change in place \(Required, not ForceNew\), but Update only uses it to address the object beside its ID \(UpdateEntry\)`
			"acl_id":     {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "acl_id" of resourceEntry can change in place`
			"ip":         {Type: schema.TypeString, Required: true},
		}}
}

func updateEntry(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := m.(*api.Client).UpdateEntry(&api.UpdateEntryInput{
		ServiceID: d.Get("service_id").(string),
		ACLID:     d.Get("acl_id").(string),
		EntryID:   api.ToPointer(d.Id()),
		IP:        api.ToPointer(d.Get("ip").(string)),
	})
	return diag.FromErr(err)
}

// The same with the request handed by value, the ID a plain field.
func resourceEntryValue() *schema.Resource {
	return &schema.Resource{CreateContext: createEntry, ReadContext: readEntry, UpdateContext: updateEntryValue, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"service_id": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "service_id" of resourceEntryValue can change in place`
			"acl_id":     {Type: schema.TypeString, Required: true, ForceNew: true},
			"ip":         {Type: schema.TypeString, Required: true},
		}}
}

func updateEntryValue(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	id := d.Id()
	ip := d.Get("ip").(string)
	return diag.FromErr(m.(*api.Client).UpdateEntryByValue(api.UpdateEntryInput{
		ServiceID: d.Get("service_id").(string),
		ACLID:     d.Get("acl_id").(string),
		EntryID:   &id,
		IP:        &ip,
	}))
}

// --- safe idioms ---

// ForceNew: a new service or ACL replaces the entry.
func resourceEntryForceNew() *schema.Resource {
	return &schema.Resource{CreateContext: createEntry, ReadContext: readEntry, UpdateContext: updateEntry, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"service_id": {Type: schema.TypeString, Required: true, ForceNew: true},
			"acl_id":     {Type: schema.TypeString, Required: true, ForceNew: true},
			"ip":         {Type: schema.TypeString, Required: true},
		}}
}

// The service and ACL go in a request body, the ID beside it: the API moves
// the entry.
func resourceEntryBody() *schema.Resource {
	return &schema.Resource{CreateContext: createEntry, ReadContext: readEntry, UpdateContext: updateEntryBody, DeleteContext: remove,
		Schema: entrySchema(false)}
}

func updateEntryBody(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	_, err := m.(*api.Client).PatchEntry(d.Id(), &api.EntryBody{
		ServiceID: d.Get("service_id").(string),
		ACLID:     d.Get("acl_id").(string),
		IP:        api.ToPointer(d.Get("ip").(string)),
	})
	return diag.FromErr(err)
}

// Read finds the entry through its ID alone: the service in the request is
// the one it is moved to.
func resourceEntryReadByID() *schema.Resource {
	return &schema.Resource{CreateContext: createEntry, ReadContext: readEntryByID, UpdateContext: updateEntry, DeleteContext: remove,
		Schema: entrySchema(false)}
}

func readEntryByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	e, err := m.(*api.Client).GetEntry(&api.GetEntryInput{EntryID: api.ToPointer(d.Id())})
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("ip", e.IP)
	d.Set("service_id", d.Get("service_id"))
	d.Set("acl_id", d.Get("acl_id"))
	return nil
}
