// Package xfill stands for a provider's models package: the model and the
// code filling it live here, the resource in another package.
package xfill

import "github.com/hashicorp/terraform-plugin-framework/types"

type Thing struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Status    types.String `tfsdk:"status"`
	CreatedAt types.String `tfsdk:"created_at"`
}

type Out struct{ ID, Status, CreatedAt string }

// SetIDs sets id and status, and leaves created_at to the caller.
func (m *Thing) SetIDs(out Out) {
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
}

// SetAll sets created_at too, null when the API leaves it out.
func (m *Thing) SetAll(out Out) {
	m.SetIDs(out)
	m.CreatedAt = types.StringNull()
	if out.CreatedAt != "" {
		m.CreatedAt = types.StringValue(out.CreatedAt)
	}
}

// Stash keeps the model: no summary, so the check says nothing.
func Stash(m *Thing) { stash = m }

var stash *Thing
