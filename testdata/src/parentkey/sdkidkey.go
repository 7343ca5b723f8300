package parentkey

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/parentkey/api"
)

// An index is addressed by its name, which is the resource ID. Update
// addresses it by the planned name instead of d.Id(): a rename asks for an
// index that does not exist.
func resourceIndex() *schema.Resource {
	return &schema.Resource{CreateContext: indexCreate, ReadContext: indexRead, UpdateContext: indexUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "name" of resourceIndex can change in place \(Required, not ForceNew\), but Create builds the resource ID from it and Update addresses the object with it in place of d.Id\(\) \(UpdateIndex\)`
			"filter": {Type: schema.TypeString, Optional: true},
		}}
}

func indexCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name := d.Get("name").(string)
	if _, err := m.(*api.Client).CreateIndex(api.Index{Name: name, Filter: d.Get("filter").(string)}); err != nil {
		return diag.FromErr(err)
	}
	d.SetId(name)
	return indexRead(ctx, d, m)
}

func indexRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	ix, err := m.(*api.Client).GetIndex(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("filter", ix.Filter)
	return nil
}

func indexUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	body := api.IndexBody{Filter: d.Get("filter").(string)}
	_, err := m.(*api.Client).UpdateIndex(d.Get("name").(string), body)
	return diag.FromErr(err)
}

// The safe twin addresses the index by its ID.
func resourceIndexByID() *schema.Resource {
	return &schema.Resource{CreateContext: indexCreate, ReadContext: indexRead, UpdateContext: indexUpdateByID, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true},
			"filter": {Type: schema.TypeString, Optional: true},
		}}
}

func indexUpdateByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	body := api.IndexBody{Filter: d.Get("filter").(string)}
	_, err := m.(*api.Client).UpdateIndex(d.Id(), body)
	return diag.FromErr(err)
}

// A name that forces a new resource is never changed in place.
func resourceIndexForceNew() *schema.Resource {
	return &schema.Resource{CreateContext: indexCreate, ReadContext: indexRead, UpdateContext: indexUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true, ForceNew: true},
			"filter": {Type: schema.TypeString, Optional: true},
		}}
}

// A call that also takes another key (the index's uuid) is addressed by it:
// the name goes as the new value.
func resourceIndexRename() *schema.Resource {
	return &schema.Resource{CreateContext: indexCreate, ReadContext: indexRead, UpdateContext: indexRename, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name": {Type: schema.TypeString, Required: true},
			"uuid": {Type: schema.TypeString, Computed: true},
		}}
}

func indexRename(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	return diag.FromErr(m.(*api.Client).RenameIndex(d.Get("uuid").(string), d.Get("name").(string)))
}

// A Read that finds the index by the name itself (and re-derives the ID
// from it) follows the change.
func resourceIndexReadByName() *schema.Resource {
	return &schema.Resource{CreateContext: indexCreate, ReadContext: indexReadByName, UpdateContext: indexUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"name":   {Type: schema.TypeString, Required: true},
			"filter": {Type: schema.TypeString, Optional: true},
		}}
}

func indexReadByName(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	name := d.Get("name").(string)
	if d.Id() != name {
		d.SetId(name)
	}
	ix, err := m.(*api.Client).GetIndex(name)
	if err != nil {
		return diag.FromErr(err)
	}
	d.Set("filter", ix.Filter)
	return nil
}

// An item lives in a vault; the ID is formatted from the vault and the
// item's ID of the API's answer, and Read saves the vault from it. Update
// hands the API the planned vault to address the item: a move asks the new
// vault for an item it does not hold.
func resourceItem() *schema.Resource {
	return &schema.Resource{CreateContext: itemCreate, ReadContext: itemRead, UpdateContext: itemUpdate, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"vault": {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "vault" of resourceItem can change in place \(Required, not ForceNew\), but its value is the resource ID \(Create sets the ID from the field of the API's object that Read saves in it\) and Update addresses the object with it in place of d.Id\(\) \(UpdateItem\)`
			"title": {Type: schema.TypeString, Optional: true},
			"uuid":  {Type: schema.TypeString, Computed: true},
		}}
}

func itemID(it *api.Item) string { return fmt.Sprintf("vaults/%s/items/%s", it.Vault.ID, it.ID) }

func toItem(d *schema.ResourceData) *api.Item {
	return &api.Item{ID: d.Get("uuid").(string), Title: d.Get("title").(string), Vault: api.ItemVault{ID: d.Get("vault").(string)}}
}

func itemToData(it *api.Item, d *schema.ResourceData) {
	d.SetId(itemID(it))
	d.Set("uuid", it.ID)
	d.Set("vault", it.Vault.ID)
	d.Set("title", it.Title)
}

func itemCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	it, err := m.(*api.Client).CreateItem(toItem(d), d.Get("vault").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	itemToData(it, d)
	return nil
}

func itemRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	parts := strings.Split(d.Id(), "/")
	if len(parts) != 4 {
		return diag.Errorf("bad ID %q", d.Id())
	}
	it, err := m.(*api.Client).GetItem(parts[3], parts[1])
	if err != nil {
		return diag.FromErr(err)
	}
	itemToData(it, d)
	return nil
}

func itemUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	it, err := m.(*api.Client).UpdateItem(toItem(d), d.Get("vault").(string))
	if err != nil {
		return diag.FromErr(err)
	}
	itemToData(it, d)
	return nil
}

// The safe twin: the item is addressed by the vault in the ID.
func resourceItemByID() *schema.Resource {
	return &schema.Resource{CreateContext: itemCreate, ReadContext: itemRead, UpdateContext: itemUpdateByID, DeleteContext: remove,
		Schema: map[string]*schema.Schema{
			"vault": {Type: schema.TypeString, Required: true},
			"title": {Type: schema.TypeString, Optional: true},
			"uuid":  {Type: schema.TypeString, Computed: true},
		}}
}

func itemUpdateByID(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	vault := strings.Split(d.Id(), "/")[1]
	it, err := m.(*api.Client).UpdateItem(toItem(d), vault)
	if err != nil {
		return diag.FromErr(err)
	}
	itemToData(it, d)
	return nil
}
