// Package unreachablenotfound defines an Analyzer that reports a resource
// Read whose only not-found test is a nil test of the object a lookup of
// the provider's own answers, when that lookup never answers nil without an
// error (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/unreachablenotfound.md is generated from it.
package unreachablenotfound

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "unreachablenotfound",
	Title: "Read removes the resource on a nil object its lookup never answers",
	Rules: []rules.ID{"READ-2"},
	Why: `Many providers wrap their API in functions of their own that answer a missing object with (nil, nil), and Read removes the resource when the object comes back nil. The convention only holds if every such function keeps it. One that turns the missing case into an error instead — it unmarshals the 404's empty body ("unexpected end of JSON input"), or wraps every failure — makes that nil test dead code: after the object is deleted outside Terraform, the error ends Read, every refresh fails, and the user must edit state by hand.

The check follows resource Reads (SDK and framework) and reports a test of the first result of a call to a function of the provider's package (obj == nil, obj != nil) that leads to removing the resource, when every return of that function gives a non-nil object (&x, new(T), a field's address) or a non-nil error (one built there, or one a test on that path found non-nil). It stays quiet when the function may answer (nil, nil), when it cannot tell (an object or error from another call), for functions of other packages, and when Read also tests the call's error or status for not-found.`,
	Bad: `func (c *Client) GetDashboard(id string) (*Dashboard, error) {
	data, err := c.get("dashboards/" + id) // (nil, nil) on 404
	if err != nil {
		return nil, err
	}
	var d Dashboard
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, err // the 404's nil body ends up here
	}
	return &d, nil
}
...
dash, err := c.GetDashboard(d.Id())
if err != nil {
	return err
}
if dash == nil { // never true
	d.SetId("")
	return nil
}`,
	Good: `data, err := c.get("dashboards/" + id)
if err != nil {
	return nil, err
}
if data == nil {
	return nil, nil // missing: the caller removes the resource
}`,
	Severity: "error",
	Since:    "v0.2.0",
	Summary:  "a resource Read removing the resource when a lookup of the provider's own answers a nil object, while that lookup never answers nil without an error",
	// New checks start opt-in; move them to the default set once a triaged
	// corpus sample shows at least 90% real findings.
	NonDefault: true,
	OptInWhy:   "on the 28 public providers we measure on (every check run on each), it reports nothing, so its precision on real code is not yet measured; a check moves to the default set once a triaged sample of its findings is at least 90% real.",
}
