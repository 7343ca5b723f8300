// Package errs holds a provider's own not-found helpers, whose names do not
// say "not found": their summaries (facts) do.
package errs

import (
	"errors"
	"net/http"

	fwdiag "github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/schema"

	"fixtures/readnotfound/api"
)

// Gone reports whether err is a 404 from the API.
func Gone(err error) bool {
	var se *api.StatusError
	return errors.As(err, &se) && se.Code == http.StatusNotFound
}

// Forget drops the resource from state when err says it is gone.
func Forget(d *schema.ResourceData, err error) bool {
	if Gone(err) {
		d.SetId("")
		return true
	}
	return false
}

// IsNotFoundWarn reports whether err is a 404 and, if so, replaces the error the
// caller already recorded in diags with a warning.
func IsNotFoundWarn(diags *fwdiag.Diagnostics, err error) bool {
	if !diags.HasError() || !Gone(err) {
		return false
	}
	var d fwdiag.Diagnostics
	d.AddWarning("Resource not found", "removing it from state")
	*diags = d
	return true
}
