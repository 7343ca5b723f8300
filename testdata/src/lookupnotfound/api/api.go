// Package api is a stand-in remote client with objects that live in parents.
package api

import (
	"context"
	"errors"
	"fixtures/lookupnotfound/api/nodes"
	"net/http"
)

type Thing struct{ ID, Name string }

type Client struct{}

// ErrNotFound is what the client returns for a missing object.
var ErrNotFound = errors.New("not found")

// NewClient makes a client for a region.
func NewClient(region string) (*Client, error) { return &Client{}, nil }

// ForProject makes a client scoped to a project, which it looks up: it
// fails once the project is gone.
func (*Client) ForProject(project string) (*Client, error) { return &Client{}, nil }

// GetRequest names an object by a request struct.
type GetRequest struct{ ID string }

// Nodes is the client of the nodes a machine runs on.
func (*Client) Nodes() *nodes.Client { return &nodes.Client{} }

// Parent looks up a parent (a project, an application) by a request struct.
func (*Client) Parent(ctx context.Context, req GetRequest) (*Thing, error) { return &Thing{}, nil }

// Child returns the object and the response; a 404 comes as an error.
func (*Client) Child(ctx context.Context, parent, id string) (*Thing, *http.Response, error) {
	return &Thing{}, nil, nil
}

// Children lists the objects of a parent.
func (*Client) Children(ctx context.Context, parent string) ([]Thing, error) { return nil, nil }

// Settings returns the account's settings.
func (*Client) Settings(ctx context.Context) (*Thing, error) { return &Thing{}, nil }

// Logger logs.
type Logger interface {
	Errorf(format string, args ...any)
}

// Request is a request built before it is sent.
type Request struct{ Method, Path string }

// NewRequest builds a request; it fails only on a malformed path.
func (*Client) NewRequest(method, path string) (*Request, error) { return &Request{method, path}, nil }

// Do sends a request.
func (*Client) Do(ctx context.Context, req *Request) (*Thing, *http.Response, error) {
	return &Thing{}, nil, nil
}

// Owner answers a value it allocated first: never nil without an error.
func (*Client) Owner(ctx context.Context, id string) (*Thing, *http.Response, error) {
	owner := new(Thing)
	resp, err := decode(id, owner)
	if err != nil {
		return nil, resp, err
	}
	return owner, resp, nil
}

func decode(id string, into *Thing) (*http.Response, error) { into.Name = id; return nil, nil }

// Find answers nil, without an error, when there is no such object.
func (*Client) Find(ctx context.Context, parent, id string) (*Thing, error) { return nil, nil }
