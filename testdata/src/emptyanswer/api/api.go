// Package api is the fixtures' remote API: searches answer a missing object
// with nothing rather than an error.
package api

import "context"

type Workflow struct{ ID, Name string }

type SearchResponse struct {
	Entities []Workflow
	Total    int
}

type Filter struct{ ID string }

type Client struct{}

func (*Client) Search(ctx context.Context, f Filter) (*SearchResponse, error) { return nil, nil }
func (*Client) Find(ctx context.Context, id string) ([]Workflow, error)       { return nil, nil }
func (*Client) Regions(ctx context.Context) ([]string, error)                 { return nil, nil }
