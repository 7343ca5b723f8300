// Package readnotfound defines an Analyzer that reports resource Reads whose
// not-found outcome does not remove the resource from state (READ-2).
//
// See [Doc] for what it reports and why; docs/checks/readnotfound.md is generated from it.
package readnotfound

import (
	"github.com/tflifecyclelint/tflifecyclelint/contract/rules"
	"github.com/tflifecyclelint/tflifecyclelint/internal/lint"
)

// Doc documents the check.
var Doc = &lint.Doc{
	Name:  "readnotfound",
	Title: "Read does not remove a resource whose object is gone",
	Rules: []rules.ID{"READ-2"},
	Why:   `When the remote object was deleted outside Terraform, Read must drop the resource from state without an error (framework: resp.State.RemoveResource(ctx); SDK: d.SetId("") and return nil) so that the next plan re-creates it. This check follows the branch where Read has found the object missing — an HTTP 404, a codes.NotFound, an API's error code naming a missing object (apiErr.Code == "ResourceNotFound"), a not-found predicate (by name, or a helper whose summary says it tests for not-found, in any package), errors.Is with a not-found target, a "not found" message match, a nil object from a client call (unless the client's function, in any package, never answers nil without an error: every return hands back an address such as &resp.Entity, so such a nil test is defensive), a false result of an Exists helper; an error diagnostic built by a provider helper (diagutils.NotFound(...) returning diag.ErrorDiagnostic) counts as an error — and reports it when that branch returns an error, removes and then returns an error (the removal is discarded), or returns success while keeping the old state. A branch guarded by d.IsNewResource(), or one that goes on to call other code, is left alone. It also reports a Read that dereferences the object returned by a client function that answers a missing object with nil and no error (a "return nil, nil" under a 404 or !found test, known through the function's summary in any package) when nothing in the Read tests that object for nil: the provider then panics instead of removing the resource. Finally it reports a Read that, after asking the API, fails with an error text of its own saying the object is missing ("widget %s not found", "could not find queue", "no longer exists", "no proxy found for %q") — typically a search of a listing that ends without a match, in the Read or in a helper that loops over the listing and answers nil: the Read has decided the object is gone and must remove it instead. The same text returned by a helper of the package (two calls deep) counts when the Read fails with that helper's error without testing it for not-found: the helper decided the object is gone (a nil field of a GraphQL answer decoded into a local, a search without a match) and the Read turns that into a refresh error. A text that wraps another error (fmt.Errorf("...: %w", err), err.Error()) reports that error and is left alone, as is one under d.IsNewResource(). Two more shapes break READ-2 around a lookup's error: a not-found test in the lookup's error branch that reads the result of another, earlier call (the parent's response, an older err): the lookup's own missing object is never recognised; and a field of the response the lookup returned beside its error (resp.StatusCode) read on the error path without a nil test: a request that got no response returns a nil one, and the provider panics instead of reporting the error. Also left alone, in every shape: code that runs only where the resource's ID does not parse in the form the provider saves (if _, err := strconv.Atoi(d.Id()); err != nil { findByName(d.Id()) }) when Create saves the ID as a formatted number or the Read replaces the ID it resolved: an import by name, or an ID an older version saved, is resolved once, and every later refresh takes the other side.`,
	Bad: `secret, err := client.Logical().Read(path)
if err != nil {
	return diag.FromErr(err)
}
if secret == nil {
	return diag.Errorf("role %q not found", path)
}`,
	Good: `if secret == nil {
	log.Printf("[WARN] role %q not found, removing from state", path)
	d.SetId("")
	return nil
}`,
	Severity: "error",
	Since:    "v0.1.0",
	Summary:  "a resource Read whose not-found branch (HTTP 404, `codes.NotFound`, a not-found predicate by name or by its summary in any package, `errors.Is` with a not-found target, a \"not found\" message match, a nil object from a client call, a false `Exists`) returns an error, removes and then errors, or returns success keeping the old state; or that fails with its own \"not found\" error after asking the API; `d.IsNewResource()` guards are understood",
}
