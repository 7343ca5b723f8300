package mutableid

import (
	"context"

	"github.com/hashicorp/terraform-plugin-sdk/v2/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"
)

// An index named by its name: the API answers with the index, Create sets
// the ID to the answer's name and Read saves the same field in "name", so the
// ID is the name. Update addresses the index with the new name and keeps the
// old ID.

type index struct {
	Name      *string
	ID        *string
	Retention int
}

func (i *index) GetName() string { return *i.Name }
func (i *index) GetID() string   { return *i.ID }

type indexClient struct{}

func (indexClient) Create(name string, retention int) (index, error) { return index{}, nil }
func (indexClient) Update(name string, retention int) (index, error) { return index{}, nil }
func (indexClient) Get(name string) (*index, error)                  { return nil, nil }

func resourceIndex() *schema.Resource {
	return &schema.Resource{
		CreateContext: indexCreate,
		ReadContext:   indexRead,
		UpdateContext: indexUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"name":      {Type: schema.TypeString, Required: true}, // want `SCHEMA-3: "name" of resourceIndex can change in place \(Required, not ForceNew\), but its value is the resource ID \(Create sets the ID to the field of the API's object that Read saves in it\) and indexUpdate never sets a new one`
			"retention": {Type: schema.TypeInt, Optional: true},
		},
	}
}

func indexCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	created, err := m.(indexClient).Create(d.Get("name").(string), d.Get("retention").(int))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(created.GetName())
	return saveIndex(d, &created)
}

func saveIndex(d *schema.ResourceData, i *index) diag.Diagnostics {
	d.Set("name", i.GetName())
	d.Set("retention", i.Retention)
	return nil
}

func indexRead(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	i, err := m.(indexClient).Get(d.Id())
	if err != nil {
		return diag.FromErr(err)
	}
	return saveIndex(d, i)
}

func indexUpdate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	updated, err := m.(indexClient).Update(d.Get("name").(string), d.Get("retention").(int))
	if err != nil {
		return diag.FromErr(err)
	}
	return saveIndex(d, &updated)
}

// Safe: Update renames the index and gives the resource the new name as its
// ID.
func resourceIndexRenamed() *schema.Resource {
	return &schema.Resource{
		CreateContext: indexCreate,
		ReadContext:   indexRead,
		UpdateContext: indexRename,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"name":      {Type: schema.TypeString, Required: true},
			"retention": {Type: schema.TypeInt, Optional: true},
		},
	}
}

func indexRename(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	updated, err := m.(indexClient).Update(d.Get("name").(string), d.Get("retention").(int))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(updated.GetName())
	return saveIndex(d, &updated)
}

// Safe: the ID is the index's own ID field, not the name Read saves.
func resourceIndexByID() *schema.Resource {
	return &schema.Resource{
		CreateContext: indexByIDCreate,
		ReadContext:   indexRead,
		UpdateContext: indexUpdate,
		DeleteContext: variableDelete,
		Schema: map[string]*schema.Schema{
			"name":      {Type: schema.TypeString, Required: true},
			"retention": {Type: schema.TypeInt, Optional: true},
		},
	}
}

func indexByIDCreate(ctx context.Context, d *schema.ResourceData, m any) diag.Diagnostics {
	created, err := m.(indexClient).Create(d.Get("name").(string), d.Get("retention").(int))
	if err != nil {
		return diag.FromErr(err)
	}
	d.SetId(*created.ID)
	return saveIndex(d, &created)
}
