// Package api is a stand-in remote client.
package api

import (
	"errors"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

type Thing struct{ Name string }

type Client struct{}

var ErrThingNotFound = errors.New("thing not found")

// Get returns an error (and the response) on a 404.
func (Client) Get(id string) (*Thing, *http.Response, error) { return &Thing{}, nil, nil }

// Lookup returns (nil, nil) when the thing does not exist, as Vault's and Consul's clients do.
func (Client) Lookup(id string) (*Thing, error) { return nil, nil }

// Create, Put and Delete make, change and delete a thing (or apply and
// reset a settings object).
func (Client) Create(name string) (*Thing, error) { return &Thing{}, nil }
func (Client) Put(id string, t Thing) error       { return nil }
func (Client) Delete(id string) error             { return nil }

// ResetToDefault puts an instance-wide setting back to its default.
func (Client) ResetToDefault(id string) error { return nil }

// Exec runs a statement and Query a query, as a SQL client does: the
// names say nothing of what they change.
func (Client) Exec(stmt string) error         { return nil }
func (Client) Query(q string) (*Thing, error) { return &Thing{}, nil }

// Decode runs a query and decodes the answer into out, as GraphQL clients
// do: a missing object is a nil field of out, not an error.
func (Client) Decode(query string, out any) error { return nil }

// List returns the things under a prefix: none, and no error, when the
// prefix is gone.
func (Client) List(prefix string) ([]Thing, *http.Response, error) { return nil, nil, nil }

// GetScopes reads a sub-collection of one object: a missing object is an error.
func (Client) GetScopes(id string) ([]Thing, error) { return nil, nil }

// Exists reports whether the thing exists.
func (Client) Exists(id string) (bool, error) { return true, nil }

type StatusError struct{ Code int }

func (e *StatusError) Error() string { return http.StatusText(e.Code) }

// Role answers a missing role with (nil, nil), as Consul's RoleRead does.
func (Client) Role(id string) (*Thing, error) {
	resp, err := http.Get("http://api/roles/" + id)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	found := resp.StatusCode != http.StatusNotFound
	if !found {
		return nil, nil
	}
	return &Thing{}, nil
}

// LookupReporting adds an error to diags when the thing does not exist.
func LookupReporting(c Client, id string, diags *diag.Diagnostics) (*Thing, error) {
	thing, err := c.Lookup(id)
	if thing == nil && err == nil {
		diags.AddError("not found", id)
	}
	return thing, err
}

type entityResponse struct{ Entity Thing }

// Entity answers the address of a field of its response: never nil
// without an error (a missing entity is an error of the API's).
func (Client) Entity(id string) (*Thing, error) {
	resp, err := http.Get("http://api/entities/" + id)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out entityResponse
	return &out.Entity, nil
}

// CodedError carries the API's error code ("ResourceNotFound").
type CodedError struct{ Code string }

func (e *CodedError) Error() string { return e.Code }
