// Package fillmodel stands for a provider's models package: the model and
// the code filling it from the API's answer live here, the resources in
// another package. The check reads what these functions set from their
// summaries (modelflow.FillFact), computed here.
package fillmodel

import (
	"errors"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

type Widget struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Status    types.String `tfsdk:"status"`
	CreatedAt types.String `tfsdk:"created_at"`
}

type Out struct{ ID, Status, CreatedAt string }

// FromAPI sets every field the API answers.
func (m *Widget) FromAPI(out Out) {
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	m.CreatedAt = types.StringValue(out.CreatedAt)
}

// PartlyFromAPI forgets created_at.
func (m *Widget) PartlyFromAPI(out Out) {
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
}

// Flatten sets every field, part of it through a helper of this package.
func Flatten(m *Widget, out Out) error {
	m.ID = types.StringValue(out.ID)
	setTimes(m, out)
	return nil
}

func setTimes(m *Widget, out Out) {
	m.Status = types.StringValue(out.Status)
	m.CreatedAt = types.StringValue(out.CreatedAt)
}

// FlattenSome forgets created_at, and reports a failure to the caller.
func FlattenSome(m *Widget, out Out) error {
	if out.ID == "" {
		return errors.New("no id")
	}
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	return nil
}

// FillUnknown fills created_at only when it is null, which a planned
// Computed value never is.
func FillUnknown(m *Widget, out Out) {
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	if m.CreatedAt.IsNull() {
		m.CreatedAt = types.StringValue(out.CreatedAt)
	}
}

// FillKnown: the same with the unknown tested too.
func FillKnown(m *Widget, out Out) {
	m.ID = types.StringValue(out.ID)
	m.Status = types.StringValue(out.Status)
	if m.CreatedAt.IsNull() || m.CreatedAt.IsUnknown() {
		m.CreatedAt = types.StringValue(out.CreatedAt)
	}
}

// Keep hands the model on to code nobody can follow: no summary for it,
// so it counts as filled.
func Keep(m *Widget, out Out) {
	kept = append(kept, m)
}

var kept []*Widget
