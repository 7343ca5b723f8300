// Package errs holds a provider's own not-found helpers, whose names do not
// say "not found": their summaries (facts) do.
package errs

import (
	"errors"
	"net/http"

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
